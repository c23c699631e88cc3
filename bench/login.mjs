// Login throughput and p99 with 20 concurrent clients (argon2id sets the pace), and /api/health
// p99 while logins saturate the server, against /api/health p99 on the idle server (same run).
import autocannon from 'autocannon';
import { createUser, startAtrium } from './lib.mjs';

const LOGIN_CONNECTIONS = 20;
const DURATION_S = 10;

export async function benchLogin() {
  const { base, stop } = await startAtrium({
    env: { TRUST_PROXY: 'true', SEED_DEMO: 'false' },
    before: (env) => void createUser(env, 'bench', 'a benchmark password'),
  });
  try {
    const idle = await autocannon({ url: `${base}/api/health`, connections: 1, duration: 4 });
    let n = 0;
    const login = autocannon({
      url: `${base}/api/auth`,
      connections: LOGIN_CONNECTIONS,
      duration: DURATION_S,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: 'a benchmark password' }),
      // Each request from its own address, so the per-IP login limit does not cap the benchmark.
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            headers: {
              ...req.headers,
              'x-forwarded-for': `10.${Math.floor(n / 62500) % 250}.${Math.floor(n / 250) % 250}.${n++ % 250}`,
            },
          }),
        },
      ],
    });
    await new Promise((r) => setTimeout(r, 2000));
    const busy = await autocannon({
      url: `${base}/api/health`,
      connections: 1,
      duration: DURATION_S - 4,
    });
    const loginResult = await login;
    const result = {
      loginRps: Number(loginResult.requests.average.toFixed(1)),
      loginP99Ms: loginResult.latency.p99,
      loginNon2xx: loginResult.non2xx + loginResult.errors,
      healthIdleP99Ms: idle.latency.p99,
      healthBusyP99Ms: busy.latency.p99,
    };
    console.log(
      `login: ${result.loginRps} logins/s, p99 ${result.loginP99Ms} ms with ${LOGIN_CONNECTIONS} clients (${result.loginNon2xx} non-2xx); ` +
        `/api/health p99 ${result.healthBusyP99Ms} ms while saturated vs ${result.healthIdleP99Ms} ms idle; target < 50 ms`,
    );
    return result;
  } finally {
    await stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLogin();

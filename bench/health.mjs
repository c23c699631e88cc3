// Throughput of Atrium's /api/health against a bare Fastify route returning the same JSON, each in
// its own process, measured one after the other with the same autocannon settings.
import autocannon from 'autocannon';
import { freePort, median, startAtrium, startServer } from './lib.mjs';

const ROUNDS = 6;
const ROUND_S = 4;
const CONNECTIONS = 16;

const bareFastify = `
const app = require('fastify')();
app.get('/api/health', async () => ({ status: true, data: { uptime: Math.round(process.uptime()), version: '0.1.0' } }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

async function round(url, duration) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  return {
    rps: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * Both servers run side by side (idle while the other is loaded); rounds alternate so that
 * machine noise hits both alike. The figure is the median over rounds.
 */
export async function benchHealth() {
  const ours = await startAtrium();
  const barePort = await freePort();
  const atriumUrl = `${ours.base}/api/health`;
  const bareUrl = `http://127.0.0.1:${barePort}/api/health`;
  const stops = [
    ours.stop,
    await startServer(['-e', bareFastify], { PORT: String(barePort) }, bareUrl),
  ];
  try {
    await round(atriumUrl, 2);
    await round(bareUrl, 2);
    const atrium = [];
    const bare = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      atrium.push(await round(atriumUrl, ROUND_S));
      bare.push(await round(bareUrl, ROUND_S));
    }
    const summary = (rounds) => ({
      rps: Math.round(median(rounds.map((r) => r.rps))),
      p99Ms: median(rounds.map((r) => r.p99Ms)),
      errors: rounds.reduce((n, r) => n + r.errors, 0),
    });
    const a = summary(atrium);
    const b = summary(bare);
    const ratio = Number((a.rps / b.rps).toFixed(2));
    console.log(
      `health: Atrium ${a.rps} req/s (p99 ${a.p99Ms} ms, ${a.errors} errors), bare Fastify ${b.rps} req/s (p99 ${b.p99Ms} ms), ` +
        `ratio ${ratio}; target >= 0.8 (median of ${ROUNDS} interleaved ${ROUND_S} s rounds, ${CONNECTIONS} connections)`,
    );
    return { atrium: a, bare: b, ratio };
  } finally {
    for (const stop of stops) await stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchHealth();

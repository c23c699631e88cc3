// Issue 29's admin console: (1) the people list with 10,000 accounts, searched by name: p99 and
// median of the server's own time (Server-Timing) for `GET /api/admin/people?q=…`, with
// `/api/health` from the same run as the baseline, the calls alternating; (2) a roster import of
// 1,000 rows: total time, and `/api/health`'s round trip p99 while it runs against the same
// figure with the server idle. Runs on PostgreSQL when TEST_DATABASE_URL is set (a scratch
// database), else on PGlite.
import path from 'node:path';
import {
  createUser,
  median,
  percentile,
  scratchPostgres,
  startAtrium,
  signIn,
  timeHealth,
} from './lib.mjs';

const PEOPLE = 10_000;
const ROSTER = 1000;
const WARMUP = 20;
const CALLS = 300;
const PASSWORD = 'a benchmark password';

const round = (ms) => Number(ms.toFixed(2));
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p99Ms: round(percentile(sorted, 0.99)),
    medianMs: round(median(sorted)),
    n: times.length,
  };
};

/** Runs SQL on the campus's database while no server holds it (PGlite takes one process). */
async function runSql(target, text) {
  if (target.url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
    return;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(path.join(target.dataDir, 'db'));
  try {
    await client.exec(text);
  } finally {
    await client.close();
  }
}

/** One search of the people list; the server's own time. */
async function timeSearch(base, token, q) {
  const res = await fetch(`${base}/api/admin/people?q=${q}&sort=username&page_size=25`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await res.json();
  if (res.status !== 200 || body.data.total < 1) {
    throw new Error(`search ${q} answered ${res.status} with ${body.data?.total} people`);
  }
  const serverMs = Number(/app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1]);
  if (!Number.isFinite(serverMs)) throw new Error('the answer has no Server-Timing header');
  return serverMs;
}

/** Imports `count` rows; resolves with the total time and the last line. */
async function importRoster(base, token, count) {
  const rows = Array.from({ length: count }, (_, i) => ({
    username: `roster${String(i).padStart(4, '0')}`,
    email: `roster${i}@bench.test`,
    role: 'member',
    class: 'Bench',
  }));
  const start = performance.now();
  const res = await fetch(`${base}/api/admin/roster/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ rows }),
  });
  const lines = (await res.text()).trim().split('\n');
  const ms = performance.now() - start;
  const last = JSON.parse(lines.at(-1));
  if (last.status !== true || last.created !== count) {
    throw new Error(`import answered ${res.status}: ${lines.at(-1)}`);
  }
  return { ms, progressLines: lines.length - 1 };
}

export async function benchAdmin() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const postgres = adminUrl ? await scratchPostgres(adminUrl) : undefined;
  let stop;
  try {
    const app = await startAtrium({
      name: 'atrium-bench-admin-',
      env: { SEED_DEMO: 'false', ...(postgres ? { DATABASE_URL: postgres.url } : {}) },
      before: async (env) => {
        createUser(env, 'bench-admin', PASSWORD);
        await runSql(
          { url: postgres?.url, dataDir: env.DATA_DIR },
          `update users set role = 'admin' where username = 'bench-admin';
           insert into users (username, email, status, last_seen)
           select 'pupil' || lpad(i::text, 5, '0'), 'pupil' || i || '@school.bench', 1,
                  timestamptz '2026-01-01' + i * interval '1 minute'
           from generate_series(1, ${PEOPLE}) as i;`,
        );
      },
    });
    stop = app.stop;
    const { base } = app;
    const token = await signIn(base, 'bench-admin', PASSWORD);
    // Searches of three digits match ten people each (pupil001 → pupil00010…pupil00019).
    const query = (i) => `pupil${String(i % 1000).padStart(3, '0')}`;
    for (let i = 0; i < WARMUP; i += 1) {
      await timeSearch(base, token, query(i + 1));
      await timeHealth(base);
    }
    const search = [];
    const health = [];
    for (let i = 0; i < CALLS; i += 1) {
      search.push(await timeSearch(base, token, query(((i * 37) % 999) + 1)));
      health.push(await timeHealth(base));
    }

    // The import, with /api/health asked back to back while it runs.
    const during = [];
    let importing = true;
    const poll = (async () => {
      while (importing) during.push(await timeHealth(base));
    })();
    const roster = await importRoster(base, token, ROSTER);
    importing = false;
    await poll;

    const result = {
      database: postgres ? 'postgres' : 'pglite',
      people: PEOPLE,
      searchServer: summary(search),
      health: summary(health),
      rosterRows: ROSTER,
      rosterMs: Math.round(roster.ms),
      rosterProgressLines: roster.progressLines,
      healthDuringImport: summary(during),
    };
    console.log(
      `[admin] people list of ${PEOPLE}, search by name, server time: p99 ${result.searchServer.p99Ms} ms ` +
        `(median ${result.searchServer.medianMs} ms; target ≤ 20 ms); /api/health round trip p99 ` +
        `${result.health.p99Ms} ms; roster import of ${ROSTER} rows: ${result.rosterMs} ms, ` +
        `/api/health p99 during it ${result.healthDuringImport.p99Ms} ms over ${during.length} calls ` +
        `(target < 50 ms) against ${result.health.p99Ms} ms idle (${result.database})`,
    );
    return result;
  } finally {
    await stop?.();
    await postgres?.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchAdmin(), null, 2));
}

// Album list with 1,000 screenshots: p99 and median of `POST /api/screenshot/list` over HTTP
// against the built server, with two baselines from the same run and server: the same call for a
// user with 1 screenshot, and `/api/health`. The calls alternate, so drift hits all three alike.
// Runs on PostgreSQL when TEST_DATABASE_URL is set (in a scratch database), else on PGlite.
import path from 'node:path';
import { createUser, median, scratchPostgres, startAtrium, signIn, timeHealth } from './lib.mjs';

const ROWS = 1000;
const WARMUP = 20;
const CALLS = 250;
const PASSWORD = 'a benchmark password';

/** The p-th percentile (0–100) of sorted values, nearest rank. */
const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((sorted.length * p) / 100) - 1)];
const round = (ms) => Number(ms.toFixed(2));

/**
 * Inserts `count` screenshot rows for a user in one statement, one second apart so "newest first"
 * has no ties. Runs while the server is stopped: PGlite's data directory takes one process.
 */
async function insertScreenshots(target, userId, count) {
  const sql = `insert into screenshots
      (user_id, screenshot_title, place_id, image, image_thumb, width, height, bytes, created_at)
    select $1::uuid, 'Shot ' || i, 'campus:plaza',
      format('00000000-0000-4000-8000-%s.png', lpad(i::text, 12, '0')),
      format('00000000-0000-4000-8000-%s_thumb.webp', lpad(i::text, 12, '0')),
      1920, 1080, 1000, timestamptz '2026-01-01 00:00:00+00' + i * interval '1 second'
    from generate_series(0, $2::int - 1) as i`;
  if (target.url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      await client.query(sql, [userId, count]);
    } finally {
      await client.end();
    }
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = new PGlite(path.join(target.dataDir, 'db'));
    try {
      await client.query(sql, [userId, count]);
    } finally {
      await client.close();
    }
  }
}

/** Lists a user's album and checks the answer; resolves with the milliseconds it took. */
async function timeList(base, token, expected) {
  const start = performance.now();
  const res = await fetch(`${base}/api/screenshot/list`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  // The clock stops when the last byte has arrived; decoding the answer is the client's cost.
  const bytes = await res.arrayBuffer();
  const ms = performance.now() - start;
  const body = JSON.parse(new TextDecoder().decode(bytes));
  if (res.status !== 200 || body.screenshots?.length !== expected) {
    throw new Error(`list answered ${res.status} with ${body.screenshots?.length} screenshots`);
  }
  // The server's own time for the answer (Server-Timing: app;dur=…).
  const serverMs = Number(/app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1]);
  if (!Number.isFinite(serverMs)) throw new Error('the answer has no Server-Timing header');
  return { ms, serverMs, first: body.screenshots[0]?._id };
}

/** Renames a screenshot (title only), so the next list must be rebuilt. */
async function rename(base, token, id, title) {
  const res = await fetch(`${base}/api/screenshot/update`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ screenshot_id: id, screenshot_title: title }),
  });
  if (res.status !== 200) throw new Error(`update answered ${res.status}`);
  await res.arrayBuffer();
}

const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p99Ms: round(percentile(sorted, 99)), medianMs: round(median(sorted)) };
};

export async function benchAlbumList() {
  // A scratch PostgreSQL database next to TEST_DATABASE_URL's, or PGlite without it.
  const adminUrl = process.env.TEST_DATABASE_URL;
  const postgres = adminUrl ? await scratchPostgres(adminUrl) : undefined;
  let stop;
  try {
    const app = await startAtrium({
      name: 'atrium-bench-album-',
      env: { SEED_DEMO: 'false', ...(postgres ? { DATABASE_URL: postgres.url } : {}) },
      // The accounts and their rows, before the server holds the database.
      before: async (env) => {
        const manyId = createUser(env, 'bench-album', PASSWORD);
        const oneId = createUser(env, 'bench-single', PASSWORD);
        await insertScreenshots({ url: postgres?.url, dataDir: env.DATA_DIR }, manyId, ROWS);
        await insertScreenshots({ url: postgres?.url, dataDir: env.DATA_DIR }, oneId, 1);
      },
    });
    stop = app.stop;
    const { base } = app;
    const many = await signIn(base, 'bench-album', PASSWORD);
    const one = await signIn(base, 'bench-single', PASSWORD);

    for (let i = 0; i < WARMUP; i += 1) {
      await timeList(base, many, ROWS);
      await timeList(base, one, 1);
      await timeHealth(base);
    }
    const times = {
      many: [],
      manyServer: [],
      changedServer: [],
      one: [],
      oneServer: [],
      health: [],
    };
    const firstId = (await timeList(base, many, ROWS)).first;
    for (let i = 0; i < CALLS; i += 1) {
      // After a change the answer is built again from the database.
      await rename(base, many, firstId, `Bench ${i}`);
      times.changedServer.push((await timeList(base, many, ROWS)).serverMs);
      const a = await timeList(base, many, ROWS);
      times.many.push(a.ms);
      times.manyServer.push(a.serverMs);
      const b = await timeList(base, one, 1);
      times.one.push(b.ms);
      times.oneServer.push(b.serverMs);
      times.health.push(await timeHealth(base));
    }
    const result = {
      database: postgres ? 'postgres' : 'pglite',
      calls: CALLS,
      list1000Server: summary(times.manyServer),
      list1000ChangedServer: summary(times.changedServer),
      list1000: summary(times.many),
      list1Server: summary(times.oneServer),
      list1: summary(times.one),
      health: summary(times.health),
    };
    console.log(
      `[album-list] ${ROWS} screenshots on the server: p99 ${result.list1000Server.p99Ms} ms, ` +
        `median ${result.list1000Server.medianMs} ms (client round trip p99 ${result.list1000.p99Ms} ms); ` +
        `just after a change (answer rebuilt): p99 ${result.list1000ChangedServer.p99Ms} ms, ` +
        `median ${result.list1000ChangedServer.medianMs} ms; ` +
        `baseline 1 screenshot on the server: p99 ${result.list1Server.p99Ms} ms ` +
        `(round trip ${result.list1.p99Ms} ms); /api/health round trip p99 ${result.health.p99Ms} ms ` +
        `(${result.database}, ${CALLS} calls each; target p99 ≤ 20 ms on the server)`,
    );
    return result;
  } finally {
    await stop?.();
    await postgres?.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchAlbumList(), null, 2));
}

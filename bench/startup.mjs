// Time from `npm start` (dependencies installed, build done) to /api/ready answering 200 on PGlite,
// against a baseline from the same run: a bare Node HTTP server answering its first request.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, median, timeUntilReady } from './lib.mjs';

const RUNS = 3;
const bareServer = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;

export async function benchStartup() {
  const first = [];
  const warm = [];
  const bare = [];
  for (let i = 0; i < RUNS; i += 1) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-bench-'));
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', HOST: '127.0.0.1' };
    let port = await freePort();
    first.push(
      await timeUntilReady(
        ['scripts/start.mjs'],
        { ...env, PORT: String(port) },
        `http://127.0.0.1:${port}/api/ready`,
      ),
    );
    port = await freePort();
    warm.push(
      await timeUntilReady(
        ['scripts/start.mjs'],
        { ...env, PORT: String(port) },
        `http://127.0.0.1:${port}/api/ready`,
      ),
    );
    port = await freePort();
    bare.push(
      await timeUntilReady(['-e', bareServer], { PORT: String(port) }, `http://127.0.0.1:${port}/`),
    );
    await rm(dataDir, { recursive: true, force: true });
  }
  const result = {
    firstStartMs: Math.round(median(first)),
    warmStartMs: Math.round(median(warm)),
    bareNodeMs: Math.round(median(bare)),
  };
  console.log(
    `startup: first start (migrate + seed) ${result.firstStartMs} ms, later start ${result.warmStartMs} ms, ` +
      `bare node server ${result.bareNodeMs} ms (median of ${RUNS}); target < 10000 ms`,
  );
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStartup();

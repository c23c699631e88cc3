#!/usr/bin/env node
// `npm run bench`: runs every benchmark and rewrites docs/benchmarks.md with the figures.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchHealth } from './health.mjs';
import { benchLogin } from './login.mjs';
import { root } from './lib.mjs';
import { benchStartup } from './startup.mjs';
import { benchWorld } from './world.mjs';

const startup = await benchStartup();
const health = await benchHealth();
const login = await benchLogin();
const world = await benchWorld();

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const doc = `# Benchmarks

Latest figures, written by \`npm run bench\` (which builds first, then runs \`tsx bench/run.mjs\`)
on ${new Date().toISOString().slice(0, 10)}, ${machine}. These machines are noisy: compare the
ratio to the baseline measured in the same run, not absolute times.

## Foundation

| Benchmark | Figure | Baseline (same run) | Target |
| --- | --- | --- | --- |
| \`npm start\` → \`/api/ready\` 200, PGlite, first start (migrate + seed) | ${startup.firstStartMs} ms | bare Node HTTP server: ${startup.bareNodeMs} ms | < 10000 ms |
| \`npm start\` → \`/api/ready\` 200, PGlite, later start | ${startup.warmStartMs} ms | bare Node HTTP server: ${startup.bareNodeMs} ms | < 10000 ms |
| \`/api/health\` throughput | ${health.atrium.rps} req/s (p99 ${health.atrium.p99Ms} ms) | bare Fastify route: ${health.bare.rps} req/s (p99 ${health.bare.p99Ms} ms) | ratio ≥ 0.8: **${health.ratio}** |

## Accounts

| Benchmark | Figure | Baseline (same run) | Target |
| --- | --- | --- | --- |
| Login throughput, 20 concurrent clients | ${login.loginRps} logins/s, p99 ${login.loginP99Ms} ms (${login.loginNon2xx} non-2xx) | (argon2id, 19 MiB, t=2, p=1 sets the pace) | report |
| \`/api/health\` p99 while logins are saturated | ${login.healthBusyP99Ms} ms | idle server: ${login.healthIdleP99Ms} ms | < 50 ms |

## World (live avatars, server side)

| Benchmark | Figure | Baseline (same run) | Target |
| --- | --- | --- | --- |
| Server CPU, 200 avatars in one instance at 15 Hz | ${world.twoHundred.serverCpuCores} cores | idle server: ${world.idleCpu} cores | ≤ 0.5 of one core |
| p95 delay from a move to another client seeing it, 200 avatars | ${world.twoHundred.p95DelayMs} ms | 50 avatars: ${world.fifty.p95DelayMs} ms | ≤ 100 ms |
| Bytes a client receives with 50 avatars visible | ${world.fifty.bytesPerClientPerS} B/s | | ≤ 8192 B/s |

Method:
- World (\`bench/world.mjs\`): socket.io clients in the bench process (on the same two cores as the server),
  each a guest joining \`campus\` and walking a 2 m circle on the plaza at 15 Hz; 2 s warm-up, 8 s measured.
  CPU from \`/proc/<pid>/stat\` of the server process. Delay: from a client emitting a move to an observer
  decoding that position in a snapshot (10 observers). Bytes: every engine.io frame an observer receives.
  Snapshots are binary (\`encodeSnapshot\`, 8 bytes an avatar); names travel once, on join.
- Login (\`bench/login.mjs\`): autocannon, 20 connections for 10 s against \`POST /api/auth\` (each request from
  its own \`X-Forwarded-For\` address, \`TRUST_PROXY=true\`, so the per-IP limit does not apply); during it, one
  connection measures \`/api/health\` for 6 s. At most cores − 1 argon2 jobs run at once, so one core stays with
  the event loop.
- Startup (\`bench/startup.mjs\`): \`node scripts/start.mjs\` with dependencies installed and the build
  current, on a fresh \`DATA_DIR\`, timed until \`/api/ready\` answers 200; median of 3. Baseline: the
  same measurement of a bare \`node:http\` server.
- Throughput (\`bench/health.mjs\`): autocannon, 16 connections, 6 interleaved rounds of 4 s against
  each server running side by side; medians. Baseline: a bare Fastify 5 route returning the same JSON.
`;
await writeFile(path.join(root, 'docs/benchmarks.md'), doc);
console.log('wrote docs/benchmarks.md');

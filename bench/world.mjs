// Live avatars: N socket.io clients in one world instance, each moving at 15 Hz.
// Prints server CPU (fraction of one core), p95 delay from a move to another client seeing it,
// and bytes per second a client receives; baseline: the same server idle, measured in this run.
import { readFileSync } from 'node:fs';
import { decodeSnapshot } from '@atrium/protocol';
import { joinBot, scratchPostgres, startAtrium } from './lib.mjs';

const SEND_HZ = 15;
const TICKS_PER_S = 100; // Linux USER_HZ for /proc/<pid>/stat

function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime
}

/** The CPU ticks of each of `pids`. */
const ticksOf = (pids) => pids.map(cpuTicks);

async function scenario(base, pid, count, seconds) {
  const sockets = [];
  for (let i = 0; i < count; i += 1) {
    const socket = await joinBot(base);
    sockets.push(socket);
  }
  // Each avatar circles its own spot on the open plaza, 2 m/s, well inside the walls.
  const sent = new Map(); // avatar index -> Map(x in cm -> sentAt)
  const delays = [];
  let bytes = 0;
  const observers = sockets.slice(0, Math.min(10, count));
  for (const o of observers) {
    // Every frame the client receives, as engine.io hands it over: what the network carries.
    o.io.engine.on('data', (data) => {
      bytes += typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    });
    o.on('world:snapshot', (payload) => {
      const now = performance.now();
      for (const a of decodeSnapshot(payload)?.avatars ?? []) {
        // Middle and far avatars come coarse (10 cm): their x would match an older move.
        if (a.coarse) continue;
        const at = sent.get(a.index)?.get(Math.round(a.x * 100));
        if (at !== undefined) delays.push(now - at);
      }
    });
  }
  const timers = sockets.map((socket, i) => {
    const cx = -12 + (i % 9) * 3;
    const cz = 8 + Math.floor(i / 9) * 1.0;
    let angle = (i * 0.7) % (2 * Math.PI);
    const mine = new Map();
    sent.set(socket.avatarIndex, mine);
    return setInterval(() => {
      angle += 2 / SEND_HZ / 2; // 2 m/s on a 2 m radius circle
      const move = {
        x: cx + 2 * Math.cos(angle),
        y: 0,
        z: cz + 2 * Math.sin(angle),
        ry: angle,
        anim: 'walk',
      };
      mine.set(Math.round(move.x * 100), performance.now());
      if (mine.size > 64) mine.delete(mine.keys().next().value);
      socket.emit('world:move', move);
    }, 1000 / SEND_HZ);
  });
  await new Promise((r) => setTimeout(r, 2000)); // warm-up
  delays.length = 0;
  bytes = 0;
  const cpuBefore = cpuTicks(pid);
  const started = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const elapsedS = (performance.now() - started) / 1000;
  const cpu = (cpuTicks(pid) - cpuBefore) / TICKS_PER_S / elapsedS;
  timers.forEach(clearInterval);
  sockets.forEach((s) => s.disconnect());
  delays.sort((a, b) => a - b);
  return {
    avatars: count,
    serverCpuCores: Number(cpu.toFixed(2)),
    p95DelayMs: Math.round(delays[Math.floor(delays.length * 0.95)] ?? NaN),
    bytesPerClientPerS: Math.round(bytes / observers.length / elapsedS),
  };
}

export async function benchWorld() {
  const {
    base,
    pid: spawnedPid,
    stop,
  } = await startAtrium({ env: { SEED_DEMO: 'false', WORLD_INSTANCE_CAPACITY: '250' } });
  try {
    const cpuBefore = cpuTicks(spawnedPid);
    await new Promise((r) => setTimeout(r, 3000));
    const idleCpu = (cpuTicks(spawnedPid) - cpuBefore) / TICKS_PER_S / 3;
    const fifty = await scenario(base, spawnedPid, 50, 8);
    const twoHundred = await scenario(base, spawnedPid, 200, 8);
    console.log(
      `world: 200 avatars at ${SEND_HZ} Hz: server CPU ${twoHundred.serverCpuCores} cores (idle ${idleCpu.toFixed(2)}; target <= 0.5), ` +
        `p95 delay ${twoHundred.p95DelayMs} ms (target <= 100); 50 avatars visible: ${fifty.bytesPerClientPerS} B/s per client ` +
        `(target <= 8192), p95 ${fifty.p95DelayMs} ms, CPU ${fifty.serverCpuCores}`,
    );
    return { idleCpu: Number(idleCpu.toFixed(2)), fifty, twoHundred };
  } finally {
    await stop();
  }
}

/**
 * Issue 30: a crowd in one instance (`WORLD_BENCH_CROWD=1000 node bench/world.mjs`). `senders` of
 * them walk 1 m circles round where they arrived, at 15 Hz; the rest only listen (two cores cannot
 * run the server and 1,000 sending clients at once; `WORLD_BENCH_SENDERS` sets how many send).
 * Ten listeners measure what a client receives and, for senders within 30 m of them (the near
 * tier), the delay from a move to seeing it. `lagMs` is the bench process's own timer lag: when it
 * is large, the clients could not keep up and the delays include their wait.
 */
async function crowdScenario(bases, pids, count, senders, seconds) {
  const sockets = [];
  // With two processes the bots alternate between them, so senders and listeners are on both.
  for (let i = 0; i < count; i += 20) {
    const batch = Math.min(20, count - i);
    const joins = Array.from({ length: batch }, (_, k) => joinBot(bases[(i + k) % bases.length]));
    sockets.push(...(await Promise.all(joins)));
  }
  const moving = sockets.slice(0, senders);
  const listening = sockets.slice(senders);
  const observers = (listening.length >= 10 ? listening : sockets).slice(0, 10);
  const sent = new Map(); // avatar index -> Map(x in cm -> sentAt)
  const spot = new Map(sockets.map((s) => [s.avatarIndex, s.avatar]));
  const delays = [];
  const perObserver = observers.map(() => 0);
  observers.forEach((o, k) => {
    o.io.engine.on('data', (data) => {
      perObserver[k] += typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    });
    o.on('world:snapshot', (payload) => {
      const now = performance.now();
      for (const a of decodeSnapshot(payload)?.avatars ?? []) {
        // Middle and far avatars come coarse (10 cm): their x would match an older move.
        const from = spot.get(a.index);
        if (a.coarse || !from || Math.hypot(from.x - o.avatar.x, from.z - o.avatar.z) > 30)
          continue;
        const at = sent.get(a.index)?.get(Math.round(a.x * 100));
        if (at !== undefined) delays.push(now - at);
      }
    });
  });
  let lagMs = 0;
  let lagSamples = 0;
  const timers = moving.map((socket, i) => {
    const { x: cx, z: cz } = socket.avatar;
    let angle = 0;
    const mine = new Map();
    sent.set(socket.avatarIndex, mine);
    let due = performance.now() + (i % 67);
    return setTimeout(function tick() {
      const now = performance.now();
      lagMs += Math.max(0, now - due);
      lagSamples += 1;
      due += 1000 / SEND_HZ;
      angle += 2 / SEND_HZ; // 2 m/s on a 1 m circle
      const move = {
        x: cx + Math.sin(angle),
        y: 0,
        z: cz + 1 - Math.cos(angle),
        ry: angle,
        anim: 'walk',
      };
      mine.set(Math.round(move.x * 100), now);
      if (mine.size > 64) mine.delete(mine.keys().next().value);
      socket.emit('world:move', move);
      timers[i] = setTimeout(tick, Math.max(0, due - performance.now()));
    }, i % 67);
  });
  await new Promise((r) => setTimeout(r, 3000)); // warm-up
  delays.length = 0;
  perObserver.fill(0);
  lagMs = 0;
  lagSamples = 0;
  const cpuBefore = ticksOf(pids);
  const started = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const elapsedS = (performance.now() - started) / 1000;
  const each = ticksOf(pids).map((t, k) => (t - cpuBefore[k]) / TICKS_PER_S / elapsedS);
  const cpu = each.reduce((a, b) => a + b, 0);
  timers.forEach(clearTimeout);
  sockets.forEach((s) => s.disconnect());
  delays.sort((a, b) => a - b);
  const rates = perObserver.map((b) => b / elapsedS);
  return {
    avatars: count,
    senders,
    serverCpuCores: Number(cpu.toFixed(2)),
    perProcessCores: each.map((c) => Number(c.toFixed(2))),
    p95NearDelayMs: Math.round(delays[Math.floor(delays.length * 0.95)] ?? NaN),
    nearSamples: delays.length,
    bytesPerClientPerS: Math.round(rates.reduce((a, b) => a + b, 0) / rates.length),
    maxBytesPerClientPerS: Math.round(Math.max(...rates)),
    benchLagMs: Number((lagMs / Math.max(lagSamples, 1)).toFixed(1)),
  };
}

export async function benchWorldCrowd(count = 1000, senders = count) {
  const { base, pid, stop } = await startAtrium({
    env: {
      SEED_DEMO: 'false',
      WORLD_INSTANCE_CAPACITY: String(count + 100),
    },
    // A V8 CPU profile of the server, written when it stops (`WORLD_BENCH_PROFILE=/tmp/prof`).
    nodeArgs: process.env.WORLD_BENCH_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.WORLD_BENCH_PROFILE}`]
      : [],
  });
  try {
    // The first seconds after ready still do start-up work (0.6 of a core measured at once).
    await new Promise((r) => setTimeout(r, 5000));
    const cpuBefore = cpuTicks(pid);
    await new Promise((r) => setTimeout(r, 3000));
    const idleCpu = Number(((cpuTicks(pid) - cpuBefore) / TICKS_PER_S / 3).toFixed(2));
    const twoHundred = await crowdScenario([base], [pid], 200, 200, 8);
    const crowd = await crowdScenario([base], [pid], count, senders, 8);
    console.log(`world crowd: idle server ${idleCpu} cores`);
    console.log(`world crowd: ${line(twoHundred)}`);
    console.log(`world crowd: ${line(crowd)}`);
    return { idleCpu, twoHundred, crowd };
  } finally {
    await stop();
  }
}

const line = (r) =>
  `${r.avatars} avatars (${r.senders} sending at ${SEND_HZ} Hz): server CPU ${r.serverCpuCores} cores` +
  `${r.perProcessCores.length > 1 ? ` (${r.perProcessCores.join(' + ')})` : ''}, ` +
  `p95 near delay ${r.p95NearDelayMs} ms (${r.nearSamples} samples), a client receives ` +
  `${r.bytesPerClientPerS} B/s (max ${r.maxBytesPerClientPerS}), bench timer lag ${r.benchLagMs} ms`;

/**
 * Issue 30: the crowd on two server processes, half its visitors on each, in one instance
 * (`WORLD_BENCH_CROWD=1000 WORLD_BENCH_PROCESSES=2`): they share a scratch PostgreSQL database
 * (`TEST_DATABASE_URL`'s server) and Redis (`TEST_REDIS_URL`), as a campus behind a load balancer
 * does. The same two-process run first takes 200 avatars, all sending, as the baseline.
 */
export async function benchWorldCrowdTwo(count = 1000, senders = count) {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const database = await scratchPostgres(adminUrl);
  const servers = [];
  try {
    for (const name of ['a', 'b']) {
      // One after the other: the first one migrates the fresh database.
      servers.push(
        await startAtrium({
          name: `atrium-bench-crowd-${name}-`,
          env: {
            SEED_DEMO: 'false',
            DATABASE_URL: database.url,
            REDIS_URL: redisUrl,
            REDIS_CHANNEL: `atrium-bench-${database.url.split('/').pop()}`,
            JWT_SECRET: 'bench-world-crowd-secret-0123456789abcdef',
            WORLD_INSTANCE_CAPACITY: String(count + 100),
          },
        }),
      );
    }
    const bases = servers.map((s) => s.base);
    const pids = servers.map((s) => s.pid);
    await new Promise((r) => setTimeout(r, 5000));
    const cpuBefore = ticksOf(pids);
    await new Promise((r) => setTimeout(r, 3000));
    const idle = ticksOf(pids).map((t, k) => (t - cpuBefore[k]) / TICKS_PER_S / 3);
    const twoHundred = await crowdScenario(bases, pids, 200, 200, 8);
    const crowd = await crowdScenario(bases, pids, count, senders, 8);
    const idleCpu = idle.map((c) => c.toFixed(2)).join(' + ');
    console.log(`world crowd, two processes: idle servers ${idleCpu} cores`);
    console.log(`world crowd, two processes: ${line(twoHundred)}`);
    console.log(`world crowd, two processes: ${line(crowd)}`);
    return { idle, twoHundred, crowd };
  } finally {
    for (const server of servers) await server.stop();
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.env.WORLD_BENCH_CROWD) {
    const count = Number(process.env.WORLD_BENCH_CROWD);
    const senders = Number(process.env.WORLD_BENCH_SENDERS ?? count);
    if (process.env.WORLD_BENCH_PROCESSES === '2') await benchWorldCrowdTwo(count, senders);
    else await benchWorldCrowd(count, senders);
  } else {
    await benchWorld();
  }
}

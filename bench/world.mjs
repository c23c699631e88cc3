// Live avatars: N socket.io clients in one world instance, each moving at 15 Hz.
// Prints server CPU (fraction of one core), p95 delay from a move to another client seeing it,
// and bytes per second a client receives; baseline: the same server idle, measured in this run.
import { readFileSync } from 'node:fs';
import { decodeSnapshot } from '@atrium/protocol';
import { joinBot, startAtrium } from './lib.mjs';

const SEND_HZ = 15;
const TICKS_PER_S = 100; // Linux USER_HZ for /proc/<pid>/stat

function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime
}

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

if (import.meta.url === `file://${process.argv[1]}`) await benchWorld();

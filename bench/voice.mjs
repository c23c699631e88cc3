// Proximity voice in the world (issue 30 §2) on the server's own private Janus: "50 speakers in
// one world instance, listeners spread over the plaza: the most voices any listener receives,
// server and Janus CPU, and the time from walking into range to hearing someone."
//
// One built Atrium process on a scratch PostgreSQL (members can speak, guests cannot); the server
// starts its private Janus under its DATA_DIR. SPEAKERS members (socket.io clients) enter the
// campus plaza and walk (4.8 m/s, 10 Hz) to spots chosen so that the listeners' neighbourhoods
// differ: a dense crowd (more than 10 others within 15 m), a ring, and scattered people with a
// few or none within range. Each publishes a real microphone through a libwebrtc peer in Node
// (@roamhq/wrtc: an RTCAudioSource fed 10 ms frames of a 440 Hz tone, 48 kHz mono) and answers
// every `voice:offer` on one receiving connection, as the page does: every speaker listens too.
// They run in child processes (VOICE_BENCH_PROCESSES, 2), so that their encoders and decoders do
// not share libwebrtc's threads with the measured walker, and use both cores. Figures:
//   - voices per listener: the streams of each one's last answered `voice:offer` (the server caps
//     them at VoiceConstants.maxStreams), against the rule's count from the positions, and how
//     many of them deliver audio over the window (getStats: at least half of 50 packets a second);
//   - CPU (fraction of one core, /proc utime + stime) of the server and of its Janus over the
//     window; baseline: the same processes idle, measured first, with nobody connected;
//   - walk into range: one more member, > 25 m from everyone, walks straight at a lone speaker;
//     from the move that brings them within 15 m to the first inbound audio packet on their
//     receiving connection (getStats every 20 ms), over WALKS walks; baseline: a single call
//     join, the same person standing 2.5 m from the speaker: voice:join to first audio packet
//     (a fresh connection each time), over JOINS joins.
// `npx tsx bench/voice.mjs` after `npm run build -w @atrium/server` (PostgreSQL at
// TEST_DATABASE_URL, as bench/lastn.mjs); VOICE_BENCH_SPEAKERS (24, see below), VOICE_BENCH_LISTENERS
// (how many of them also listen; all by default), VOICE_BENCH_WALKS
// and VOICE_BENCH_JOINS (10) change the counts, VOICE_BENCH_DEBUG=1 shows progress. @roamhq/wrtc
// 0.10 may crash at exit once an audio source has been used: every process ends with process.exit.
import { fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CAMPUS_LAYOUT,
  isSegmentWalkable,
  VoiceConstants,
  voiceAreaAt,
  WorldConstants,
} from '@atrium/protocol';
import { AccessTokens } from '../apps/server/src/security/access-tokens.ts';
import {
  connectSocket,
  handshake,
  insertUsers,
  median,
  percentile,
  root,
  scratchPostgres,
  startAtrium,
} from './lib.mjs';

const require = createRequire(path.join(root, 'apps/server/package.json'));
const wrtc = require('@roamhq/wrtc');

/**
 * Issue 30 asks for 50, which a 2-core machine does not hold when every speaker listens too: the
 * bench's libwebrtc then encodes 50 voices and decodes ~360 (about 0.02 and 0.005 of a core
 * each), beside Janus forwarding them. With 50, publishers stopped connecting past ~40; with 30,
 * most voices arrived at a fraction of their 50 packets a second; 24 holds. 50 with 12 listening
 * (VOICE_BENCH_LISTENERS=12) runs, the receivers starved of CPU (docs/benchmarks.md).
 */
const FULL = 50;
const SPEAKERS = Number(process.env.VOICE_BENCH_SPEAKERS ?? 24);
/**
 * How many of the speakers also listen (VOICE_BENCH_LISTENERS, all by default), spread over the
 * spots: the others publish only and leave the server's offers unanswered, so 50 speakers fit when
 * only some of them decode (each listener decodes up to 10 voices).
 */
const LISTENERS = Math.min(SPEAKERS, Number(process.env.VOICE_BENCH_LISTENERS ?? SPEAKERS));
const LISTEN_EVERY = Math.max(1, Math.floor(SPEAKERS / LISTENERS));
/** Whether speaker `i` listens: every LISTEN_EVERY-th, so listeners stand in every kind of spot. */
const listens = (i) => i % LISTEN_EVERY === 0 && i / LISTEN_EVERY < LISTENERS;
/** Child processes the speakers run in. */
const PROCESSES = Number(process.env.VOICE_BENCH_PROCESSES ?? 2);
const WALKS = Number(process.env.VOICE_BENCH_WALKS ?? 10);
const JOINS = Number(process.env.VOICE_BENCH_JOINS ?? 10);
const IDLE_S = 4;
const WINDOW_S = 10;
const SETTLE_MS = 3_000;
/** Walking: 0.48 m every 100 ms, under 5 m/s at 10 Hz (the server refuses above 9 m/s). */
const STEP_M = 0.48;
const STEP_MS = 100;
const TICKS_PER_S = 100; // Linux USER_HZ for /proc/<pid>/stat
const JWT_SECRET = 'bench-voice-secret-0123456789abcdef0123456789abcdef';
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MAIN = path.join(root, 'apps/server/dist/main.mjs');
const RANGE = VoiceConstants.hearingRange;
const RADIUS = WorldConstants.avatarRadius;

/** The lone speaker the walker walks at, between the gallery hall and the classroom building. */
const TARGET = { x: 16, z: -12 };
/** Where each walk starts: 25.5 m south of the target, more than 25 m from everyone. */
const WALK_START = { x: 16, z: -37.5 };
/** Where each walk ends, 13 m from the target: 2 m past the edge of hearing. */
const WALK_END = { x: 16, z: -25 };
/** Beside the target, for the single call join. */
const BESIDE = { x: 16, z: -14.5 };

const t0 = performance.now();
/** Progress on stderr with VOICE_BENCH_DEBUG=1. */
const debug = process.env.VOICE_BENCH_DEBUG
  ? (...args) => console.error(`[${((performance.now() - t0) / 1000).toFixed(1)} s]`, ...args)
  : () => {};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const dist = (a, b) => Math.hypot(a.x - b.x, a.z - b.z);

/**
 * Speakers' spots: the target, a dense crowd (at least 12, so that each has more than 10 others
 * in range), a ring and scattered people; fewer speakers shrink all three.
 */
function spots(count) {
  const scattered = [
    [-8, 38],
    [2, 38],
    [-38, 8],
    [-36, -6],
    [-26, 2],
    [-6, -8],
    [14, 38],
    [-6, 22],
    [-24, -10],
    [38, 14],
    [26, 38],
    [34, 36],
    [-20, -2],
    [8, 30],
    [-14, 16],
    [-34, 36],
  ].map(([x, z]) => ({ x, z }));
  const crowdSize = Math.min(count - 1, Math.max(12, Math.round(count * 0.46)));
  const ringSize = Math.min(10, Math.round(count * 0.2), count - 1 - crowdSize);
  const crowd = Array.from({ length: crowdSize }, (_, i) => ({
    x: -30 + (i % 6) * 1.6,
    z: 25 + Math.floor(i / 6) * 1.6,
  }));
  const ring = Array.from({ length: ringSize }, (_, i) => ({
    x: 24 + 2.5 * Math.cos((i / ringSize) * 2 * Math.PI),
    z: 26 + 2.5 * Math.sin((i / ringSize) * 2 * Math.PI),
  }));
  return [TARGET, ...crowd, ...ring, ...scattered].slice(0, count);
}

/** The shortest walkable polyline from `from` to `to` through at most two of a few waypoints. */
function route(from, to) {
  const hubs = [
    { x: from.x, z: 10 },
    { x: 6, z: 6 },
    { x: -6, z: 6 },
    { x: 6, z: -6 },
    { x: -6, z: -6 },
    { x: -16, z: 10 },
    { x: 16, z: 10 },
  ];
  const candidates = [[to], ...hubs.map((h) => [h, to])];
  for (const h of hubs) for (const k of hubs) if (h !== k) candidates.push([h, k, to]);
  let best = null;
  let bestLength = Infinity;
  for (const points of candidates) {
    let length = 0;
    let walkable = true;
    points.reduce((a, b) => {
      length += dist(a, b);
      walkable &&= isSegmentWalkable(a, b, CAMPUS_LAYOUT, RADIUS);
      return b;
    }, from);
    if (walkable && length < bestLength) [best, bestLength] = [points, length];
  }
  if (!best) throw new Error(`no route from ${JSON.stringify(from)} to ${JSON.stringify(to)}`);
  return best;
}

/** CPU ticks (user + system) a process has used so far. */
function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** The machine's busy and total jiffies (all cores), from /proc/stat. */
function machineTicks() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  return { busy: total - cpu[3] - (cpu[4] ?? 0), total };
}

/** Cores used by each pid (and the machine) between two readings. */
function cpuMeter(pids) {
  const start = { at: performance.now(), ticks: pids.map(cpuTicks), machine: machineTicks() };
  return () => {
    const seconds = (performance.now() - start.at) / 1000;
    const machine = machineTicks();
    return {
      cores: pids.map((pid, i) => (cpuTicks(pid) - start.ticks[i]) / TICKS_PER_S / seconds),
      machineBusy:
        ((machine.busy - start.machine.busy) / (machine.total - start.machine.total)) *
        os.cpus().length,
    };
  };
}

/** The private Janus the server started under its DATA_DIR (its `-F` folder). */
async function janusPid(dataDir) {
  const dir = path.join(dataDir, 'janus');
  for (let i = 0; i < 100; i++) {
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
      const args = cmdline.split('\0');
      if (path.basename(args[0] ?? '') === 'janus' && args.includes(dir)) return Number(entry);
    }
    await sleep(100);
  }
  throw new Error(`no Janus process under ${dir}: is the janus binary installed?`);
}

async function ask(socket, event, payload, timeoutMs = 30_000) {
  const answer = await socket.timeout(timeoutMs).emitWithAck(event, payload);
  if (!answer?.status) throw new Error(`${event}: ${answer?.message ?? JSON.stringify(answer)}`);
  return answer.data;
}

async function until(check, timeoutMs, what) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Resolves once `pc` has gathered every candidate (they go in the SDP, no trickle). */
function gathered(pc) {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    pc.addEventListener('icecandidate', ({ candidate }) => {
      if (!candidate) resolve();
    });
  });
}

/** 10 ms frames of a 440 Hz tone, 48 kHz mono 16-bit: one second, 440 whole periods, cycled. */
function toneFrames() {
  const rate = 48_000;
  const frames = [];
  for (let f = 0; f < 100; f++) {
    const samples = new Int16Array(480);
    for (let i = 0; i < 480; i++) {
      samples[i] = Math.round(8_000 * Math.sin((2 * Math.PI * 440 * (f * 480 + i)) / rate));
    }
    frames.push(samples);
  }
  return frames;
}

/** One timer feeds every source a 10 ms frame per 10 ms elapsed (catching up after a late tick). */
function feed(sources) {
  const frames = toneFrames();
  let n = 0;
  let due = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    while (due <= now) {
      const samples = frames[n++ % frames.length];
      for (const source of sources) {
        source.onData({
          samples,
          sampleRate: 48_000,
          bitsPerSample: 16,
          channelCount: 1,
          numberOfFrames: 480,
        });
      }
      due += 10;
    }
  }, 10);
  return () => clearInterval(timer);
}

/** A member in the world: socket, avatar, position, refused moves and voices heard. */
async function enter(base, token) {
  const socket = await connectSocket(base, handshake(token));
  const { instanceId, self } = await ask(socket, 'world:join', {
    world: 'campus',
    location: 'plaza',
  });
  const person = { socket, instanceId, id: self.id, at: { x: self.x, z: self.z }, corrections: 0 };
  person.offers = 0;
  person.heard = [];
  person.answerErrors = 0;
  socket.on('world:correction', (state) => {
    person.corrections += 1;
    debug('move refused', person.id, JSON.stringify(person.at), JSON.stringify(state));
  });
  return person;
}

/** Walks `person` along `points` at STEP_M per STEP_MS; `onStep(at)` sees each position sent. */
async function walk(person, points, onStep) {
  for (const p of points) {
    const from = person.at;
    const steps = Math.max(1, Math.ceil(dist(from, p) / STEP_M));
    for (let i = 1; i <= steps; i++) {
      const at = {
        x: from.x + ((p.x - from.x) * i) / steps,
        z: from.z + ((p.z - from.z) * i) / steps,
      };
      person.socket.emit('world:move', { x: at.x, y: 0, z: at.z, ry: 0, anim: 'run' });
      person.at = at;
      onStep?.(at);
      await sleep(STEP_MS);
    }
  }
}

/**
 * A receiving connection answering every `voice:offer` in turn, as the page does; `person.heard`
 * holds the voices (avatar ids) of the last offer answered.
 */
function receive(person) {
  const pc = new wrtc.RTCPeerConnection();
  let chain = Promise.resolve();
  const onOffer = (offer) => {
    chain = chain.then(async () => {
      try {
        await pc.setRemoteDescription(offer.sdp);
        await pc.setLocalDescription(await pc.createAnswer());
        await gathered(pc);
        const { type, sdp } = pc.localDescription;
        await ask(person.socket, 'voice:answer', { sdp: { type, sdp } });
        person.heard = offer.streams.map((s) => s.id);
        person.offers += 1;
      } catch {
        person.answerErrors += 1;
      }
    });
  };
  person.socket.on('voice:offer', onOffer);
  return {
    pc,
    close() {
      person.socket.off('voice:offer', onOffer);
      pc.close();
    },
  };
}

/** Publishes a tone as `person`'s microphone and switches it on. */
async function speak(person, source) {
  const pc = new wrtc.RTCPeerConnection();
  pc.addTransceiver(source.createTrack(), { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const { sdp } = await ask(person.socket, 'voice:publish', {
    sdp: { type: 'offer', sdp: pc.localDescription.sdp },
  });
  await pc.setRemoteDescription(sdp);
  await until(() => pc.connectionState === 'connected', 20_000, 'the publisher to connect');
  await ask(person.socket, 'voice:mic', { on: true });
  return pc;
}

/** Inbound audio per stats entry (by SSRC): packets received and lost so far. */
async function inbound(pc) {
  const lines = new Map();
  (await pc.getStats()).forEach((s) => {
    if (s.type === 'inbound-rtp' && s.kind === 'audio') {
      lines.set(s.id, { packets: s.packetsReceived ?? 0, lost: s.packetsLost ?? 0 });
    }
  });
  return lines;
}

async function outboundPackets(pc) {
  let packets = 0;
  (await pc.getStats()).forEach((s) => {
    if (s.type === 'outbound-rtp' && s.kind === 'audio') packets += s.packetsSent ?? 0;
  });
  return packets;
}

/** Resolves with the time when any inbound audio line has more packets than in `before`. */
async function firstPacket(pc, before, timeoutMs = 15_000) {
  return until(
    async () => {
      for (const [id, now] of await inbound(pc)) {
        if (now.packets > (before.get(id)?.packets ?? 0)) return performance.now();
      }
      return null;
    },
    timeoutMs,
    'the first audio packet',
  );
}

/** The voices `listener` should receive by the rule: the nearest within range, at most 10. */
function expectedVoices(listener, speakers) {
  return speakers
    .filter((s) => s !== listener && dist(s.at, listener.at) <= RANGE)
    .map((s) => ({ id: s.id, d: dist(s.at, listener.at) }))
    .sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : 1))
    .slice(0, VoiceConstants.maxStreams)
    .map((s) => s.id);
}

const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

/** Until `person`'s last answered offer holds `target` alone (its ack may follow the first packet). */
const hearsOnly = (person, target) =>
  until(() => sameSet(person.heard, [target.id]), 5_000, 'the walker to hear the target alone');

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0], median: median(sorted), max: sorted.at(-1) };
}

function timing(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: Math.round(percentile(sorted, 0.5)),
    p95: Math.round(percentile(sorted, 0.95)),
    max: Math.round(sorted.at(-1)),
    n: sorted.length,
  };
}

/**
 * The speakers, in a child process: `enter`, `walk`, `speak`, then `state` and `stats` on the
 * parent's request, and `exit`.
 */
function peersProcess() {
  const people = [];
  const receivers = [];
  const publishers = [];
  const handlers = {
    async enter({ base, tokens }) {
      for (let i = 0; i < tokens.length; i += 10) {
        people.push(...(await Promise.all(tokens.slice(i, i + 10).map((t) => enter(base, t)))));
      }
      return people.map((p) => ({ id: p.id, instanceId: p.instanceId }));
    },
    async walk({ targets }) {
      await Promise.all(people.map((p, i) => walk(p, route(p.at, targets[i]))));
      return people.map((p) => p.at);
    },
    async speak({ listening }) {
      const sources = people.map(() => new wrtc.nonstandard.RTCAudioSource());
      feed(sources);
      receivers.push(...people.map((p, i) => (listening[i] ? receive(p) : null)));
      for (let i = 0; i < people.length; i += 10) {
        const batch = people.slice(i, i + 10);
        await Promise.all(batch.map((p) => ask(p.socket, 'voice:join', {})));
        publishers.push(...(await Promise.all(batch.map((p, j) => speak(p, sources[i + j])))));
        debug('joined and publishing', publishers.length);
      }
      return {};
    },
    state() {
      return people.map(({ heard, offers, answerErrors, corrections }) => ({
        heard,
        offers,
        answerErrors,
        corrections,
      }));
    },
    async stats() {
      return {
        inbound: await Promise.all(
          receivers.map(async (r) => (r ? [...(await inbound(r.pc))] : [])),
        ),
        outbound: await Promise.all(publishers.map(outboundPackets)),
        // Receiving connections offered voices whose ICE and DTLS are not up.
        unconnected: receivers.filter(
          (r, i) => r && people[i].heard.length > 0 && r.pc.connectionState !== 'connected',
        ).length,
      };
    },
    exit() {
      setImmediate(() => process.exit(0));
      return {};
    },
  };
  process.on('message', ({ id, type, ...args }) => {
    Promise.resolve()
      .then(() => handlers[type](args))
      .then(
        (result) => process.send({ id, result }),
        (err) => process.send({ id, error: String(err?.stack ?? err) }),
      );
  });
  process.on('disconnect', () => process.exit(0));
}

/** Starts the speakers' process; `call(type, args)` asks it and resolves with its answer. */
function startPeers() {
  const child = fork(fileURLToPath(import.meta.url), ['--voice-peers'], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map();
  let next = 0;
  child.on('message', ({ id, result, error }) => {
    const w = waiting.get(id);
    waiting.delete(id);
    if (error) w?.reject(new Error(`speakers' process: ${error}`));
    else w?.resolve(result);
  });
  child.on('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`speakers' process exited (${code})`));
    waiting.clear();
  });
  const call = (type, args = {}) =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      child.send({ id, type, ...args });
    });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    await Promise.race([call('exit').catch(() => undefined), sleep(2_000)]);
    await Promise.race([gone, sleep(3_000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  return { pid: child.pid, call, stop };
}

/**
 * The speakers spread over `processes` child processes (speaker i in process i mod processes), so
 * that their libwebrtc threads (one network thread a process) use both cores; answers are merged
 * back into the speakers' order.
 */
function startPeerGroup(count, processes) {
  const children = Array.from({ length: Math.min(processes, count) }, startPeers);
  const n = children.length;
  const mine = (k, list) => list.filter((_, i) => i % n === k);
  const merge = (parts) => Array.from({ length: count }, (_, i) => parts[i % n][Math.floor(i / n)]);
  const each = (type, argsOf = () => ({})) =>
    Promise.all(children.map((c, k) => c.call(type, argsOf(k))));
  return {
    pids: children.map((c) => c.pid),
    enter: async (base, tokens) =>
      merge(await each('enter', (k) => ({ base, tokens: mine(k, tokens) }))),
    walk: async (targets) => merge(await each('walk', (k) => ({ targets: mine(k, targets) }))),
    speak: () =>
      each('speak', (k) => ({
        listening: mine(
          k,
          Array.from({ length: count }, (_, i) => listens(i)),
        ),
      })),
    state: async () => merge(await each('state')),
    async stats() {
      const parts = await each('stats');
      return {
        inbound: merge(parts.map((p) => p.inbound)),
        outbound: merge(parts.map((p) => p.outbound)),
        unconnected: parts.reduce((a, p) => a + p.unconnected, 0),
      };
    },
    stop: () => Promise.all(children.map((c) => c.stop())),
  };
}

export async function benchVoice() {
  if (!existsSync(MAIN)) throw new Error('build the server first: npm run build -w @atrium/server');
  const targets = spots(SPEAKERS);
  for (const t of targets) {
    if (voiceAreaAt(CAMPUS_LAYOUT.voiceAreas ?? [], t.x, t.z)) throw new Error('spot in an area');
  }
  const database = await scratchPostgres(ADMIN_URL);
  const closers = [];
  let atrium;
  try {
    atrium = await startAtrium({
      name: 'atrium-bench-voice-',
      env: {
        DATABASE_URL: database.url,
        SEED_DEMO: 'false',
        JWT_SECRET,
        WORLD_INSTANCE_CAPACITY: String(SPEAKERS + 10),
      },
    });
    const { base, dataDir, pid } = atrium;
    const janus = await janusPid(dataDir);

    // The idle baseline: the same server and Janus, nobody connected, once the server's start-up
    // work is over (it works for a few seconds after /api/ready).
    for (let i = 0; i < 15; i++) {
      const was = cpuTicks(pid);
      await sleep(1_000);
      if (cpuTicks(pid) - was <= 3) break;
    }
    const idleMeter = cpuMeter([pid, janus]);
    await sleep(IDLE_S * 1000);
    const idle = idleMeter();
    debug('idle measured');

    // Everyone enters the plaza; the speakers walk to their spots, the walker beside the target.
    const rows = await insertUsers(database.url, 'vb', SPEAKERS + 1);
    const signer = new AccessTokens(JWT_SECRET);
    const tokens = await Promise.all(
      rows.map((r) => signer.sign({ sub: r.id, username: r.username, role: 'member' })),
    );
    const peers = startPeerGroup(SPEAKERS, PROCESSES);
    closers.push(() => peers.stop());
    const speakers = await peers.enter(base, tokens.slice(0, SPEAKERS));
    const walker = await enter(base, tokens[SPEAKERS]);
    closers.push(() => walker.socket.disconnect());
    if (new Set([...speakers, walker].map((p) => p.instanceId)).size !== 1) {
      throw new Error('the speakers are in several instances: WORLD_INSTANCE_CAPACITY');
    }
    const target = speakers[0];
    // The walker's way is long (round the classroom building): it walks while the others speak.
    const walkerThere = walk(walker, route(walker.at, BESIDE));
    const at = await peers.walk(targets);
    speakers.forEach((s, i) => (s.at = at[i]));
    debug('the speakers are at their spots');

    // Every speaker joins the voice, receives, publishes its tone and switches the mic on.
    const joinStarted = performance.now();
    await peers.speak();
    const joinedS = (performance.now() - joinStarted) / 1000;

    // Until every listener's last answered offer holds what the rule gives from the positions.
    const expected = speakers.map((p) => expectedVoices(p, speakers));
    const mismatches = (state) =>
      state.filter((s, i) => listens(i) && !sameSet(s.heard, expected[i])).length;
    const ofListeners = (list) => list.filter((_, i) => listens(i));
    const converging = performance.now();
    await until(
      async () => mismatches(await peers.state()) === 0,
      60_000,
      'every listener to receive the voices the rule gives',
    ).catch(() => undefined);
    const convergeS = (performance.now() - converging) / 1000;
    await sleep(SETTLE_MS);
    debug('settled');

    // The window: CPU, what each listener receives, what the speakers send.
    const stateBefore = await peers.state();
    const before = await peers.stats();
    const meter = cpuMeter([pid, janus, process.pid, ...peers.pids]);
    const windowStart = performance.now();
    await sleep(WINDOW_S * 1000);
    const load = meter();
    const seconds = (performance.now() - windowStart) / 1000;
    const after = await peers.stats();
    const state = await peers.state();
    const offered = state.map((s) => s.heard.length);
    const inRange = speakers.map(
      (p) => speakers.filter((s) => s !== p && dist(s.at, p.at) <= RANGE).length,
    );
    const listenerOffered = ofListeners(offered);
    // Per listener: voices with at least half their packets (50 a second) arrived, i.e. heard.
    const voiceRates = [];
    const perListener = [];
    let receivedAll = 0;
    let lostAll = 0;
    const flowing = after.inbound.flatMap((lines, i) => {
      if (!listens(i)) return [];
      const was = new Map(before.inbound[i]);
      const rates = [];
      let lost = 0;
      for (const [id, now] of lines) {
        const rate = (now.packets - (was.get(id)?.packets ?? 0)) / seconds;
        lost += now.lost - (was.get(id)?.lost ?? 0);
        receivedAll += now.packets - (was.get(id)?.packets ?? 0);
        if (rate > 0) rates.push(rate);
      }
      voiceRates.push(...rates);
      lostAll += lost;
      perListener.push(`${offered[i]}:${rates.map(Math.round).join(',')} lost ${lost}`);
      return [rates.filter((r) => r >= 25).length];
    });
    debug('per listener, voices offered: packets/s of each', perListener.join(' '));
    const sendRates = after.outbound.map((n, i) => (n - before.outbound[i]) / seconds);
    debug('window measured');

    // Baseline: a single call join beside the target, a fresh receiving connection each time.
    await walkerThere;
    const joins = [];
    for (let i = 0; i < JOINS; i++) {
      const r = receive(walker);
      const started = performance.now();
      await ask(walker.socket, 'voice:join', {});
      const first = await firstPacket(r.pc, new Map());
      joins.push(first - started);
      await hearsOnly(walker, target);
      await ask(walker.socket, 'voice:leave', {});
      r.close();
      walker.heard = [];
      await sleep(300);
    }
    debug('joins', joins.map(Math.round).join(' '));

    // Walks: in the voice far away, walk at the target; the move within 15 m to the first packet.
    const walkReceiver = receive(walker);
    closers.push(() => walkReceiver.close());
    await walk(walker, [WALK_START]);
    await ask(walker.socket, 'voice:join', {});
    const walks = [];
    for (let i = 0; i < WALKS; i++) {
      await sleep(500);
      const was = await inbound(walkReceiver.pc);
      let crossed = 0;
      const heard = firstPacket(walkReceiver.pc, was);
      await walk(walker, [WALK_END], (p) => {
        if (!crossed && dist(p, TARGET) <= RANGE) crossed = performance.now();
      });
      walks.push((await heard) - crossed);
      await hearsOnly(walker, target);
      await walk(walker, [WALK_START]);
      await until(() => walker.heard.length === 0, 10_000, 'the walker to hear nobody');
    }
    debug('walks', walks.map(Math.round).join(' '));

    const end = await peers.state();
    return {
      speakers: SPEAKERS,
      listeners: LISTENERS,
      joinedS: Number(joinedS.toFixed(1)),
      convergeS: Number(convergeS.toFixed(1)),
      inRange: summary(ofListeners(inRange)),
      offered: summary(listenerOffered),
      flowing: summary(flowing),
      mismatched: mismatches(state),
      offersInWindow: state.reduce(
        (a, s, i) => a + (listens(i) ? s.offers - stateBefore[i].offers : 0),
        0,
      ),
      voicePackets: summary(voiceRates.map(Math.round)),
      sendPackets: summary(sendRates.map(Math.round)),
      unconnected: after.unconnected,
      lostPercent: (100 * lostAll) / Math.max(1, receivedAll + lostAll),
      idle: { server: idle.cores[0], janus: idle.cores[1], machine: idle.machineBusy },
      busy: {
        server: load.cores[0],
        janus: load.cores[1],
        bench: load.cores[2],
        peers: load.cores.slice(3).reduce((a, b) => a + b, 0),
        machine: load.machineBusy,
      },
      join: timing(joins),
      walk: timing(walks),
      firstWalkMs: Math.round(walks[0]),
      corrections: end.reduce((a, s) => a + s.corrections, 0) + walker.corrections,
      answerErrors: end.reduce((a, s) => a + s.answerErrors, 0) + walker.answerErrors,
    };
  } finally {
    for (const close of closers.reverse()) {
      try {
        await close();
      } catch {
        // Best effort: the process exits next.
      }
    }
    await atrium?.stop();
    await database.drop();
  }
}

function print(r) {
  const f2 = (x) => x.toFixed(2);
  const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(1)}×` : 'n/a');
  const mmm = (s) => `${s.min} / ${s.median} / ${s.max}`;
  const rows = [
    [
      'Speakers, each publishing a 440 Hz tone',
      `${r.speakers}`,
      `one instance; + 1 walker; ${r.listeners === r.speakers ? 'each also listening' : `${r.listeners} of them also listening`}`,
    ],
    ['Others within 15 m of a listener (min / median / max)', mmm(r.inRange), ''],
    [
      `Voices offered per listener (min / median / max; cap ${VoiceConstants.maxStreams})`,
      mmm(r.offered),
      `${r.mismatched} listeners differ from the rule; ${r.offersInWindow} offers in the window`,
    ],
    ['Most voices any listener receives at once', `${r.offered.max}`, ''],
    [
      'Voices delivering audio per listener (min / median / max)',
      mmm(r.flowing),
      `packets/s a voice ${mmm(r.voicePackets)}, ${r.lostPercent.toFixed(1)}% lost; ` +
        `a speaker sends ${mmm(r.sendPackets)}`,
    ],
    [
      'Server CPU (cores)',
      f2(r.busy.server),
      `idle: ${f2(r.idle.server)} (${ratio(r.busy.server, r.idle.server)})`,
    ],
    [
      'Janus CPU (cores)',
      f2(r.busy.janus),
      `idle: ${f2(r.idle.janus)} (${ratio(r.busy.janus, r.idle.janus)})`,
    ],
    [
      'Speakers\u2019 libwebrtc process / whole machine (cores)',
      `${f2(r.busy.peers)} / ${f2(r.busy.machine)}`,
      `machine idle: ${f2(r.idle.machine)} of ${os.cpus().length} busy`,
    ],
    [
      'Walk into range \u2192 first audio packet, ms (p50 / p95 / max)',
      `${r.walk.p50} / ${r.walk.p95} / ${r.walk.max} (n=${r.walk.n})`,
      `${ratio(r.walk.p50, r.join.p50)} the join p50; first walk ${r.firstWalkMs}`,
    ],
    [
      'Single call join: voice:join \u2192 first audio packet, ms (p50 / p95 / max)',
      `${r.join.p50} / ${r.join.p95} / ${r.join.max} (n=${r.join.n})`,
      'baseline, same run',
    ],
  ];
  const w = [0, 1, 2].map((c) => Math.max(...rows.map((row) => row[c].length), 8));
  const line = (row) => `| ${row.map((cell, c) => cell.padEnd(w[c])).join(' | ')} |`;
  console.log(line(['Voice', 'Figure', 'Baseline (same run) / notes']));
  console.log(`| ${w.map((n) => '-'.repeat(n)).join(' | ')} |`);
  rows.forEach((row) => console.log(line(row)));
  if (r.lostPercent > 1 || r.idle.machine > 0.5) {
    console.log(
      `Warning: ${r.lostPercent.toFixed(1)}% of voice packets lost, and the machine was ` +
        `${f2(r.idle.machine)} of ${os.cpus().length} cores busy before the bench began: ` +
        `other load, or too many speakers for this machine; the times are not comparable.`,
    );
  }
  if (r.speakers < FULL) {
    console.log(
      `Scaled down: ${r.speakers} speakers, not ${FULL}: with every speaker listening, the bench's ` +
        `own libwebrtc (encoding and decoding every voice) does not fit beside the server and Janus ` +
        `on ${os.cpus().length} cores. VOICE_BENCH_SPEAKERS=${FULL} tries all of them.`,
    );
  }
  console.log(
    `${r.speakers} speakers joined and published in ${r.joinedS} s, their voices matched the rule ` +
      `${r.convergeS} s later; ${r.corrections} moves refused, ${r.answerErrors} answers failed, ` +
      `${r.unconnected} receiving connections with voices not connected.`,
  );
  const env = Object.entries(process.env)
    .filter(([k]) => k.startsWith('VOICE_BENCH_') || k === 'TEST_DATABASE_URL')
    .map(([k, v]) => `${k}=${v} `)
    .join('');
  console.log(`Command: npm run build -w @atrium/server && ${env}npx tsx bench/voice.mjs`);
}

if (process.argv.includes('--voice-peers')) {
  peersProcess();
} else if (import.meta.url === `file://${process.argv[1]}`) {
  let code = 0;
  try {
    print(await benchVoice());
  } catch (err) {
    console.error(err);
    code = 1;
  }
  process.exit(code);
}

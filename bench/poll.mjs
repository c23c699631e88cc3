// Polls in the live classroom (issue 28 §3): two built server processes sharing PostgreSQL, Redis
// and one Janus, a teacher on process A and 200 students in room-1 (half on each process). The
// teacher opens a poll, the 200 students answer spread evenly over 1 s, and the figure is the time
// from the first answer sent until the teacher's `class:poll` shows `total === 200`; with it, the
// delay from each student's emit to the first teacher view that lists that student. Baseline in
// the same run: two bare socket.io servers on the Redis adapter that relay each answer to one
// listener (same clients, same pattern), and single round trips (a bare ack'd emit, the server's
// `system:ping`). Rounds alternate between the two systems; the first of each warms up.
//
// Mesh mode caps a room at 4 (MAX_MESH_PEOPLE), so the classroom runs on Janus: one private
// Janus started here, given to both processes as JANUS_URL (each process starting its own would
// not work: a join prunes the rows whose feed its Janus does not know). Students join without
// publishing, so no WebRTC is needed.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startPrivateJanus } from '../apps/server/src/media/janus/janus-process.ts';
import { AccessTokens } from '../apps/server/src/security/access-tokens.ts';
import { SOCKET_PATH } from '../packages/protocol/src/index.ts';
import {
  connectSocket,
  delaySummary,
  freePort,
  handshake,
  median,
  scratchPostgres,
  startAtrium,
  startScript,
  insertUsers,
} from './lib.mjs';

const STUDENTS = 200;
const SPREAD_MS = 1000;
const OPTIONS = ['A', 'B', 'C', 'D'];
/** Polls of each system, alternating; the first of each is a warm-up and not counted. */
const ROUNDS = 4;
const PINGS = 40;
const CONNECT_BATCH = 50;
/** Concurrent `class:join`s: each is a Janus session, handle and join. */
const JOIN_BATCH = 10;
const ROUND_TIMEOUT_MS = 20_000;
const JWT_SECRET = 'bench-poll-secret-0123456789abcdef0123456789abcd';
const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROOM = 'room-1';

const round1 = (ms) => Number(ms.toFixed(1));
const round2 = (x) => Number(x.toFixed(2));

/** Counts the bytes of every engine.io packet `socket` receives; `read()` since the last read. */
function byteCounter(socket) {
  let bytes = 0;
  socket.io.engine.on('packet', (packet) => {
    if (typeof packet.data === 'string') bytes += Buffer.byteLength(packet.data);
    else if (packet.data) bytes += packet.data.byteLength ?? 0;
  });
  return () => {
    const read = bytes;
    bytes = 0;
    return read;
  };
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** An ack'd emit through the `{status, data}` envelope: the data, or throws the refusal. */
async function ask(socket, event, payload) {
  const answer = await socket.timeout(30_000).emitWithAck(event, payload);
  if (!answer?.status) throw new Error(`${event}: ${answer?.message ?? JSON.stringify(answer)}`);
  return answer.data;
}

async function connectAll(url, auths) {
  const sockets = [];
  for (let i = 0; i < auths.length; i += CONNECT_BATCH) {
    const batch = auths.slice(i, i + CONNECT_BATCH).map((auth) => connectSocket(url, auth));
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** Students in the order they answer: A and B interleaved. */
function interleave(onA, onB) {
  const out = [];
  for (let i = 0; i < Math.max(onA.length, onB.length); i += 1) {
    if (onA[i]) out.push(onA[i]);
    if (onB[i]) out.push(onB[i]);
  }
  return out;
}

/**
 * One poll of one system. `open()` resolves with the poll's id; `vote(k, pollId)` sends student
 * k's answer and resolves with whether it was accepted; `watch(pollId, seen)` makes the listener
 * call `seen(k)` for each student its view newly includes and `seen(null, true)` once complete;
 * `finish(pollId)` closes the poll. Students answer spread evenly over SPREAD_MS.
 */
async function pollRound({ open, vote, watch, finish, received }) {
  const pollId = await open();
  // The opening reaches every student (200 messages); let that settle before answering.
  await sleep(300);
  received();
  const sentAt = new Array(STUDENTS);
  const delays = [];
  let completeAt = 0;
  let resolveComplete;
  const complete = new Promise((r) => (resolveComplete = r));
  const unwatch = watch(pollId, (k, done) => {
    const now = performance.now();
    if (k !== null && sentAt[k] !== undefined) delays.push(now - sentAt[k]);
    if (done && !completeAt) {
      completeAt = now;
      resolveComplete();
    }
  });
  const acks = [];
  const started = performance.now();
  for (let k = 0; k < STUDENTS; k += 1) {
    const wait = started + (k * SPREAD_MS) / STUDENTS - performance.now();
    if (wait > 0) await sleep(wait);
    sentAt[k] = performance.now();
    acks.push(vote(k, pollId).catch(() => false));
  }
  const lastSent = sentAt[STUDENTS - 1];
  const timedOut = await Promise.race([
    complete.then(() => false),
    sleep(ROUND_TIMEOUT_MS).then(() => true),
  ]);
  const refused = (await Promise.all(acks)).filter((ok) => !ok).length;
  const listenerBytes = received();
  unwatch();
  await finish(pollId);
  if (timedOut) throw new Error(`the poll was not complete after ${ROUND_TIMEOUT_MS} ms`);
  if (refused) throw new Error(`${refused} answers refused`);
  return {
    completeMs: round1(completeAt - sentAt[0]),
    afterLastMs: round1(completeAt - lastSent),
    listenerKb: round1(listenerBytes / 1024),
    delays,
  };
}

/** Median of sequential ack'd round trips of `send()`. */
async function roundTrips(send, count = PINGS) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const t = performance.now();
    await send();
    times.push(performance.now() - t);
  }
  return round1(median(times.slice(Math.min(5, count - 1))));
}

/** Our two processes, the teacher on A and STUDENTS in room-1; `close` ends it all. */
async function startOurs() {
  const janusDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-bench-poll-janus-'));
  const database = await scratchPostgres(ADMIN_URL);
  let janus;
  const stops = [];
  const sockets = [];
  const close = async () => {
    sockets.forEach((s) => s.disconnect());
    for (const stop of stops) await stop();
    await janus?.stop();
    await rm(janusDir, { recursive: true, force: true });
    await database.drop();
  };
  try {
    janus = await startPrivateJanus({ dir: janusDir, startTimeoutMs: 10_000 });
    const bases = [];
    for (const name of ['a', 'b']) {
      // One after the other: the first one migrates the fresh database.
      const { base, stop } = await startAtrium({
        name: `atrium-bench-poll-${name}-`,
        env: {
          DATABASE_URL: database.url,
          REDIS_URL,
          SEED_DEMO: 'false',
          JWT_SECRET,
          JANUS_URL: janus.url,
          JANUS_API_SECRET: janus.apiSecret,
          JANUS_ADMIN_KEY: janus.adminKey,
        },
      });
      stops.push(stop);
      bases.push(base);
    }
    const [teacherRow, ...studentRows] = await insertUsers(
      database.url,
      `pb${randomUUID().slice(0, 4)}u`,
      STUDENTS + 1,
    );
    const tokens = new AccessTokens(JWT_SECRET);
    const teacher = await connectSocket(
      bases[0],
      handshake(
        await tokens.sign({ sub: teacherRow.id, username: teacherRow.username, role: 'teacher' }),
      ),
    );
    sockets.push(teacher);
    const auths = await Promise.all(
      studentRows.map(async (u) =>
        handshake(await tokens.sign({ sub: u.id, username: u.username, role: 'member' })),
      ),
    );
    const half = STUDENTS / 2;
    const setupStart = performance.now();
    const onA = await connectAll(bases[0], auths.slice(0, half));
    sockets.push(...onA);
    const onB = await connectAll(bases[1], auths.slice(half));
    sockets.push(...onB);
    const joined = await ask(teacher, 'class:join', { room: ROOM });
    if (joined.mode !== 'sfu') throw new Error(`room-1 is in ${joined.mode} mode, not on Janus`);
    const students = interleave(
      onA.map((socket, i) => ({ socket, id: studentRows[i].id })),
      onB.map((socket, i) => ({ socket, id: studentRows[half + i].id })),
    );
    for (let i = 0; i < students.length; i += JOIN_BATCH) {
      await Promise.all(
        students.slice(i, i + JOIN_BATCH).map(async ({ socket }) => {
          const ack = await ask(socket, 'class:join', { room: ROOM });
          if (!('participants' in ack)) throw new Error(`a student waits: ${JSON.stringify(ack)}`);
        }),
      );
    }
    const setupS = round1((performance.now() - setupStart) / 1000);
    const index = new Map(students.map((s, k) => [s.id, k]));

    const poll = {
      open: async () =>
        (
          await ask(teacher, 'class:poll:create', {
            question: 'Which one?',
            options: OPTIONS,
            anonymous: false,
          })
        ).id,
      vote: async (k, pollId) => {
        const answer = await students[k].socket
          .timeout(ROUND_TIMEOUT_MS)
          .emitWithAck('class:poll:vote', { pollId, choice: k % OPTIONS.length });
        return answer.status === true;
      },
      watch: (pollId, seen) => {
        const known = new Set();
        const listener = ({ poll: view }) => {
          if (view?.id !== pollId) return;
          for (const voter of view.voters ?? []) {
            if (known.has(voter.userId)) continue;
            known.add(voter.userId);
            seen(index.get(voter.userId) ?? null, false);
          }
          if (view.total === STUDENTS) seen(null, true);
        };
        teacher.on('class:poll', listener);
        return () => teacher.off('class:poll', listener);
      },
      finish: (pollId) => ask(teacher, 'class:poll:close', { pollId }),
      received: byteCounter(teacher),
    };
    const ping = () => ask(teacher, 'system:ping', { sentAt: Date.now() });
    return { poll, ping, setupS, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The baseline: two bare socket.io servers on the Redis adapter relaying each answer to a room. */
async function startBare() {
  const key = `bench-poll-bare-${randomUUID().slice(0, 8)}`;
  const stops = [];
  const sockets = [];
  const close = async () => {
    sockets.forEach((s) => s.disconnect());
    for (const stop of stops) await stop();
  };
  try {
    const ports = [];
    for (let n = 0; n < 2; n += 1) {
      const port = await freePort();
      const code = `
        import { createAdapter } from '@socket.io/redis-adapter';
        import { createClient } from 'redis';
        import { Server } from 'socket.io';
        const pub = createClient({ url: ${JSON.stringify(REDIS_URL)} });
        const sub = pub.duplicate();
        await Promise.all([pub.connect(), sub.connect()]);
        const io = new Server(${port}, {
          path: ${JSON.stringify(SOCKET_PATH)},
          adapter: createAdapter(pub, sub, { key: ${JSON.stringify(key)} }),
        });
        io.on('connection', (s) => {
          if (s.handshake.auth.host) s.join('hosts');
          s.on('rtt', (p, ack) => ack({ status: true, data: p }));
          s.on('vote', (p, ack) => {
            io.to('hosts').emit('poll', { pollId: p.pollId, userId: s.handshake.auth.id, choice: p.choice });
            ack({ status: true, data: {} });
          });
        });
        console.log('ready');
      `;
      stops.push(await startScript(code));
      ports.push(port);
    }
    const urls = ports.map((p) => `http://127.0.0.1:${p}`);
    const listener = await connectSocket(urls[0], { id: randomUUID(), host: true });
    sockets.push(listener);
    const ids = Array.from({ length: STUDENTS }, () => randomUUID());
    const half = STUDENTS / 2;
    const onA = await connectAll(
      urls[0],
      ids.slice(0, half).map((id) => ({ id })),
    );
    sockets.push(...onA);
    const onB = await connectAll(
      urls[1],
      ids.slice(half).map((id) => ({ id })),
    );
    sockets.push(...onB);
    const students = interleave(
      onA.map((socket, i) => ({ socket, id: ids[i] })),
      onB.map((socket, i) => ({ socket, id: ids[half + i] })),
    );
    const index = new Map(students.map((s, k) => [s.id, k]));
    const poll = {
      open: async () => randomUUID(),
      vote: async (k, pollId) =>
        (
          await students[k].socket
            .timeout(ROUND_TIMEOUT_MS)
            .emitWithAck('vote', { pollId, choice: k % 4 })
        ).status === true,
      watch: (pollId, seen) => {
        const known = new Set();
        const handler = (m) => {
          if (m.pollId !== pollId || known.has(m.userId)) return;
          known.add(m.userId);
          seen(index.get(m.userId) ?? null, known.size === STUDENTS);
        };
        listener.on('poll', handler);
        return () => listener.off('poll', handler);
      },
      finish: async () => {},
      received: byteCounter(listener),
    };
    const ping = () => ask(listener, 'rtt', { sentAt: Date.now() });
    return { poll, ping, close };
  } catch (err) {
    await close();
    throw err;
  }
}

function summarise(rounds) {
  const measured = rounds.slice(1);
  return {
    completeMs: round1(median(measured.map((r) => r.completeMs))),
    afterLastMs: round1(median(measured.map((r) => r.afterLastMs))),
    rounds: measured.map((r) => r.completeMs),
    listenerKb: round1(median(measured.map((r) => r.listenerKb))),
    perVote: delaySummary(
      measured.flatMap((r) => r.delays),
      measured.length * STUDENTS,
    ),
  };
}

export async function benchPoll() {
  const bare = await startBare();
  let ours;
  try {
    ours = await startOurs();
    await sleep(1000);
    const pings = { bare: await roundTrips(bare.ping), ours: await roundTrips(ours.ping) };
    const rounds = { bare: [], ours: [] };
    for (let r = 0; r < ROUNDS; r += 1) {
      rounds.bare.push(await pollRound(bare.poll));
      await sleep(300);
      rounds.ours.push(await pollRound(ours.poll));
      await sleep(300);
    }
    const load = Number(os.loadavg()[0].toFixed(1));
    const poll = summarise(rounds.ours);
    const baseline = summarise(rounds.bare);
    const result = {
      students: STUDENTS,
      spreadMs: SPREAD_MS,
      rounds: ROUNDS - 1,
      setupS: ours.setupS,
      load,
      poll,
      baseline,
      ratio: {
        complete: round2(poll.completeMs / baseline.completeMs),
        afterLast: round2(poll.afterLastMs / baseline.afterLastMs),
        p50: round2(poll.perVote.p50Ms / baseline.perVote.p50Ms),
        p95: round2(poll.perVote.p95Ms / baseline.perVote.p95Ms),
      },
      pingMs: pings,
    };
    console.log(
      `poll: ${STUDENTS} students in room-1 on 2 processes (+ teacher on A, Janus, setup ${ours.setupS} s, load average ${load}), ` +
        `answers spread over ${SPREAD_MS} ms: teacher sees total ${STUDENTS} ${poll.completeMs} ms after the first answer ` +
        `(${poll.afterLastMs} ms after the last; rounds ${poll.rounds.join(', ')}); per answer p50 ${poll.perVote.p50Ms} ms, ` +
        `p95 ${poll.perVote.p95Ms} ms, max ${poll.perVote.maxMs} ms (${poll.perVote.deliveries}/${poll.perVote.expected}); ` +
        `the teacher received ${poll.listenerKb} KB a poll\n` +
        `poll: bare socket.io + Redis adapter relaying to one listener: ${baseline.completeMs} ms ` +
        `(${baseline.afterLastMs} ms after the last; rounds ${baseline.rounds.join(', ')}); per answer p50 ${baseline.perVote.p50Ms} ms, ` +
        `p95 ${baseline.perVote.p95Ms} ms, max ${baseline.perVote.maxMs} ms (${baseline.perVote.deliveries}/${baseline.perVote.expected}), ` +
        `${baseline.listenerKb} KB a poll; round trip: bare ack ${pings.bare} ms, system:ping ${pings.ours} ms\n` +
        `poll: ratio to bare: complete ${result.ratio.complete}×, after last answer ${result.ratio.afterLast}×, per-answer p50 ${result.ratio.p50}×, p95 ${result.ratio.p95}×`,
    );
    return result;
  } finally {
    await ours?.close();
    await bare.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchPoll()));

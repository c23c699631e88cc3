// The social layer at scale (issue 16): two built server processes sharing PostgreSQL and Redis,
// 2,000 signed-in users online (half on each), calls from users on process A to users on process
// B. p95 delay from the caller's `social:call` emit to the callee's `social:message`, and whether
// both processes agree on who is online, against a bare socket.io emit between two socket.io
// servers on the Redis adapter in this run. With SOCIAL_BEFORE=<another build's main.mjs> (an
// older checkout, built), that build runs beside this one, its rounds between ours: the two
// compared under the same load.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { AccessTokens } from '../apps/server/src/security/access-tokens.ts';
import { SOCKET_PATH, SocialApi } from '../packages/protocol/src/index.ts';
import {
  connectSocket,
  delaySummary,
  freePort,
  handshake,
  scratchPostgres,
  startAtrium,
  startScript,
  insertUsers,
} from './lib.mjs';

const USERS = 2000;
const CALLS_PER_S = 40;
/** Rounds of calls, alternating between ours and the baseline; the first of each warms up. */
const ROUNDS = 5;
const CALLS_PER_ROUND = 120;
/** Users who leave at the end, half on each process, to time how soon both lists agree again. */
const LEAVERS = 200;
const CONNECT_BATCH = 50;
const JWT_SECRET = 'bench-social-secret-0123456789abcdef0123456789';
const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const round = (ms) => Number(ms.toFixed(1));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Connects `auths` in batches of CONNECT_BATCH. */
async function connectAll(url, auths) {
  const sockets = [];
  for (let i = 0; i < auths.length; i += CONNECT_BATCH) {
    const batch = auths.slice(i, i + CONNECT_BATCH).map((auth) => connectSocket(url, auth));
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/**
 * The calls of one system (ours or the baseline): caller i (on A) calls callee i (on B).
 * `send(i)` emits and resolves with whether the ack said yes; `arm(arrived)` makes each callee
 * report `arrived(i)` on receipt.
 */
function caller(send, arm) {
  const sentAt = new Map();
  const counted = new Set();
  const delays = [];
  const acks = [];
  let next = 0;
  let refused = 0;
  arm((i) => {
    if (counted.has(i)) delays.push(performance.now() - sentAt.get(i));
  });
  return {
    /** `count` calls at CALLS_PER_S, paced by the clock so a slow tick does not slow the rate. */
    async round(count, measured) {
      const started = performance.now();
      for (let k = 0; k < count; k += 1) {
        const wait = started + (k * 1000) / CALLS_PER_S - performance.now();
        if (wait > 0) await sleep(wait);
        const i = next;
        next += 1;
        sentAt.set(i, performance.now());
        if (measured) counted.add(i);
        acks.push(
          send(i).then(
            (ok) => void (ok || (refused += 1)),
            () => void (refused += 1),
          ),
        );
      }
    },
    async result() {
      await Promise.all(acks);
      if (refused) throw new Error(`${refused} calls refused`);
      return delaySummary(delays, counted.size);
    },
  };
}

/** Inserts the bench's accounts in one statement; resolves with their ids and names. */

async function onlineList(base, token) {
  const res = await fetch(`${base}${SocialApi.online.path}?limit=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await res.json();
  if (!body.status) throw new Error(`online list: ${JSON.stringify(body)}`);
  return body.data;
}

/** Both processes' online lists: their totals, and whether the first pages are the same. */
async function presenceOnBoth(bases, token) {
  const [a, b] = await Promise.all(bases.map((base) => onlineList(base, token)));
  return { a: a.total, b: b.total, same: JSON.stringify(a) === JSON.stringify(b) };
}

/**
 * Our two processes (of the build whose server is `main`) with USERS online; `close` stops
 * everything and drops the database.
 */
async function startOurs(main) {
  const database = await scratchPostgres(ADMIN_URL);
  const stops = [];
  const sockets = [];
  const close = async () => {
    sockets.forEach((s) => s.disconnect());
    for (const stop of stops) await stop();
    await database.drop();
  };
  try {
    const bases = [];
    for (const name of ['a', 'b']) {
      // One after the other: the first one migrates the fresh database.
      const { base, stop } = await startAtrium({
        name: `atrium-bench-social-${name}-`,
        env: { DATABASE_URL: database.url, REDIS_URL, SEED_DEMO: 'false', JWT_SECRET },
        main,
      });
      stops.push(stop);
      bases.push(base);
    }
    const tag = `sb${randomUUID().slice(0, 4)}u`;
    const users = await insertUsers(database.url, tag, USERS);
    const tokens = new AccessTokens(JWT_SECRET);
    const auths = await Promise.all(
      users.map(async (u) =>
        handshake(await tokens.sign({ sub: u.id, username: u.username, role: 'member' })),
      ),
    );
    const half = USERS / 2;
    const connectStart = performance.now();
    const onA = await connectAll(bases[0], auths.slice(0, half));
    sockets.push(...onA);
    const onB = await connectAll(bases[1], auths.slice(half));
    sockets.push(...onB);
    const connectS = round((performance.now() - connectStart) / 1000);
    const calls = caller(
      async (i) =>
        (await onA[i].emitWithAck('social:call', { username: users[half + i].username })).status,
      (arrived) =>
        onB.forEach((socket, i) =>
          socket.on('social:message', (m) => {
            if (m.from_id === users[i].id) arrived(i);
          }),
        ),
    );

    const viewer = auths[0].token;
    /** Both processes list all USERS online, the same page first. */
    const presenceOnline = async () => {
      let settled = await presenceOnBoth(bases, viewer);
      for (let i = 0; i < 100 && (settled.a !== USERS || settled.b !== USERS); i += 1) {
        await sleep(100);
        settled = await presenceOnBoth(bases, viewer);
      }
      return settled;
    };
    /** LEAVERS disconnect (half on each process): how long until both lists agree again. */
    const presenceAfterLeave = async () => {
      const leaving = [...onA.slice(half - LEAVERS / 2), ...onB.slice(half - LEAVERS / 2)];
      const leftAt = performance.now();
      leaving.forEach((s) => s.disconnect());
      let after = await presenceOnBoth(bases, viewer);
      while (after.a !== USERS - LEAVERS || after.b !== USERS - LEAVERS || !after.same) {
        if (performance.now() - leftAt > 10_000) break;
        await sleep(20);
        after = await presenceOnBoth(bases, viewer);
      }
      return { ...after, agreeMs: Math.round(performance.now() - leftAt) };
    };
    return { calls, connectS, presenceOnline, presenceAfterLeave, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The baseline: two bare socket.io servers on the Redis adapter, each relaying `to` a room. */
async function startBare() {
  const key = `bench-social-bare-${randomUUID().slice(0, 8)}`;
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
          s.join(s.handshake.auth.id);
          s.on('call', (p, ack) => {
            io.to(p.to).emit('message', { from_id: s.handshake.auth.id });
            ack(true);
          });
        });
        console.log('ready');
      `;
      stops.push(await startScript(code));
      ports.push(port);
    }
    const ids = Array.from({ length: USERS }, () => randomUUID());
    const half = USERS / 2;
    const onA = await connectAll(
      `http://127.0.0.1:${ports[0]}`,
      ids.slice(0, half).map((id) => ({ id })),
    );
    sockets.push(...onA);
    const onB = await connectAll(
      `http://127.0.0.1:${ports[1]}`,
      ids.slice(half).map((id) => ({ id })),
    );
    sockets.push(...onB);
    const calls = caller(
      (i) => onA[i].emitWithAck('call', { to: ids[half + i] }),
      (arrived) =>
        onB.forEach((socket, i) =>
          socket.on('message', (m) => {
            if (m.from_id === ids[i]) arrived(i);
          }),
        ),
    );
    return { calls, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Both systems up at once, calls in alternating rounds, presence on ours. */
async function measure() {
  const bare = await startBare();
  let ours;
  let before;
  try {
    ours = await startOurs();
    if (process.env.SOCIAL_BEFORE) before = await startOurs(process.env.SOCIAL_BEFORE);
    // The 4,000 handshakes just finished; let their after-work (presence, inbox reads) settle.
    await sleep(2000);
    const presence = { online: await ours.presenceOnline() };
    // Rounds alternate, so a stall of this shared machine hits both systems alike.
    for (let r = 0; r < ROUNDS; r += 1) {
      for (const system of [bare, ours, before].filter(Boolean)) {
        await system.calls.round(CALLS_PER_ROUND, r > 0);
        await sleep(500);
      }
    }
    // Other work on this shared machine shows here; the 1-minute load average, at the end.
    const load = Number(os.loadavg()[0].toFixed(1));
    const calls = await ours.calls.result();
    const baseline = await bare.calls.result();
    const beforeCalls = await before?.calls.result();
    presence.afterLeave = await ours.presenceAfterLeave();
    return { calls, baseline, beforeCalls, presence, connectS: ours.connectS, load };
  } finally {
    await before?.close();
    await ours?.close();
    await bare.close();
  }
}

export async function benchSocial() {
  const { calls, baseline, beforeCalls, presence, connectS, load } = await measure();
  const agree = (p) => `A ${p.a}, B ${p.b}, same first page: ${p.same ? 'yes' : 'NO'}`;
  console.log(
    `social: ${USERS} online on 2 processes (connected in ${connectS} s, load average ${load}), ${CALLS_PER_S} calls/s A→B: ` +
      `p95 ${calls.p95Ms} ms (p50 ${calls.p50Ms}, max ${calls.maxMs}, ${calls.deliveries}/${calls.expected}); ` +
      `bare socket.io + Redis adapter: p95 ${baseline.p95Ms} ms (p50 ${baseline.p50Ms}, max ${baseline.maxMs}, ` +
      `${baseline.deliveries}/${baseline.expected})\n` +
      (beforeCalls
        ? `social: SOCIAL_BEFORE's build beside it: p95 ${beforeCalls.p95Ms} ms (p50 ${beforeCalls.p50Ms}, ` +
          `max ${beforeCalls.maxMs}, ${beforeCalls.deliveries}/${beforeCalls.expected})\n`
        : '') +
      `social: presence with ${USERS} online: ${agree(presence.online)}; after ${LEAVERS} left: ` +
      `${agree(presence.afterLeave)} within ${presence.afterLeave.agreeMs} ms`,
  );
  return {
    users: USERS,
    callsPerS: CALLS_PER_S,
    leavers: LEAVERS,
    connectS,
    load,
    calls,
    baseline,
    presence,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSocial();

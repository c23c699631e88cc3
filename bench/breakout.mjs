// Breakout groups in the live classroom (issue 28 §4): "30 students split into 6 groups: time from
// the teacher's click until every student is in their group's room, and back; baseline: a single
// join in the same run." Target: at most 3 s each way.
//
// Two built server processes sharing PostgreSQL, Redis and one private Janus (as bench/poll.mjs),
// a teacher on process A and 30 students (socket.io bots, half on each process) in room-1, joined
// without publishing. The groups plan (6, random) is saved once. Each round:
//   in:   the teacher emits `class:group:open`; every student hears `class:groups` (state `open`)
//         and does what the web engine does (engine/groups.ts `roomFor`): `class:join` its group's
//         room (`room-1-gK`; the server closes its Janus session in room-1 and opens one there).
//         Figure: the teacher's emit → the last student's join ack.
//   back: the teacher emits `class:group:close`. The servers run with CLASS_GROUP_WARNING_S=0, so
//         the 30 s warning is 0 and the next tick of the groups' 1-second clock closes the groups
//         and sends `class:groups` (state `prepared`); each student then joins room-1 again.
//         Figure: the close emit → the last student's ack (it includes the wait for the clock's
//         tick, up to ~1 s); also the first `prepared` heard → the last ack.
// The join ack comes after Janus has the participant in the room: no media flows from the bots,
// so the ack stands in for "media flows". After each phase every student's classroom_participants
// row is read from PostgreSQL and checked against its group.
//
// Baseline in the same run, alternating with the phases: single joins, one bot at a time, each a
// move between room-2 and room-3 (a "sitter" stays in each, so a move is just like a student's:
// out of a room with people left, into a room with people), one bot on each process; and the
// teacher's `system:ping`. Rounds: ROUNDS, the first a warm-up (Janus rooms created, code paths
// warmed) and not counted. Every bot is its own user, and none comes near `class:join`'s 30/min.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPrivateJanus } from '../apps/server/src/media/janus/janus-process.ts';
import { AccessTokens } from '../apps/server/src/security/access-tokens.ts';
import { groupChannel, parseGroupChannel } from '../packages/protocol/src/index.ts';
import {
  connectSocket,
  handshake,
  insertUsers,
  median,
  scratchPostgres,
  startAtrium,
} from './lib.mjs';

const STUDENTS = 30;
const GROUPS = 6;
/** Open + back rounds; the first is a warm-up and not counted. */
const ROUNDS = 4;
/** Single joins by each baseline bot before each phase. */
const SINGLE_JOINS = 2;
const PINGS = 10;
/** Concurrent `class:join`s while seating the class (each a Janus session, handle and join). */
const JOIN_BATCH = 10;
const PHASE_TIMEOUT_MS = 20_000;
const SETTLE_MS = 500;
const WARNING_S = 0;
const JWT_SECRET = 'bench-breakout-secret-0123456789abcdef0123456789ab';
const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROOM = 'room-1';
const TARGET_MS = 3000;

const round1 = (ms) => Number(ms.toFixed(1));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** An ack'd emit through the `{status, data}` envelope: the data, or throws the refusal. */
async function ask(socket, event, payload) {
  const answer = await socket.timeout(30_000).emitWithAck(event, payload);
  if (!answer?.status) throw new Error(`${event}: ${answer?.message ?? JSON.stringify(answer)}`);
  return answer.data;
}

/**
 * Where a student should be, given the class's groups: the web engine's `roomFor`
 * (apps/web/src/features/classroom/engine/groups.ts) for a student; null to stay.
 */
function roomFor(groups, current, userId) {
  const room = parseGroupChannel(current)?.room ?? current;
  if (groups.room !== room) return null;
  const inGroupRoom = parseGroupChannel(current) !== null;
  if (groups.state !== 'open') return inGroupRoom ? room : null;
  const mine = groups.groups.find((g) => g.members.some((m) => m.userId === userId))?.group;
  if (mine) return current === groupChannel(room, mine) ? null : groupChannel(room, mine);
  return inGroupRoom ? room : null;
}

/**
 * A student bot: follows `class:groups` as the web engine does, one move at a time. `phase` is
 * told of each arrival; `heard` keeps when each state was first heard this phase.
 */
function studentBot(socket, id) {
  const bot = {
    socket,
    id,
    current: null,
    moving: null,
    latest: null,
    heard: {},
    arrivedAt: 0,
    joinMs: [],
    errors: [],
    onArrive: () => {},
  };
  async function follow() {
    if (bot.moving || !bot.latest || !bot.current) return;
    const next = roomFor(bot.latest, bot.current, id);
    if (!next) return;
    bot.moving = next;
    const sent = performance.now();
    try {
      const ack = await ask(socket, 'class:join', { room: next });
      const now = performance.now();
      if (ack.room !== next) throw new Error(`joined ${ack.room}, not ${next}`);
      bot.current = next;
      bot.arrivedAt = now;
      bot.joinMs.push(now - sent);
    } catch (err) {
      bot.errors.push(`${next}: ${err.message}`);
    } finally {
      bot.moving = null;
    }
    bot.onArrive(bot);
    // The groups may have changed meanwhile (a move by the teacher): follow again.
    void follow();
  }
  socket.on('class:groups', (groups) => {
    const key = groups.state === 'open' && groups.closingAt !== null ? 'closing' : groups.state;
    bot.heard[key] ??= performance.now();
    bot.latest = groups;
    void follow();
  });
  return bot;
}

/** Our two processes with the class seated: the teacher, students, baseline bots and sitters. */
async function startClass() {
  const janusDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-bench-breakout-janus-'));
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
        name: `atrium-bench-breakout-${name}-`,
        env: {
          DATABASE_URL: database.url,
          REDIS_URL,
          SEED_DEMO: 'false',
          JWT_SECRET,
          JANUS_URL: janus.url,
          JANUS_API_SECRET: janus.apiSecret,
          JANUS_ADMIN_KEY: janus.adminKey,
          CLASS_GROUP_WARNING_S: String(WARNING_S),
        },
      });
      stops.push(stop);
      bases.push(base);
    }
    // The teacher, the students, two baseline bots and two sitters.
    const rows = await insertUsers(
      database.url,
      `bk${randomUUID().slice(0, 4)}u`,
      1 + STUDENTS + 4,
    );
    const [teacherRow, ...rest] = rows;
    const studentRows = rest.slice(0, STUDENTS);
    const [singleA, singleB, sitter2, sitter3] = rest.slice(STUDENTS);
    const tokens = new AccessTokens(JWT_SECRET);
    const connect = async (base, row, role = 'member') => {
      const auth = handshake(await tokens.sign({ sub: row.id, username: row.username, role }));
      const socket = await connectSocket(base, auth);
      sockets.push(socket);
      return socket;
    };
    const setupStart = performance.now();
    const teacher = await connect(bases[0], teacherRow, 'teacher');
    const joined = await ask(teacher, 'class:join', { room: ROOM });
    if (joined.mode !== 'sfu') throw new Error(`room-1 is in ${joined.mode} mode, not on Janus`);
    const plan = await ask(teacher, 'class:group:plan', {
      room: ROOM,
      count: GROUPS,
      mode: 'random',
      minutes: null,
      assignments: {},
    });
    if (plan.state !== 'prepared') throw new Error(`the plan is ${plan.state}`);
    // Students alternate between the processes: even ones on A, odd ones on B.
    const students = await Promise.all(
      studentRows.map(async (row, k) => studentBot(await connect(bases[k % 2], row), row.id)),
    );
    for (let i = 0; i < students.length; i += JOIN_BATCH) {
      await Promise.all(
        students.slice(i, i + JOIN_BATCH).map(async (bot) => {
          const ack = await ask(bot.socket, 'class:join', { room: ROOM });
          if (!('participants' in ack)) throw new Error(`a student waits: ${JSON.stringify(ack)}`);
          bot.current = ROOM;
        }),
      );
    }
    for (const [row, room, base] of [
      [sitter2, 'room-2', bases[0]],
      [sitter3, 'room-3', bases[1]],
    ]) {
      await ask(await connect(base, row), 'class:join', { room });
    }
    const singles = [
      { socket: await connect(bases[0], singleA), process: 'A', room: 'room-3' },
      { socket: await connect(bases[1], singleB), process: 'B', room: 'room-2' },
    ];
    for (const single of singles) {
      await ask(single.socket, 'class:join', { room: single.room });
    }
    const setupS = round1((performance.now() - setupStart) / 1000);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const closeAll = async () => {
      await db.end();
      await close();
    };
    return { teacher, students, singles, db, setupS, close: closeAll };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Waits until `done()` holds, checked on every student's arrival; throws after the timeout. */
function until(students, done) {
  return new Promise((resolve, reject) => {
    const check = () => {
      const failed = students.find((b) => b.errors.length > 0);
      if (failed) {
        finish();
        reject(new Error(`a student's join was refused: ${failed.errors.join('; ')}`));
      } else if (done()) {
        finish();
        resolve();
      }
    };
    const timer = setTimeout(() => {
      finish();
      const where = students.map((b) => b.current).join(', ');
      reject(new Error(`not done after ${PHASE_TIMEOUT_MS} ms; students in: ${where}`));
    }, PHASE_TIMEOUT_MS);
    const finish = () => {
      clearTimeout(timer);
      for (const b of students) b.onArrive = () => {};
    };
    for (const b of students) b.onArrive = check;
    check();
  });
}

/** Every student's rows in the class (room-1 and its groups) as PostgreSQL has them. */
async function roomsInDatabase(db) {
  const { rows } = await db.query(
    `select user_id, channel from classroom_participants
     where channel = $1 or channel like $2`,
    [ROOM, `${ROOM}-g%`],
  );
  const byUser = new Map();
  for (const row of rows)
    byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.channel]);
  return byUser;
}

/** Checks that each student has exactly one row, in `expected(bot)`; returns the mismatches. */
async function verify(db, students, expected) {
  const byUser = await roomsInDatabase(db);
  const wrong = [];
  for (const bot of students) {
    const rooms = byUser.get(bot.id) ?? [];
    const want = expected(bot);
    if (rooms.length !== 1 || rooms[0] !== want || bot.current !== want) {
      wrong.push(
        `${bot.id.slice(0, 8)}: db ${rooms.join('+') || 'none'}, bot ${bot.current}, want ${want}`,
      );
    }
  }
  return wrong;
}

function resetHeard(students) {
  for (const b of students) {
    b.heard = {};
    b.arrivedAt = 0;
    b.joinMs = [];
  }
}

/** The teacher opens the groups; every student moves into its group's room. */
async function phaseIn(cls) {
  const { teacher, students, db } = cls;
  resetHeard(students);
  const arrived = until(students, () =>
    students.every((b) => parseGroupChannel(b.current) !== null && !b.moving),
  );
  const t0 = performance.now();
  const opened = await ask(teacher, 'class:group:open', {});
  const ackMs = performance.now() - t0;
  await arrived;
  const lastIn = Math.max(...students.map((b) => b.arrivedAt)) - t0;
  const groupOf = new Map(
    opened.groups.flatMap((g) => g.members.map((m) => [m.userId, g.channel])),
  );
  const sizes = opened.groups.map((g) => g.members.length);
  const wrong = await verify(db, students, (b) => groupOf.get(b.id));
  if (wrong.length) throw new Error(`after open, not in their groups: ${wrong.join('; ')}`);
  const heard = students.map((b) => b.heard.open - t0);
  return {
    ms: round1(lastIn),
    teacherAckMs: round1(ackMs),
    heardFirstMs: round1(Math.min(...heard)),
    heardLastMs: round1(Math.max(...heard)),
    joinMs: students.flatMap((b) => b.joinMs),
    sizes,
  };
}

/** The teacher closes the groups (no warning); the clock closes them; everyone comes back. */
async function phaseBack(cls) {
  const { teacher, students, db } = cls;
  resetHeard(students);
  const back = until(students, () => students.every((b) => b.current === ROOM && !b.moving));
  const t0 = performance.now();
  const closing = await ask(teacher, 'class:group:close', {});
  const ackMs = performance.now() - t0;
  if (closing.closingAt === null) throw new Error('the close ack has no closingAt');
  await back;
  const last = Math.max(...students.map((b) => b.arrivedAt));
  const prepared = students.map((b) => b.heard.prepared);
  if (prepared.some((t) => t === undefined)) throw new Error('a student never heard `prepared`');
  const firstPrepared = Math.min(...prepared);
  const wrong = await verify(db, students, () => ROOM);
  if (wrong.length) throw new Error(`after close, not back in ${ROOM}: ${wrong.join('; ')}`);
  return {
    ms: round1(last - t0),
    teacherAckMs: round1(ackMs),
    preparedFirstMs: round1(firstPrepared - t0),
    preparedLastMs: round1(Math.max(...prepared) - t0),
    fromPreparedMs: round1(last - firstPrepared),
    joinMs: students.flatMap((b) => b.joinMs),
  };
}

/** Each baseline bot in turn moves once to its other room (room-2 ↔ room-3); the join times. */
async function singleJoins(cls) {
  const times = [];
  for (let i = 0; i < SINGLE_JOINS; i += 1) {
    for (const single of cls.singles) {
      const room = single.room === 'room-2' ? 'room-3' : 'room-2';
      const t = performance.now();
      const ack = await ask(single.socket, 'class:join', { room });
      times.push(performance.now() - t);
      if (ack.room !== room) throw new Error(`a baseline bot joined ${ack.room}, not ${room}`);
      single.room = room;
      await sleep(50);
    }
  }
  return times;
}

async function pings(cls) {
  const times = [];
  for (let i = 0; i < PINGS; i += 1) {
    const t = performance.now();
    await ask(cls.teacher, 'system:ping', { sentAt: Date.now() });
    times.push(performance.now() - t);
  }
  return times;
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    medianMs: round1(median(sorted)),
    maxMs: round1(sorted.at(-1)),
    n: sorted.length,
  };
};

export async function benchBreakout() {
  const cls = await startClass();
  try {
    await sleep(1000);
    const rounds = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      const single = [];
      single.push(...(await singleJoins(cls)));
      const ping = await pings(cls);
      const open = await phaseIn(cls);
      await sleep(SETTLE_MS);
      single.push(...(await singleJoins(cls)));
      const back = await phaseBack(cls);
      await sleep(SETTLE_MS);
      rounds.push({ open, back, single, ping });
    }
    const load = Number(os.loadavg()[0].toFixed(1));
    const measured = rounds.slice(1);
    const pick = (phase, key) => round1(median(measured.map((r) => r[phase][key])));
    const open = {
      ms: pick('open', 'ms'),
      rounds: measured.map((r) => r.open.ms),
      warmUpMs: rounds[0].open.ms,
      teacherAckMs: pick('open', 'teacherAckMs'),
      heardFirstMs: pick('open', 'heardFirstMs'),
      heardLastMs: pick('open', 'heardLastMs'),
      join: stats(measured.flatMap((r) => r.open.joinMs)),
      sizes: rounds[0].open.sizes,
    };
    const back = {
      ms: pick('back', 'ms'),
      rounds: measured.map((r) => r.back.ms),
      warmUpMs: rounds[0].back.ms,
      teacherAckMs: pick('back', 'teacherAckMs'),
      preparedFirstMs: pick('back', 'preparedFirstMs'),
      preparedLastMs: pick('back', 'preparedLastMs'),
      fromPreparedMs: pick('back', 'fromPreparedMs'),
      fromPreparedRounds: measured.map((r) => r.back.fromPreparedMs),
      join: stats(measured.flatMap((r) => r.back.joinMs)),
    };
    const baseline = {
      singleJoin: stats(measured.flatMap((r) => r.single)),
      pingMs: round1(median(measured.flatMap((r) => r.ping))),
    };
    const result = {
      students: STUDENTS,
      groups: GROUPS,
      rounds: ROUNDS - 1,
      warningS: WARNING_S,
      setupS: cls.setupS,
      load,
      open,
      back,
      baseline,
      targetMs: TARGET_MS,
      withinTarget: open.ms <= TARGET_MS && back.ms <= TARGET_MS,
    };
    const sj = baseline.singleJoin;
    console.log(
      `breakout: ${STUDENTS} students (half on each of 2 processes, Janus) into ${GROUPS} groups of ${open.sizes.join('/')}, ` +
        `teacher on A (setup ${cls.setupS} s, load average ${load}), median of ${ROUNDS - 1} rounds after a warm-up:\n` +
        `breakout: in:   open emit → last student's join ack ${open.ms} ms (rounds ${open.rounds.join(', ')}; warm-up ${open.warmUpMs}); ` +
        `teacher's ack ${open.teacherAckMs} ms, students heard \`open\` ${open.heardFirstMs}–${open.heardLastMs} ms; ` +
        `each student's join ${open.join.medianMs} ms median, max ${open.join.maxMs} ms\n` +
        `breakout: back: close emit → last student's join ack in room-1 ${back.ms} ms (rounds ${back.rounds.join(', ')}; warm-up ${back.warmUpMs}), ` +
        `with CLASS_GROUP_WARNING_S=${WARNING_S} (no 30 s warning); this includes the groups' 1 s clock: ` +
        `\`prepared\` heard ${back.preparedFirstMs}–${back.preparedLastMs} ms after the close emit, then ${back.fromPreparedMs} ms to the last ack ` +
        `(rounds ${back.fromPreparedRounds.join(', ')}); each student's join ${back.join.medianMs} ms median, max ${back.join.maxMs} ms\n` +
        `breakout: baseline (same run): a single join (room-2 ↔ room-3, one bot alone) ${sj.medianMs} ms median, max ${sj.maxMs} ms (n ${sj.n}); ` +
        `system:ping ${baseline.pingMs} ms; in = ${round1(open.ms / sj.medianMs)}× a single join, back from \`prepared\` = ${round1(back.fromPreparedMs / sj.medianMs)}×; ` +
        `target ≤ ${TARGET_MS} ms each way: ${result.withinTarget ? 'met' : '**not met**'}`,
    );
    return result;
  } finally {
    await cls.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(JSON.stringify(await benchBreakout()));

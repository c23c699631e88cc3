// Issue 28 §2: raised hands. A student raises and lowers their own hand; the teacher sees the
// queue in the order raised and lowers one or all; a hand survives a dropped connection and goes
// with a deliberate leave. Driven over the real socket.io client, as an edited page would: a
// student who lowers someone else's hand, or all of them, is refused and changes nothing. Two
// server processes on PostgreSQL and Redis (the teacher on one, the students on the other) when
// TEST_DATABASE_URL and TEST_REDIS_URL are set.
import { randomUUID } from 'node:crypto';
import { ClassroomText } from '@atrium/protocol';
import type { ClassJoinAck, RaisedHand } from '@atrium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { openClient } from '../../../test/people.ts';
import { ask, ok } from '../../../test/socket-client.ts';
import type { ClientSocket } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { openDatabase } from '../../db/database.ts';
import type { Database } from '../../db/database.ts';
import { AccessTokens } from '../../security/access-tokens.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { ClassroomRepository } from './classroom.repository.ts';

const JWT_SECRET = 'classroom-hands-test-secret-0123456789abcdef';
const redisUrl = process.env.TEST_REDIS_URL;
const postgresUrl = process.env.TEST_DATABASE_URL;

const person = (username: string, role: AuthClaims['role'] = 'member'): AuthClaims => ({
  sub: randomUUID(),
  username,
  role,
});

type Hands = { hands: RaisedHand[] };
const names = (h: Hands) => h.hands.map((x) => x.name);

const setups = [
  ['one process on PGlite', false],
  ...(redisUrl && postgresUrl ? [['two processes on PostgreSQL and Redis', true] as const] : []),
] as const;

describe.each(setups)('raised hands (%s)', (_name, twoProcesses) => {
  let database: TestDatabase;
  let second: Database | undefined;
  let teacherSide: TestApp;
  let studentSide: TestApp;
  let repo: ClassroomRepository;
  const opened: ClientSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(twoProcesses ? 'postgres' : 'pglite');
    repo = new ClassroomRepository(database.db);
    const env: Record<string, string> = twoProcesses
      ? { JWT_SECRET, REDIS_URL: redisUrl! }
      : { JWT_SECRET };
    teacherSide = await startTestApp(database, env);
    if (twoProcesses) {
      second = await openDatabase({ kind: 'postgres', url: database.url! });
      studentSide = await startTestApp(second, env);
    } else {
      studentSide = teacherSide;
    }
  });
  afterAll(async () => {
    for (const s of opened) s.disconnect();
    if (studentSide !== teacherSide) await studentSide?.close();
    await teacherSide?.close();
    await second?.close();
    await database?.dispose();
  });

  async function inClass(claims: AuthClaims, room: string, app: TestApp) {
    const { socket } = await openClient(app.url, await new AccessTokens(JWT_SECRET).sign(claims));
    opened.push(socket);
    const ack = await ok<ClassJoinAck>(ask(socket, 'class:join', { room }));
    return { socket, ack, claims };
  }

  /** The next `class:hands` the socket hears that satisfies `test`. */
  const heard = (socket: ClientSocket, test: (h: Hands) => boolean) =>
    new Promise<Hands>((resolve) => {
      const on = socket as unknown as {
        on: (e: string, l: (p: Hands) => void) => void;
        off: (e: string, l: (p: Hands) => void) => void;
      };
      const listener = (payload: Hands) => {
        if (!test(payload)) return;
        on.off('class:hands', listener);
        resolve(payload);
      };
      on.on('class:hands', listener);
    });

  it('queues hands in the order raised, for everyone, and the teacher lowers one or all', async () => {
    const room = 'room-1';
    const teacher = await inClass(person('hteach', 'teacher'), room, teacherSide);
    const ann = await inClass(person('hann'), room, studentSide);
    const bea = await inClass(person('hbea'), room, studentSide);
    expect(teacher.ack.hands).toEqual([]);

    const teacherHearsAnn = heard(teacher.socket, (h) => names(h).join() === 'hann');
    const mine = await ok<Hands>(ask(ann.socket, 'class:hand:raise', {}));
    expect(names(mine)).toEqual(['hann']);
    await teacherHearsAnn;
    await new Promise((r) => setTimeout(r, 5));
    const both = heard(bea.socket, (h) => h.hands.length === 2);
    await ok(ask(bea.socket, 'class:hand:raise', {}));
    // Raising again keeps the first place.
    await ok(ask(ann.socket, 'class:hand:raise', {}));
    expect(names(await both)).toEqual(['hann', 'hbea']);
    const [first, later] = (await both).hands;
    expect(first!.userId).toBe(ann.claims.sub);
    expect(first!.raisedAt).toBeLessThanOrEqual(later!.raisedAt);
    expect(Math.abs(first!.raisedAt - Date.now())).toBeLessThan(60_000);

    // A latecomer learns the queue with the join.
    const cal = await inClass(person('hcal'), room, studentSide);
    expect(names({ hands: cal.ack.hands })).toEqual(['hann', 'hbea']);

    // A student cannot lower someone else's hand, nor all of them: refused, nothing changes.
    expect(await ask(cal.socket, 'class:hand:lower', { userId: ann.claims.sub })).toEqual({
      status: false,
      message: ClassroomText.lowerOwnHand,
    });
    expect(await ask(cal.socket, 'class:hand:lower-all', {})).toEqual({
      status: false,
      message: ClassroomText.hostsOnly,
    });
    for (const bad of [{ userId: 'not-a-uuid' }, { userId: 7 }, { all: true }]) {
      expect((await ask(cal.socket, 'class:hand:lower', bad)).status).toBe(false);
    }
    expect(names({ hands: await handsIn(room) })).toEqual(['hann', 'hbea']);

    // The student lowers their own; the teacher lowers one, then all.
    const beaDown = heard(ann.socket, (h) => names(h).join() === 'hann');
    expect(names(await ok<Hands>(ask(bea.socket, 'class:hand:lower', {})))).toEqual(['hann']);
    await beaDown;
    await ok(ask(bea.socket, 'class:hand:raise', {}));
    const annDown = heard(bea.socket, (h) => names(h).join() === 'hbea');
    const afterOne = await ok<Hands>(
      ask(teacher.socket, 'class:hand:lower', { userId: ann.claims.sub }),
    );
    expect(names(afterOne)).toEqual(['hbea']);
    await annDown;
    await ok(ask(cal.socket, 'class:hand:raise', {}));
    const allDown = heard(cal.socket, (h) => h.hands.length === 0);
    expect(await ok<Hands>(ask(teacher.socket, 'class:hand:lower-all', {}))).toEqual({ hands: [] });
    await allDown;
    for (const c of [teacher, ann, bea, cal]) await ok(ask(c.socket, 'class:leave', {}));
  });

  it('keeps a hand through a dropped connection, lowers it on a deliberate leave', async () => {
    const room = 'room-2';
    const teacher = await inClass(person('dteach', 'teacher'), room, teacherSide);
    const dan = await inClass(person('ddan'), room, studentSide);
    await ok(ask(dan.socket, 'class:hand:raise', {}));

    // The connection drops: the server lets the socket go, the hand stays up.
    dan.socket.disconnect();
    await expect.poll(async () => (await repo.participants(room)).length).toBe(1);
    expect(names({ hands: await handsIn(room) })).toEqual(['ddan']);
    const back = await inClass(dan.claims, room, studentSide);
    expect(names({ hands: back.ack.hands })).toEqual(['ddan']);

    // Leaving on purpose lowers it, and the teacher hears so.
    const down = heard(teacher.socket, (h) => h.hands.length === 0);
    await ok(ask(back.socket, 'class:leave', {}));
    await down;
    expect(await handsIn(room)).toEqual([]);

    // Hands are a class's: nobody raises one outside a class, and the last to leave clears them.
    expect((await ask(back.socket, 'class:hand:raise', {})).status).toBe(false);
    await ok(ask(teacher.socket, 'class:hand:raise', {}));
    teacher.socket.disconnect();
    await expect.poll(() => handsIn(room)).toEqual([]);
  });

  const handsIn = async (room: string) =>
    (await repo.hands(room)).map((row) => ({
      userId: row.userId,
      name: row.name,
      raisedAt: row.raisedAt.getTime(),
    }));
});

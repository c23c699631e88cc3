// Issue 28 §4: breakout groups, driven over the real socket.io client as an edited page would. A
// teacher plans, opens, moves, messages and closes (with the warning); students are let into
// their own group's room only, cannot go back to the main room while groups are open, call the
// teacher, and choose when allowed; every student's forged plan, open, move or close is refused
// and changes nothing. Two server processes on PostgreSQL and Redis (the teacher on one, the
// students on the other) when TEST_DATABASE_URL and TEST_REDIS_URL are set.
import { randomUUID } from 'node:crypto';
import { ClassGroupText, ClassroomText, groupChannel } from '@atrium/protocol';
import type { ClassGroups, ClassJoinAck, ClassRecord, ClassSession } from '@atrium/protocol';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { classSetups, useClassPair } from '../../../test/classroom.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { ask, next, ok } from '../../../test/socket-client.ts';
import type { ClientSocket } from '../../../test/socket-client.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { AccessTokens } from '../../security/access-tokens.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { dealGroups } from './classroom.groups.ts';
import { ClassroomRepository } from './classroom.repository.ts';

const JWT_SECRET = 'classroom-groups-test-secret-0123456789abcdef';

const person = (username: string, role: AuthClaims['role'] = 'member'): AuthClaims => ({
  sub: randomUUID(),
  username,
  role,
});

describe('dealing people into groups', () => {
  it('fills every group as evenly as can be, at random', () => {
    const people = Array.from({ length: 30 }, (_, i) => `p${i}`);
    const dealt = dealGroups(people, 6);
    const sizes = [1, 2, 3, 4, 5, 6].map((g) => [...dealt.values()].filter((v) => v === g).length);
    expect(sizes).toEqual([5, 5, 5, 5, 5, 5]);
    const orders = new Set(
      Array.from({ length: 5 }, () => JSON.stringify([...dealGroups(people, 6).entries()].sort())),
    );
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe.each(classSetups)('breakout groups (%s)', (_name, twoProcesses) => {
  const pair = useClassPair(twoProcesses, JWT_SECRET, {
    CLASSROOM_MEDIA: 'mesh',
    CLASS_GROUP_WARNING_S: '1',
    // Long enough for the tests' students to walk to their groups on a loaded machine.
    CLASS_GROUP_STRAY_S: '5',
  });
  let database: TestDatabase;
  let teacherSide: TestApp;
  let studentSide: TestApp;
  let repo: ClassroomRepository;
  const tokens = new AccessTokens(JWT_SECRET);
  beforeAll(() => {
    ({ database, teacherSide, studentSide } = pair);
    repo = new ClassroomRepository(database.db);
  });

  const connect = (claims: AuthClaims, app: TestApp) => pair.connect(claims, app);
  const join = (socket: ClientSocket, room: string) =>
    ok<ClassJoinAck>(ask(socket, 'class:join', { room }));
  const groupOf = (g: ClassGroups, userId: string) =>
    g.groups.find((x) => x.members.some((m) => m.userId === userId))?.group ?? null;

  // A long journey: 5 s alone, past 30 s on PGlite in a loaded CI run (2026-11-28).
  it('runs groups: plan, open, own rooms only, moves, calls, messages, mute rules, close', async () => {
    const room = 'room-1';
    const teacher = await connect(person('gteach', 'teacher'), teacherSide);
    const ann = await connect(person('gann'), studentSide);
    const bea = await connect(person('gbea'), studentSide);
    const cal = await connect(person('gcal'), studentSide);
    const plan = { room, count: 2, mode: 'random', minutes: null, assignments: {} };

    // A student plans nothing; bad plans are refused and change nothing.
    expect(await ask(ann.socket, 'class:group:plan', plan)).toEqual({
      status: false,
      message: ClassroomText.hostsOnly,
    });
    for (const bad of [
      { ...plan, count: 1 },
      { ...plan, count: 11 },
      { ...plan, mode: 'alphabetical' },
      { ...plan, minutes: 0 },
      { ...plan, assignments: { 'not-a-uuid': 1 } },
      { ...plan, room: 'room-9' },
    ]) {
      expect((await ask(teacher.socket, 'class:group:plan', bad)).status).toBe(false);
    }
    expect(
      await ask(teacher.socket, 'class:group:plan', {
        ...plan,
        assignments: { [ann.claims.sub]: 3 },
      }),
    ).toEqual({ status: false, message: ClassGroupText.groupRange });
    // Prepared before class, with Ann placed by hand in group 2.
    const prepared = await ok<ClassGroups>(
      ask(teacher.socket, 'class:group:plan', { ...plan, assignments: { [ann.claims.sub]: 2 } }),
    );
    expect(prepared).toMatchObject({ state: 'prepared', count: 2, groups: [{}, {}] });

    await join(teacher.socket, room);
    for (const s of [ann, bea, cal]) await join(s.socket, room);
    for (const [event, payload] of [
      ['class:group:open', {}],
      ['class:group:close', {}],
      ['class:group:move', { userId: bea.claims.sub, group: 1 }],
      ['class:group:message', { text: 'hi' }],
      ['class:group:answer', { userId: bea.claims.sub }],
    ] as const) {
      expect((await ask(ann.socket, event, payload)).status).toBe(false);
    }
    expect((await ok<ClassGroups>(ask(teacher.socket, 'class:group:state', { room }))).state).toBe(
      'prepared',
    );

    // Open: everyone hears it on their process; Ann is in group 2, the others dealt evenly.
    const annHears = next(ann.socket, 'class:groups', (g) => g.state === 'open');
    const opened = await ok<ClassGroups>(ask(teacher.socket, 'class:group:open', {}));
    expect(opened.state).toBe('open');
    await annHears;
    expect(groupOf(opened, ann.claims.sub)).toBe(2);
    const sizes = opened.groups.map((g) => g.members.length).sort();
    expect(sizes).toEqual([1, 2]);
    expect(opened.groups.flatMap((g) => g.members.map((m) => m.name))).not.toContain('gteach');
    expect((await ask(teacher.socket, 'class:group:open', {})).status).toBe(false);

    // Each student into their own group's room; not another's, and not back to the main room.
    const mine = (s: { claims: AuthClaims }) => groupOf(opened, s.claims.sub)!;
    const allPresent = next(teacher.socket, 'class:groups', (g) =>
      g.groups.flatMap((x) => x.members).every((m) => m.present),
    );
    for (const s of [ann, bea, cal]) await join(s.socket, groupChannel(room, mine(s)));
    const other = (s: { claims: AuthClaims }) => (mine(s) === 1 ? 2 : 1);
    expect(await ask(ann.socket, 'class:join', { room: groupChannel(room, other(ann)) })).toEqual({
      status: false,
      message: ClassGroupText.notYourGroup,
    });
    expect(await ask(bea.socket, 'class:join', { room })).toEqual({
      status: false,
      message: ClassGroupText.stayInGroup,
    });
    expect((await ask(bea.socket, 'class:join', { room: 'room-1-g9' })).status).toBe(false);
    const now = await ok<ClassGroups>(ask(teacher.socket, 'class:group:state', { room }));
    expect(now.groups.flatMap((g) => g.members).every((m) => m.present)).toBe(true);
    // The teacher's overview hears it too, without asking.
    await allPresent;

    // The teacher moves Cal; his new group's room lets him in, his old one no longer does.
    const calTo = other(cal);
    const moved = await ok<ClassGroups>(
      ask(teacher.socket, 'class:group:move', { userId: cal.claims.sub, group: calTo }),
    );
    expect(groupOf(moved, cal.claims.sub)).toBe(calTo);
    expect(
      (await ask(teacher.socket, 'class:group:move', { userId: randomUUID(), group: 1 })).status,
    ).toBe(false);
    await join(cal.socket, groupChannel(room, calTo));

    // Call the teacher: the teacher's overview shows it; answering clears it.
    const calling = next(teacher.socket, 'class:groups', (g) =>
      g.groups.some((x) => x.members.some((m) => m.calling)),
    );
    await ok(ask(ann.socket, 'class:group:call', {}));
    await calling;
    expect((await ask(teacher.socket, 'class:group:call', {})).status).toBe(false);
    const answered = await ok<ClassGroups>(
      ask(teacher.socket, 'class:group:answer', { userId: ann.claims.sub }),
    );
    expect(answered.groups.flatMap((g) => g.members).some((m) => m.calling)).toBe(false);

    // Who speaks in a group reaches the teacher's overview, on the teacher's process, with the
    // speaker named by the server; from outside a group, or naming someone, it is refused.
    const heard = next(teacher.socket, 'class:group:speaking');
    await ok(ask(ann.socket, 'class:group:speak', { speaking: true }));
    expect(await heard).toEqual({ room, group: mine(ann), userId: ann.claims.sub, speaking: true });
    expect(await ask(teacher.socket, 'class:group:speak', { speaking: true })).toEqual({
      status: false,
      message: ClassGroupText.notInGroup,
    });
    for (const bad of [{}, { speaking: 'yes' }, { speaking: true, userId: bea.claims.sub }]) {
      expect((await ask(ann.socket, 'class:group:speak', bad)).status).toBe(false);
    }

    // A message to all groups reaches every group's room.
    const notices = [ann, bea, cal].map((s) => next(s.socket, 'class:group:notice'));
    await ok(ask(teacher.socket, 'class:group:message', { text: 'Two minutes left' }));
    for (const n of notices) expect(await n).toMatchObject({ text: 'Two minutes left', room });

    // The teacher's mute-all in the main room holds inside the groups.
    const beaMuted = next(
      bea.socket,
      'class:attributes',
      (a) => a.attributes.isUnmutedAudioProhibited,
    );
    await ok(ask(teacher.socket, 'class:mute-all', { kind: 'audio', mute: true }));
    await beaMuted;
    const inGroups = (await repo.participants(groupChannel(room, 1))).concat(
      await repo.participants(groupChannel(room, 2)),
    );
    expect(inGroups.map((r) => r.audioProhibited)).toEqual([true, true, true]);
    await ok(ask(teacher.socket, 'class:mute-all', { kind: 'audio', mute: false }));

    // The teacher visits group 1, then comes back.
    await join(teacher.socket, groupChannel(room, 1));
    await join(teacher.socket, room);

    // Close: the warning first (closingAt), then everyone is back and the groups' rooms shut.
    const closing = await ok<ClassGroups>(ask(teacher.socket, 'class:group:close', {}));
    expect(closing.closingAt).toBeGreaterThan(Date.now() - 1000);
    expect(closing.state).toBe('open');
    const closed = next(ann.socket, 'class:groups', (g) => g.state === 'prepared');
    expect((await closed).groups.flatMap((g) => g.members)).toEqual([]);
    await join(ann.socket, room);
    expect((await ask(bea.socket, 'class:join', { room: groupChannel(room, 1) })).status).toBe(
      false,
    );

    // The record keeps the time each spent in their group.
    const read = async <T>(path: string): Promise<T> => {
      const response = await fetch(`${teacherSide.url}${path}`, {
        headers: { authorization: `Bearer ${await tokens.sign(teacher.claims)}` },
      });
      return ((await response.json()) as { data: T }).data;
    };
    const [session] = await read<ClassSession[]>(`/api/classrooms/${room}/sessions`);
    const record = await read<ClassRecord>(`/api/class-sessions/${session!.id}/record`);
    const annRow = record.rows.find((r) => r.name === 'gann')!;
    expect(annRow.groupSeconds.map((g) => g.group)).toEqual([2]);
    // Moving into a group and back is not a rejoin.
    expect(annRow.rejoins).toBe(0);
    for (const s of [teacher, ann, bea, cal]) await ok(ask(s.socket, 'class:leave', {}));
  }, 90_000);

  it('takes a student who ignores the groups out of the main room, and names their group', async () => {
    const room = 'room-3';
    const teacher = await connect(person('steach', 'teacher'), teacherSide);
    const eli = await connect(person('seli'), studentSide);
    const fin = await connect(person('sfin'), studentSide);
    await ok(
      ask(teacher.socket, 'class:group:plan', {
        room,
        count: 2,
        mode: 'random',
        minutes: null,
        assignments: {},
      }),
    );
    for (const s of [teacher, eli, fin]) await join(s.socket, room);
    const sentOff = next(eli.socket, 'class:group:stray');
    const opened = await ok<ClassGroups>(ask(teacher.socket, 'class:group:open', {}));
    const finGroup = groupChannel(room, groupOf(opened, fin.claims.sub)!);
    const eliGroup = groupChannel(room, groupOf(opened, eli.claims.sub)!);
    // Fin follows the groups; Eli's page (edited) ignores them and stays with the teacher.
    await join(fin.socket, finGroup);
    const stayed = Date.now();
    expect(await sentOff).toEqual({ room: eliGroup });
    expect(Date.now() - stayed).toBeGreaterThan(3000);
    // Out of the main room on every process; Fin, in his group, untouched.
    expect((await repo.participants(room)).map((r) => r.userId)).toEqual([teacher.claims.sub]);
    expect((await repo.participants(finGroup)).map((r) => r.userId)).toEqual([fin.claims.sub]);
    expect(await ask(eli.socket, 'class:join', { room })).toEqual({
      status: false,
      message: ClassGroupText.stayInGroup,
    });
    await join(eli.socket, eliGroup);
    const closed = next(eli.socket, 'class:groups', (g) => g.state === 'prepared');
    await ok(ask(teacher.socket, 'class:group:close', {}));
    await closed;
    for (const s of [teacher, eli, fin]) await ok(ask(s.socket, 'class:leave', {}));
  }, 60_000);

  it('lets students choose when allowed, and a countdown closes the groups by itself', async () => {
    const room = 'room-2';
    const teacher = await connect(person('cteach', 'teacher'), teacherSide);
    const dee = await connect(person('cdee'), studentSide);
    await ok(
      ask(teacher.socket, 'class:group:plan', {
        room,
        count: 3,
        mode: 'choose',
        minutes: 5,
        assignments: {},
      }),
    );
    await join(teacher.socket, room);
    await join(dee.socket, room);
    const opened = await ok<ClassGroups>(ask(teacher.socket, 'class:group:open', {}));
    expect(opened.groups.flatMap((g) => g.members)).toEqual([]);
    expect(opened.endsAt).toBeGreaterThan(Date.now() + 4 * 60_000);
    // Not chosen yet: the main room is still hers; she picks group 3, then changes to 1.
    await join(dee.socket, room);
    expect((await ask(dee.socket, 'class:group:choose', { group: 4 })).status).toBe(false);
    await ok(ask(dee.socket, 'class:group:choose', { group: 3 }));
    const changed = await ok<ClassGroups>(ask(dee.socket, 'class:group:choose', { group: 1 }));
    expect(groupOf(changed, dee.claims.sub)).toBe(1);
    await join(dee.socket, groupChannel(room, 1));
    // A teacher does not choose a group for themself.
    expect((await ask(teacher.socket, 'class:group:choose', { group: 2 })).status).toBe(false);

    // The countdown runs out (moved into the past here): the warning, then the groups close.
    await database.db.execute(
      sql`update classroom_breakouts set ends_at = now() - interval '1 second' where channel = ${room}`,
    );
    const warned = next(dee.socket, 'class:groups', (g) => g.closingAt !== null);
    await warned;
    const closed = next(dee.socket, 'class:groups', (g) => g.state === 'prepared');
    await closed;
    await join(dee.socket, room);
    for (const s of [teacher, dee]) await ok(ask(s.socket, 'class:leave', {}));
  });
});

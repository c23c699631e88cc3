// Issue 28 §5: attendance and the class record. The rows are computed from the session's events
// (checked on their own first), then a class runs over the real socket.io client (a teacher on one
// process, students on another when TEST_DATABASE_URL and TEST_REDIS_URL are set): joins, a leave
// and a rejoin, hands, a poll, End class. The record is read over HTTP as the teacher (everyone),
// a student (their own row), a stranger (refused), as CSV; old records go after the retention.
import { randomUUID } from 'node:crypto';
import { AdminApi, ClassRecordText, ClassroomText, routeUrl } from '@atrium/protocol';
import type { ClassJoinAck, ClassPollView, ClassRecord, ClassSession } from '@atrium/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { classSetups, useClassPair } from '../../../test/classroom.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { ask, next, ok } from '../../../test/socket-client.ts';
import type { TestApp } from '../../../test/test-app.ts';
import type { ClassroomSessionEventRow, ClassroomSessionRow } from '../../db/schema.ts';
import { AccessTokens } from '../../security/access-tokens.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { RecordRepository } from './classroom.record.repository.ts';
import { createRecordService, recordCsv, recordRows } from './classroom.record.ts';

const JWT_SECRET = 'classroom-record-test-secret-0123456789abcdef';

const person = (username: string, role: AuthClaims['role'] = 'member'): AuthClaims => ({
  sub: randomUUID(),
  username,
  role,
});

describe('a class record from its events', () => {
  const t0 = new Date('2026-11-27T09:00:00Z');
  const at = (s: number) => new Date(t0.getTime() + s * 1000);
  const session: ClassroomSessionRow = {
    id: randomUUID(),
    channel: 'room-1',
    startedAt: t0,
    endedAt: at(3600),
    endedBy: null,
  };
  const ev = (userId: string, name: string, kind: 'join' | 'leave' | 'hand', s: number) =>
    ({
      id: randomUUID(),
      sessionId: session.id,
      userId,
      name,
      role: 'member',
      kind,
      at: at(s),
    }) as ClassroomSessionEventRow;

  it('sums every stay, counts rejoins and hands, and closes stays at the end of the session', () => {
    const rows = recordRows(
      session,
      [
        ev('a', 'ann', 'join', 0),
        ev('b', 'bea', 'join', 60),
        ev('a', 'ann', 'hand', 100),
        ev('a', 'ann', 'leave', 600),
        // Two tabs: time counts once while either is in.
        ev('b', 'bea', 'join', 700),
        ev('a', 'ann', 'join', 900),
        ev('b', 'bea', 'leave', 800),
        ev('a', 'ann', 'hand', 1000),
        ev('a', 'ann', 'leave', 1200),
        // A leave without its join (before the record began) changes nothing.
        ev('c', 'cal', 'leave', 5),
      ],
      [{ userId: 'b', question: 'Largest planet?', answer: 'Jupiter', at: at(300) }],
      at(4000),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'ann',
        rejoins: 1,
        presentSeconds: 600 + 300,
        handsRaised: 2,
        lastLeftAt: at(1200).toISOString(),
      }),
      expect.objectContaining({
        name: 'bea',
        rejoins: 0,
        // Still in at the end of the session (its process died): present until it ended.
        presentSeconds: 3600 - 60,
        lastLeftAt: at(3600).toISOString(),
        pollAnswers: [{ question: 'Largest planet?', answer: 'Jupiter' }],
      }),
    ]);
    // While the session runs, someone still in has no last leave and counts until now.
    const running = recordRows(
      { ...session, endedAt: null },
      [ev('b', 'bea', 'join', 60), ev('b', 'bea', 'leave', 120), ev('b', 'bea', 'join', 180)],
      [],
      at(600),
    );
    expect(running[0]).toMatchObject({ lastLeftAt: null, rejoins: 1, presentSeconds: 60 + 420 });
    const csv = recordCsv({
      session: {
        id: session.id,
        room: 'room-1',
        startedAt: t0.toISOString(),
        endedAt: null,
        people: 2,
      },
      rows: [{ ...rows[0]!, name: '=HYPERLINK("x")' }],
    });
    expect(csv.split('\r\n')[0]).toBe(
      'name,role,first_joined_at,last_left_at,rejoins,present_minutes,hands_raised,poll_answers,group_minutes',
    );
    // A name a spreadsheet would run is neutralised.
    expect(csv.split('\r\n')[1]).toMatch(/^"'=HYPERLINK\(""x""\)",member,/);
  });
});

describe.each(classSetups)('the class record (%s)', (_name, twoProcesses) => {
  const pair = useClassPair(twoProcesses, JWT_SECRET, { CLASSROOM_MEDIA: 'mesh' });
  let database: TestDatabase;
  let teacherSide: TestApp;
  let studentSide: TestApp;
  const tokens = new AccessTokens(JWT_SECRET);
  beforeAll(() => {
    ({ database, teacherSide, studentSide } = pair);
  });

  async function joined(claims: AuthClaims, app: TestApp, room = 'room-3') {
    const { socket } = await pair.connect(claims, app);
    const ack = await ok<ClassJoinAck>(ask(socket, 'class:join', { room }));
    return { socket, ack, claims };
  }
  async function get(app: TestApp, claims: AuthClaims, path: string) {
    return fetch(`${app.url}${path}`, {
      headers: { authorization: `Bearer ${await tokens.sign(claims)}` },
    });
  }
  async function json<T>(app: TestApp, claims: AuthClaims, path: string): Promise<T> {
    const response = await get(app, claims, path);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: T }).data;
  }

  it('records joins, leaves, rejoins, hands and poll answers; End class finalises it', async () => {
    const teacher = await joined(person('rec-teach', 'teacher'), teacherSide);
    const ann = await joined(person('rec-ann'), studentSide);
    const bea = await joined(person('rec-bea'), studentSide);
    const stranger = person('rec-eve');

    await ok(ask(ann.socket, 'class:hand:raise', {}));
    // Raising again while up is not a second hand.
    await ok(ask(ann.socket, 'class:hand:raise', {}));
    const poll = await ok<ClassPollView>(
      ask(teacher.socket, 'class:poll:create', {
        question: 'Largest planet?',
        options: ['Mars', 'Jupiter'],
        anonymous: false,
      }),
    );
    await ok(ask(ann.socket, 'class:poll:vote', { pollId: poll.id, choice: 1 }));
    await ok(ask(bea.socket, 'class:poll:vote', { pollId: poll.id, choice: 0 }));
    await ok(ask(teacher.socket, 'class:poll:close', { pollId: poll.id }));

    // Bea leaves and comes back.
    await ok(ask(bea.socket, 'class:leave', {}));
    await ok(ask(bea.socket, 'class:join', { room: 'room-3' }));

    const [running] = await json<ClassSession[]>(
      teacherSide,
      teacher.claims,
      '/api/classrooms/room-3/sessions',
    );
    expect(running).toMatchObject({ room: 'room-3', endedAt: null, people: 3 });

    // A student cannot end the class; the teacher can, and everyone hears it.
    expect(await ask(ann.socket, 'class:end', {})).toEqual({
      status: false,
      message: ClassroomText.hostsOnly,
    });
    const annHears = next(ann.socket, 'class:ended');
    const beaHears = next(bea.socket, 'class:ended');
    await ok(ask(teacher.socket, 'class:end', {}));
    expect(await annHears).toEqual({ room: 'room-3' });
    await beaHears;
    // Nothing of the class is left for them: their pages' next acts are refused.
    await expect
      .poll(async () => (await ask(ann.socket, 'class:hand:raise', {})).status)
      .toBe(false);

    const [ended] = await json<ClassSession[]>(
      studentSide,
      teacher.claims,
      '/api/classrooms/room-3/sessions',
    );
    expect(ended!.id).toBe(running!.id);
    expect(ended!.endedAt).not.toBeNull();

    const record = await json<ClassRecord>(
      studentSide,
      teacher.claims,
      `/api/class-sessions/${ended!.id}/record`,
    );
    const byName = Object.fromEntries(record.rows.map((r) => [r.name, r]));
    expect(Object.keys(byName).sort()).toEqual(['rec-ann', 'rec-bea', 'rec-teach']);
    expect(byName['rec-ann']).toMatchObject({
      rejoins: 0,
      handsRaised: 1,
      pollAnswers: [{ question: 'Largest planet?', answer: 'Jupiter' }],
    });
    expect(byName['rec-bea']).toMatchObject({
      rejoins: 1,
      handsRaised: 0,
      pollAnswers: [{ question: 'Largest planet?', answer: 'Mars' }],
    });
    for (const row of record.rows) {
      expect(row.lastLeftAt).not.toBeNull();
      expect(row.presentSeconds).toBeGreaterThanOrEqual(0);
      expect(row.presentSeconds).toBeLessThan(120);
      expect(Date.parse(row.lastLeftAt!)).toBeGreaterThanOrEqual(Date.parse(row.firstJoinedAt));
    }

    // A student sees their own row, a stranger nothing; the CSV lists everyone for the teacher.
    const own = await json<ClassRecord>(
      studentSide,
      ann.claims,
      `/api/class-sessions/${ended!.id}/record`,
    );
    expect(own.rows.map((r) => r.name)).toEqual(['rec-ann']);
    const refused = await get(studentSide, stranger, `/api/class-sessions/${ended!.id}/record`);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain(ClassRecordText.notInSession);
    expect(
      await json<ClassSession[]>(studentSide, stranger, '/api/classrooms/room-3/sessions'),
    ).toEqual([]);
    const csv = await get(
      teacherSide,
      teacher.claims,
      `/api/class-sessions/${ended!.id}/record.csv`,
    );
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(['rec-ann', 'rec-bea', 'rec-teach']);
    // Bad ids are refused clearly.
    expect((await get(teacherSide, teacher.claims, '/api/class-sessions/nope/record')).status).toBe(
      400,
    );
    expect(
      (await get(teacherSide, teacher.claims, `/api/class-sessions/${randomUUID()}/record`)).status,
    ).toBe(404);
    expect((await get(teacherSide, teacher.claims, '/api/classrooms/room-9/sessions')).status).toBe(
      400,
    );
  });

  it('lets admins set the retention, and deletes records past it', async () => {
    const admin = person('rec-admin', 'admin');
    const teacher = person('rec-teach2', 'teacher');
    const patch = async (claims: AuthClaims, body: unknown) =>
      fetch(`${teacherSide.url}/api/settings/classroom`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${await tokens.sign(claims)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    expect(await json(teacherSide, admin, '/api/settings/classroom')).toEqual({
      record_retention_days: 180,
    });
    expect((await patch(teacher, { record_retention_days: 30 })).status).toBe(403);
    for (const bad of [{ record_retention_days: 0 }, { record_retention_days: 1.5 }, { x: 1 }]) {
      const response = await patch(admin, bad);
      expect(response.status).toBe(400);
    }
    expect((await patch(admin, { record_retention_days: 30 })).status).toBe(200);
    expect(await json(studentSide, admin, '/api/settings/classroom')).toEqual({
      record_retention_days: 30,
    });

    // A class that ended: kept within the retention, gone past it.
    const t = await joined(teacher, teacherSide, 'room-2');
    await ok(ask(t.socket, 'class:leave', {}));
    const service = createRecordService(new RecordRepository(database.db));
    expect(await service.purge(30)).toBe(0);
    const later = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    expect(await service.purge(30, later)).toBeGreaterThanOrEqual(1);
    expect(
      await json<ClassSession[]>(teacherSide, teacher, '/api/classrooms/room-2/sessions'),
    ).toEqual([]);
  });

  it('an admin ends a class from the console: everyone hears it, the record ends, the log says who', async () => {
    const teacher = await joined(person('end-teach', 'teacher'), teacherSide, 'room-1');
    const ann = await joined(person('end-ann'), studentSide, 'room-1');
    const admin = person('end-admin', 'admin');
    const annHears = next(ann.socket, 'class:ended');
    const teacherHears = next(teacher.socket, 'class:ended');
    const end = await fetch(
      `${studentSide.url}${routeUrl(AdminApi.endClass, { params: { channel: 'room-1' } })}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${await tokens.sign(admin)}` },
      },
    );
    expect(end.status).toBe(200);
    expect(((await end.json()) as { message: string }).message).toBe(
      'room-1: the class ended; 2 people left.',
    );
    expect(await annHears).toEqual({ room: 'room-1' });
    expect(await teacherHears).toEqual({ room: 'room-1' });
    const [ended] = await json<ClassSession[]>(
      teacherSide,
      admin,
      '/api/classrooms/room-1/sessions',
    );
    expect(ended?.endedAt).not.toBeNull();
    const rooms = await json<Array<{ channel: string; people: unknown[] }>>(
      teacherSide,
      admin,
      AdminApi.classrooms.path,
    );
    expect(rooms.find((r) => r.channel === 'room-1')?.people).toEqual([]);
    // A teacher is not an admin: the console's route is not there for them.
    const refused = await fetch(
      `${teacherSide.url}${routeUrl(AdminApi.endClass, { params: { channel: 'room-2' } })}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${await tokens.sign(teacher.claims)}` },
      },
    );
    expect(refused.status).toBe(404);
  });
});

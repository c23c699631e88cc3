// Issue 28 §3: polls in a live class. A teacher opens a poll, students answer and change their
// answer, the teacher sees counts and names as they come, closes the poll and shows the results.
// Driven over the real socket.io client, as an edited page would: a student's forged create,
// close or show, a vote for someone else, in another class's poll, after the close or out of
// range is refused and changes nothing in the database. Two server processes on PostgreSQL and
// Redis (the teacher on one, the students on the other) when TEST_DATABASE_URL and
// TEST_REDIS_URL are set.
import { randomUUID } from 'node:crypto';
import { ClassPollText, ClassroomText, POLL_PRESETS, SocketText } from '@atrium/protocol';
import type { ClassPollState, ClassPollView } from '@atrium/protocol';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { openClient } from '../../../test/people.ts';
import type { Client } from '../../../test/people.ts';
import { ask, ok } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { openDatabase } from '../../db/database.ts';
import type { Database } from '../../db/database.ts';
import { classroomPollVotes, classroomPolls } from '../../db/schema.ts';
import { AccessTokens } from '../../security/access-tokens.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';

const JWT_SECRET = 'classroom-polls-test-secret-0123456789abcdef';
const redisUrl = process.env.TEST_REDIS_URL;
const postgresUrl = process.env.TEST_DATABASE_URL;

const person = (username: string, role: AuthClaims['role'] = 'member'): AuthClaims => ({
  sub: randomUUID(),
  username,
  role,
});

const setups = [
  ['one process on PGlite', false],
  ...(redisUrl && postgresUrl ? [['two processes on PostgreSQL and Redis', true] as const] : []),
] as const;

type Person = Client & { claims: AuthClaims };

describe.each(setups)('class polls (%s)', (_name, twoProcesses) => {
  let database: TestDatabase;
  let second: Database | undefined;
  let teacherSide: TestApp;
  let studentSide: TestApp;
  const opened: Client[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(twoProcesses ? 'postgres' : 'pglite');
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
    for (const c of opened) c.close();
    if (studentSide !== teacherSide) await studentSide?.close();
    await teacherSide?.close();
    await second?.close();
    await database?.dispose();
  });

  async function inClass(claims: AuthClaims, room: string, app: TestApp): Promise<Person> {
    const client = await openClient(app.url, await new AccessTokens(JWT_SECRET).sign(claims));
    opened.push(client);
    await ok(ask(client.socket, 'class:join', { room }));
    return Object.assign(client, { claims });
  }

  /** Every `class:poll` the person heard. */
  const heardPolls = (c: Client) =>
    c.seen.filter((s) => s.event === 'class:poll').map((s) => (s.payload as ClassPollState).poll);

  /** The class's polls and answers as stored. */
  const stored = async () => ({
    polls: await database.db.select().from(classroomPolls).orderBy(asc(classroomPolls.createdAt)),
    votes: await database.db
      .select({ userId: classroomPollVotes.userId, choice: classroomPollVotes.choice })
      .from(classroomPollVotes)
      .orderBy(asc(classroomPollVotes.userId)),
  });

  const refusal = (message: string) => ({ status: false, message });

  it('runs a poll: answers live for the teacher, forged messages refused, results shown', async () => {
    const room = 'room-1';
    const teacher = await inClass(person('pteach', 'teacher'), room, teacherSide);
    const ann = await inClass(person('pann'), room, studentSide);
    const bea = await inClass(person('pbea'), room, studentSide);
    expect(await ok(ask(ann.socket, 'class:poll:current', {}))).toEqual({ poll: null });
    expect(await ok(ask(teacher.socket, 'class:poll:current', {}))).toEqual({ poll: null });

    // Drafts outside the limits are refused before anything is stored.
    const good = { question: 'Ready?', options: ['Yes', 'No'], anonymous: false };
    const bad = [
      { ...good, options: ['Only one'] },
      { ...good, options: ['1', '2', '3', '4', '5', '6', '7'] },
      { ...good, question: '   ' },
      { ...good, options: ['Yes', '  '] },
      { ...good, options: ['Yes', ' yes '] },
      { ...good, question: 'q'.repeat(201) },
      { ...good, options: ['Yes', 'n'.repeat(81)] },
      { ...good, options: ['Yes', 'No\u0000'] },
      { question: 'Ready?', options: ['Yes', 'No'] },
      { ...good, channel: 'room-2' },
    ];
    for (const draft of bad) {
      expect(await ask(teacher.socket, 'class:poll:create', draft)).toEqual(
        refusal(SocketText.invalidPayload),
      );
    }
    // A student's edited page cannot open one either.
    expect(await ask(ann.socket, 'class:poll:create', good)).toEqual(
      refusal(ClassroomText.hostsOnly),
    );
    expect((await stored()).polls).toEqual([]);

    // The teacher opens a Yes/No poll: students hear the question without results.
    const annHearsOpen = ann.wait('class:poll', (p) => p.poll?.open === true);
    const created = await ok<ClassPollView>(
      ask(teacher.socket, 'class:poll:create', {
        question: '  Ready for the quiz? ',
        options: [...POLL_PRESETS.yesNo],
        anonymous: false,
      }),
    );
    expect(created).toEqual({
      id: expect.any(String),
      question: 'Ready for the quiz?',
      options: ['Yes', 'No'],
      anonymous: false,
      open: true,
      shown: false,
      counts: [0, 0],
      total: 0,
      voters: [],
    });
    expect((await annHearsOpen).poll).toEqual({
      id: created.id,
      question: 'Ready for the quiz?',
      options: ['Yes', 'No'],
      anonymous: false,
      open: true,
      shown: false,
    });
    const pollId = created.id;

    // One open poll per class.
    expect(await ask(teacher.socket, 'class:poll:create', good)).toEqual(
      refusal(ClassPollText.alreadyOpen),
    );

    // Ann answers, then changes her answer; the teacher (other process) sees both live.
    const teacherSeesYes = teacher.wait('class:poll', (p) => p.poll?.total === 1);
    const annYes = await ok<ClassPollView>(
      ask(ann.socket, 'class:poll:vote', { pollId, choice: 0 }),
    );
    expect(annYes.mine).toBe(0);
    expect(annYes.counts).toBeUndefined();
    expect(annYes.voters).toBeUndefined();
    expect((await teacherSeesYes).poll).toMatchObject({
      counts: [1, 0],
      voters: [{ userId: ann.claims.sub, name: 'pann', choice: 0 }],
    });
    const teacherSeesNo = teacher.wait('class:poll', (p) => p.poll?.counts?.[1] === 1);
    expect(await ok(ask(ann.socket, 'class:poll:vote', { pollId, choice: 1 }))).toMatchObject({
      mine: 1,
    });
    expect((await teacherSeesNo).poll).toMatchObject({
      counts: [0, 1],
      total: 1,
      voters: [{ userId: ann.claims.sub, name: 'pann', choice: 1 }],
    });

    // Forged votes: for someone else, out of range, in no such poll, by the teacher.
    const before = await stored();
    for (const payload of [
      { pollId, choice: 0, userId: ann.claims.sub },
      { pollId, choice: 0, name: 'pann' },
      { pollId, choice: 6 },
      { pollId, choice: -1 },
      { pollId, choice: 0.5 },
      { pollId: 'not-a-uuid', choice: 0 },
    ]) {
      expect(await ask(bea.socket, 'class:poll:vote', payload)).toEqual(
        refusal(SocketText.invalidPayload),
      );
    }
    expect(await ask(bea.socket, 'class:poll:vote', { pollId, choice: 2 })).toEqual(
      refusal(ClassPollText.choiceOutOfRange),
    );
    expect(await ask(bea.socket, 'class:poll:vote', { pollId: randomUUID(), choice: 0 })).toEqual(
      refusal(ClassPollText.noSuchPoll),
    );
    expect(await ask(teacher.socket, 'class:poll:vote', { pollId, choice: 0 })).toEqual(
      refusal(ClassPollText.hostsDoNotVote),
    );
    // A student's close and show are refused; the poll stays open and unshown.
    expect(await ask(bea.socket, 'class:poll:close', { pollId })).toEqual(
      refusal(ClassroomText.hostsOnly),
    );
    expect(await ask(bea.socket, 'class:poll:show', { pollId })).toEqual(
      refusal(ClassroomText.hostsOnly),
    );
    expect(await stored()).toEqual(before);
    expect(before.polls[0]).toMatchObject({ closedAt: null, shown: false });
    expect(before.votes).toEqual([{ userId: ann.claims.sub, choice: 1 }]);

    // A late joiner asks for the class's poll and finds it open, unanswered.
    const cal = await inClass(person('pcal'), room, studentSide);
    expect(await ok(ask(cal.socket, 'class:poll:current', {}))).toEqual({
      poll: { ...(await annHearsOpen).poll, mine: null },
    });
    expect(await ok(ask(ann.socket, 'class:poll:current', {}))).toMatchObject({
      poll: { id: pollId, mine: 1 },
    });

    await ok(ask(bea.socket, 'class:poll:vote', { pollId, choice: 0 }));
    // Results are shown only once the poll is closed.
    expect(await ask(teacher.socket, 'class:poll:show', { pollId })).toEqual(
      refusal(ClassPollText.closeFirst),
    );

    // The teacher closes it: the students hear it closed, still without results.
    const calHearsClosed = cal.wait('class:poll', (p) => p.poll?.open === false);
    const closed = await ok<ClassPollView>(ask(teacher.socket, 'class:poll:close', { pollId }));
    expect(closed).toMatchObject({ open: false, shown: false, counts: [1, 1], total: 2 });
    expect(closed.voters?.map((v) => v.name).sort()).toEqual(['pann', 'pbea']);
    const heardClosed = (await calHearsClosed).poll!;
    expect(heardClosed.counts).toBeUndefined();
    expect(heardClosed.total).toBeUndefined();
    // Closing twice answers the same.
    expect(await ok(ask(teacher.socket, 'class:poll:close', { pollId }))).toEqual(closed);

    // No answer after the close.
    expect(await ask(ann.socket, 'class:poll:vote', { pollId, choice: 0 })).toEqual(
      refusal(ClassPollText.closed),
    );
    expect((await stored()).votes).toHaveLength(2);
    // Unshown, a closed poll is the teacher's alone.
    expect(await ok(ask(cal.socket, 'class:poll:current', {}))).toEqual({ poll: null });
    expect(await ok(ask(teacher.socket, 'class:poll:current', {}))).toEqual({ poll: closed });

    // Shown: every student sees the counts, never the names.
    const calHearsShown = cal.wait('class:poll', (p) => p.poll?.shown === true);
    expect(await ok(ask(teacher.socket, 'class:poll:show', { pollId }))).toMatchObject({
      shown: true,
      counts: [1, 1],
    });
    expect((await calHearsShown).poll).toMatchObject({ counts: [1, 1], total: 2, shown: true });
    expect(await ok(ask(ann.socket, 'class:poll:current', {}))).toMatchObject({
      poll: { counts: [1, 1], mine: 1, shown: true },
    });

    // What each side heard: students never a teacher's view, the teacher never a student's.
    for (const student of [ann, bea, cal]) {
      for (const poll of heardPolls(student)) {
        expect(poll?.voters).toBeUndefined();
        if (!poll?.shown) expect(poll?.counts).toBeUndefined();
      }
    }
    expect(heardPolls(teacher).length).toBeGreaterThanOrEqual(5);
    for (const poll of heardPolls(teacher)) expect(poll?.counts).toBeDefined();

    // The next poll may open now: six answers, trimmed.
    const six = await ok<ClassPollView>(
      ask(teacher.socket, 'class:poll:create', {
        question: 'Favourite colour?',
        options: [' Red', 'Green ', 'Blue', 'Cyan', 'Magenta', 'Yellow'],
        anonymous: false,
      }),
    );
    expect(six.options).toEqual(['Red', 'Green', 'Blue', 'Cyan', 'Magenta', 'Yellow']);
    expect((await stored()).polls.map((p) => p.closedAt === null)).toEqual([false, true]);
    for (const c of [teacher, ann, bea, cal]) await ok(ask(c.socket, 'class:leave', {}));
  });

  it('keeps an anonymous poll anonymous, per class, and closes it with the class session', async () => {
    const teacher = await inClass(person('qteach', 'teacher'), 'room-2', teacherSide);
    const dan = await inClass(person('qdan'), 'room-2', studentSide);
    const eve = await inClass(person('qeve'), 'room-3', studentSide);
    const poll = await ok<ClassPollView>(
      ask(teacher.socket, 'class:poll:create', {
        question: 'Which is prime?',
        options: [...POLL_PRESETS.abcd],
        anonymous: true,
      }),
    );
    expect(poll.voters).toBeUndefined();
    // Eve is in another class: its poll is not hers to answer, nor to see.
    expect(await ask(eve.socket, 'class:poll:vote', { pollId: poll.id, choice: 0 })).toEqual(
      refusal(ClassPollText.noSuchPoll),
    );
    expect(await ok(ask(eve.socket, 'class:poll:current', {}))).toEqual({ poll: null });
    expect(heardPolls(eve)).toEqual([]);

    const teacherSees = teacher.wait('class:poll', (p) => p.poll?.total === 1);
    await ok(ask(dan.socket, 'class:poll:vote', { pollId: poll.id, choice: 3 }));
    const live = (await teacherSees).poll!;
    expect(live.counts).toEqual([0, 0, 0, 1]);
    expect(live.voters).toBeUndefined();
    expect((await stored()).votes).toContainEqual({ userId: dan.claims.sub, choice: 3 });

    // The last one out ends the class session: the poll closes, kept with its answer.
    await ok(ask(dan.socket, 'class:leave', {}));
    await ok(ask(teacher.socket, 'class:leave', {}));
    const [row] = await database.db
      .select()
      .from(classroomPolls)
      .where(eq(classroomPolls.id, poll.id));
    expect(row?.closedAt).not.toBeNull();
    // A new class session starts without it.
    await ok(ask(teacher.socket, 'class:join', { room: 'room-2' }));
    expect(await ok(ask(teacher.socket, 'class:poll:current', {}))).toEqual({ poll: null });
    await ok(ask(teacher.socket, 'class:leave', {}));
    await ok(ask(eve.socket, 'class:leave', {}));
  });
});

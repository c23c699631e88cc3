// Issue 28 §1: the waiting room and removal, driven over the real socket.io client as an edited
// page would. With "ask to join" a student waits with nothing of the class; teachers and admins
// never wait; a student who admits, denies, sets the policy or removes is refused and changes
// nothing; a removed student's rejoin waits again. Two server processes on PostgreSQL and Redis
// (the teacher on one, the students on the other) when TEST_DATABASE_URL and TEST_REDIS_URL are
// set; the removal at the SFU runs against a private Janus.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  AdminApi,
  AdminText,
  adminText,
  ClassLobbyText,
  ClassroomText,
  routeUrl,
} from '@atrium/protocol';
import type { ClassJoinAck, ClassLobby, ClassWaiting } from '@atrium/protocol';
import { io as ioConnect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classSetups, useClassPair } from '../../../test/classroom.ts';
import { createTestDatabase } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { janusBinary, NodePeer, startTestMedia } from '../../../test/janus.ts';
import { openClient } from '../../../test/people.ts';
import { ask, next, ok } from '../../../test/socket-client.ts';
import type { ClientSocket } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import type { JanusClient } from '../../media/janus/index.ts';
import type { MediaServer } from '../../media/janus/index.ts';
import type { PrivateJanus } from '../../media/janus/janus-process.ts';
import { AccessTokens } from '../../security/access-tokens.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { classroomLobby } from '../../db/schema.ts';
import { ClassroomRepository } from './classroom.repository.ts';
import { janusRoomId } from './classroom.sfu.ts';

const JWT_SECRET = 'classroom-lobby-test-secret-0123456789abcdef';

const person = (username: string, role: AuthClaims['role'] = 'member'): AuthClaims => ({
  sub: randomUUID(),
  username,
  role,
});

const names = (lobby: ClassLobby) => lobby.waiting.map((w) => w.name);

describe.each(classSetups)('the waiting room and removal (%s)', (_name, twoProcesses) => {
  const pair = useClassPair(twoProcesses, JWT_SECRET, { CLASSROOM_MEDIA: 'mesh' });
  let database: TestDatabase;
  let teacherSide: TestApp;
  let studentSide: TestApp;
  let repo: ClassroomRepository;
  beforeAll(() => {
    ({ database, teacherSide, studentSide } = pair);
    repo = new ClassroomRepository(database.db);
  });

  const connect = (claims: AuthClaims, app: TestApp) => pair.connect(claims, app);
  const join = (socket: ClientSocket, room: string) =>
    ok<ClassJoinAck | ClassWaiting>(ask(socket, 'class:join', { room }));
  /** The room socket's refusal of `token` at the handshake, or null once it connects. */
  const roomSocketRefusal = (app: TestApp, token: string, room: string) =>
    new Promise<string | null>((resolve) => {
      const socket = ioConnect(`${app.url}/room/${room}`, {
        path: '/api/socket',
        transports: ['websocket'],
        reconnection: false,
        auth: { token },
      });
      socket.once('connect', () => {
        socket.disconnect();
        resolve(null);
      });
      socket.once('connect_error', (err) => resolve(err.message));
    });
  const inside = async (room: string) => (await repo.participants(room)).map((r) => r.name).sort();

  it('keeps students waiting with nothing of the class until a teacher admits them', async () => {
    const room = 'room-1';
    const teacher = await connect(person('lteach', 'teacher'), teacherSide);
    const ann = await connect(person('lann'), studentSide);
    const bea = await connect(person('lbea'), studentSide);
    const cal = await connect(person('lcal'), studentSide);
    const admin = await connect(person('ladmin', 'admin'), studentSide);

    // A student cannot set the policy; a teacher can, from outside the class too.
    expect(await ask(ann.socket, 'class:lobby:policy', { room, policy: 'open' })).toEqual({
      status: false,
      message: ClassroomText.hostsOnly,
    });
    for (const bad of [
      { room, policy: 'closed' },
      { room: 'room-9', policy: 'ask' },
      { room, policy: 'ask', extra: 1 },
    ]) {
      expect((await ask(teacher.socket, 'class:lobby:policy', bad)).status).toBe(false);
    }
    expect(await ok(ask(teacher.socket, 'class:lobby:policy', { room, policy: 'ask' }))).toEqual({
      policy: 'ask',
      waiting: [],
    });

    // The teacher never waits, and sees the policy and the (empty) lobby with the join.
    const t = (await join(teacher.socket, room)) as ClassJoinAck;
    expect(t.entryPolicy).toBe('ask');
    expect(t.lobby).toEqual({ policy: 'ask', waiting: [] });

    // Ann waits: her answer names nothing of the class, and she is in no room.
    const teacherHears = next(teacher.socket, 'class:lobby', (l) => names(l).join() === 'lann');
    expect(await join(ann.socket, room)).toEqual({ waiting: true, room });
    await teacherHears;
    expect(await inside(room)).toEqual(['lteach']);
    // Waiting is not being in class: no hands, no moderation, nothing of the room.
    expect(await ask(ann.socket, 'class:hand:raise', {})).toEqual({
      status: false,
      message: ClassroomText.notInRoom,
    });
    // No chat and no room socket (the whiteboard, the pushed page, the names of those present).
    expect(await ask(ann.socket, 'chat:watch', { room })).toEqual({
      status: false,
      message: ClassLobbyText.waiting,
    });
    const annToken = await new AccessTokens(JWT_SECRET).sign(ann.claims);
    const post = await fetch(`${studentSide.url}/api/chat/add`, {
      method: 'POST',
      headers: { authorization: `Bearer ${annToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ room, message: 'let me in' }),
    });
    expect(post.status).toBe(403);
    expect(await post.text()).toContain(ClassLobbyText.waiting);
    expect(await roomSocketRefusal(studentSide, annToken, room)).toBe(ClassLobbyText.waiting);
    let annHeardClass = false;
    for (const event of ['class:joined', 'class:hands', 'class:lobby'] as const) {
      ann.socket.on(event, () => (annHeardClass = true));
    }

    await new Promise((r) => setTimeout(r, 5));
    await join(bea.socket, room);
    await new Promise((r) => setTimeout(r, 5));
    const lobbyNow = next(teacher.socket, 'class:lobby', (l) => l.waiting.length === 3);
    await join(cal.socket, room);
    expect(names(await lobbyNow)).toEqual(['lann', 'lbea', 'lcal']);

    // An admin never waits either.
    const a = (await join(admin.socket, room)) as ClassJoinAck;
    expect(names(a.lobby!)).toEqual(['lann', 'lbea', 'lcal']);

    // A waiting student cannot let themself (or anyone) in, nor deny, nor remove.
    for (const [event, payload] of [
      ['class:lobby:admit', { userId: ann.claims.sub }],
      ['class:lobby:admit-all', {}],
      ['class:lobby:deny', { userId: bea.claims.sub }],
      ['class:remove', { target: t.id }],
    ] as const) {
      expect((await ask(ann.socket, event, payload)).status).toBe(false);
    }
    expect(await inside(room)).toEqual(['ladmin', 'lteach']);

    // The teacher admits Ann: she hears so on her process, and her join now goes in.
    const admitted = next(ann.socket, 'class:lobby:admitted');
    const after = await ok<ClassLobby>(
      ask(teacher.socket, 'class:lobby:admit', { userId: ann.claims.sub }),
    );
    expect(names(after)).toEqual(['lbea', 'lcal']);
    expect(await admitted).toEqual({ room });
    const annIn = (await join(ann.socket, room)) as ClassJoinAck;
    expect(annIn.lobby).toBeNull();
    expect(annIn.participants.map((p) => p.attributes.name).sort()).toEqual(['ladmin', 'lteach']);
    expect(annHeardClass).toBe(false);
    expect(await ask(ann.socket, 'chat:watch', { room })).toEqual({ status: true, data: {} });
    expect(await roomSocketRefusal(studentSide, annToken, room)).toBeNull();

    // Deny: Bea hears it and is out of the lobby; admitting her now finds nobody.
    const denied = next(bea.socket, 'class:lobby:denied');
    expect(
      names(
        await ok<ClassLobby>(ask(teacher.socket, 'class:lobby:deny', { userId: bea.claims.sub })),
      ),
    ).toEqual(['lcal']);
    expect(await denied).toEqual({ room });
    expect(await ask(teacher.socket, 'class:lobby:admit', { userId: bea.claims.sub })).toEqual({
      status: false,
      message: ClassLobbyText.notWaiting,
    });
    expect(await join(bea.socket, room)).toEqual({ waiting: true, room });

    // A closed tab leaves the lobby.
    const calGone = next(teacher.socket, 'class:lobby', (l) => names(l).join() === 'lbea');
    cal.socket.disconnect();
    await calGone;

    // Admit all; a reconnect of an admitted student goes straight in.
    const beaAdmitted = next(bea.socket, 'class:lobby:admitted');
    expect(await ok(ask(teacher.socket, 'class:lobby:admit-all', {}))).toEqual({
      policy: 'ask',
      waiting: [],
    });
    await beaAdmitted;
    await join(bea.socket, room);
    bea.socket.disconnect();
    await expect.poll(() => inside(room)).toEqual(['ladmin', 'lann', 'lteach']);
    const beaBack = await connect(bea.claims, studentSide);
    expect('waiting' in (await join(beaBack.socket, room))).toBe(false);

    // Opening the door lets in whoever waits.
    const dan = await connect(person('ldan'), studentSide);
    await join(dan.socket, room);
    const danAdmitted = next(dan.socket, 'class:lobby:admitted');
    await ok(ask(teacher.socket, 'class:lobby:policy', { room, policy: 'open' }));
    await danAdmitted;

    for (const c of [teacher, ann, beaBack, admin, dan]) await ok(ask(c.socket, 'class:leave', {}));
    // The session is over: admissions start afresh next time.
    await ok(ask(teacher.socket, 'class:lobby:policy', { room, policy: 'ask' }));
    await join(teacher.socket, room);
    expect(await join(ann.socket, room)).toEqual({ waiting: true, room });
    await ok(ask(ann.socket, 'class:leave', {}));
    await ok(ask(teacher.socket, 'class:lobby:policy', { room, policy: 'open' }));
    await ok(ask(teacher.socket, 'class:leave', {}));
    expect(await inside(room)).toEqual([]);
  });

  it('takes the entry policy from the admin console, outside the class: students wait, and opening lets them in (issue 29)', async () => {
    const room = 'room-3';
    const adminToken = await new AccessTokens(JWT_SECRET).sign(person('lconsole', 'admin'));
    const setPolicy = (entry_policy: string, token = adminToken, channel = room) =>
      fetch(`${teacherSide.url}${routeUrl(AdminApi.classPolicy, { params: { channel } })}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ entry_policy }),
      });
    // Bad input and a teacher's token change nothing (the console is for admins only).
    const teacherToken = await new AccessTokens(JWT_SECRET).sign(person('lt2', 'teacher'));
    expect((await setPolicy('ask', teacherToken)).status).toBe(404);
    expect((await setPolicy('closed')).status).toBe(400);
    expect((await setPolicy('ask', adminToken, 'room-9')).status).toBe(400);
    expect((await repo.channel(room))?.entryPolicy).toBe('open');

    const asked = await setPolicy('ask');
    expect(asked.status).toBe(200);
    expect(((await asked.json()) as { message: string }).message).toBe(
      adminText(AdminText.classAsk, { room }),
    );
    const eve = await connect(person('leve'), studentSide);
    expect(await join(eve.socket, room)).toEqual({ waiting: true, room });
    // Opening from the console lets her in, on her own process.
    const admitted = next(eve.socket, 'class:lobby:admitted');
    expect((await setPolicy('open')).status).toBe(200);
    expect(await admitted).toEqual({ room });
    expect((await join(eve.socket, room)) as ClassJoinAck).toMatchObject({ entryPolicy: 'open' });
    expect(await inside(room)).toEqual(['leve']);
    await ok(ask(eve.socket, 'class:leave', {}));
  });

  it('drops a waiting row whose process died with its socket, once past the grace', async () => {
    const room = 'room-3';
    const teacher = await connect(person('gteach', 'teacher'), teacherSide);
    const gus = await connect(person('lgus'), studentSide);
    await ok(ask(teacher.socket, 'class:lobby:policy', { room, policy: 'ask' }));
    expect(await join(gus.socket, room)).toEqual({ waiting: true, room });
    // A process that died ran no disconnect: its rows stay (one young, one past the grace).
    const ghost = (name: string, ago: string) =>
      database.db.execute(
        sql`insert into classroom_lobby (channel, user_id, name, state, socket_id, since)
            values (${room}, ${randomUUID()}, ${name}, 'waiting', ${`gone-${name}`}, now() - ${ago}::interval)`,
      );
    await ghost('old-ghost', '5 minutes');
    await ghost('new-ghost', '1 second');
    const lobby = await ok<ClassLobby>(
      ask(teacher.socket, 'class:lobby:policy', { room, policy: 'ask' }),
    );
    expect(names(lobby)).toEqual(['new-ghost', 'lgus']);
    const rows = await database.db
      .select({ name: classroomLobby.name })
      .from(classroomLobby)
      .where(eq(classroomLobby.channel, room))
      .orderBy(classroomLobby.name);
    expect(rows.map((r) => r.name)).toEqual(['lgus', 'new-ghost']);
    await ok(ask(teacher.socket, 'class:lobby:policy', { room, policy: 'open' }));
  });

  it('removes a participant on any process: out at once, and a rejoin waits even when open', async () => {
    const room = 'room-2';
    const teacher = await connect(person('rteach', 'teacher'), teacherSide);
    const eve = await connect(person('reve'), studentSide);
    let fay = await connect(person('rfay'), studentSide);
    const t = (await join(teacher.socket, room)) as ClassJoinAck;
    expect(t.entryPolicy).toBe('open');
    const e = (await join(eve.socket, room)) as ClassJoinAck;
    let f = (await join(fay.socket, room)) as ClassJoinAck;
    await ok(ask(eve.socket, 'class:hand:raise', {}));
    // The door closes during class: those in it stay let in, through a dropped connection too.
    await ok(ask(teacher.socket, 'class:lobby:policy', { room, policy: 'ask' }));
    fay.socket.disconnect();
    await expect.poll(() => inside(room)).toEqual(['reve', 'rteach']);
    fay = await connect(fay.claims, studentSide);
    f = (await join(fay.socket, room)) as ClassJoinAck;
    expect('waiting' in f).toBe(false);
    await ok(ask(teacher.socket, 'class:lobby:policy', { room, policy: 'open' }));

    // A student cannot remove anyone; nobody removes a teacher; an unknown id is refused.
    expect(await ask(fay.socket, 'class:remove', { target: e.id })).toEqual({
      status: false,
      message: ClassroomText.hostsOnly,
    });
    expect(await ask(teacher.socket, 'class:remove', { target: t.id })).toEqual({
      status: false,
      message: ClassLobbyText.hostNotRemoved,
    });
    expect(await ask(teacher.socket, 'class:remove', { target: 12345 })).toEqual({
      status: false,
      message: ClassroomText.unknownParticipant,
    });
    expect((await ask(teacher.socket, 'class:remove', { target: 'x' })).status).toBe(false);
    expect(await inside(room)).toEqual(['reve', 'rfay', 'rteach']);

    const told = next(eve.socket, 'class:removed');
    const fayHears = next(fay.socket, 'class:left', (p) => p.id === e.id);
    const handsDown = next(fay.socket, 'class:hands', (h) => h.hands.length === 0);
    await ok(ask(teacher.socket, 'class:remove', { target: e.id }));
    expect(await told).toEqual({ room });
    await fayHears;
    await handsDown;
    expect(await inside(room)).toEqual(['rfay', 'rteach']);
    // Her process let go of her session: nothing she sends acts in the class.
    await expect
      .poll(async () => (await ask(eve.socket, 'class:hand:raise', {})).status)
      .toBe(false);
    expect(
      await ask(eve.socket, 'class:signal', { to: f.id, candidate: { completed: true } }),
    ).toMatchObject({ status: false });

    // The class is open, but she waits until a teacher admits her again.
    const waitingNow = next(teacher.socket, 'class:lobby', (l) => names(l).join() === 'reve');
    expect(await join(eve.socket, room)).toEqual({ waiting: true, room });
    await waitingNow;
    const back = next(eve.socket, 'class:lobby:admitted');
    await ok(ask(teacher.socket, 'class:lobby:admit', { userId: eve.claims.sub }));
    await back;
    expect('waiting' in (await join(eve.socket, room))).toBe(false);
    for (const c of [teacher, eve, fay]) await ok(ask(c.socket, 'class:leave', {}));
  });
});

describe.skipIf(!janusBinary)('removal at the SFU', () => {
  let janus: PrivateJanus & { dir: string };
  let client: JanusClient;
  let database: TestDatabase;
  let server: TestApp;
  const opened: ClientSocket[] = [];
  const peers: NodePeer[] = [];

  beforeAll(async () => {
    let media: MediaServer;
    ({ janus, client, media } = await startTestMedia());
    database = await createTestDatabase('pglite');
    server = await startTestApp(database, { JWT_SECRET }, undefined, { media: () => media });
  });
  afterAll(async () => {
    for (const s of opened) s.disconnect();
    for (const p of peers) p.close();
    await server?.close();
    await database?.dispose();
    await client?.close();
    await janus?.stop();
  });

  it('kicks the removed person out of the Janus room, whatever their page does', async () => {
    const joined = async (claims: AuthClaims) => {
      const { socket } = await openClient(
        server.url,
        await new AccessTokens(JWT_SECRET).sign(claims),
      );
      opened.push(socket);
      return { socket, ack: await ok<ClassJoinAck>(ask(socket, 'class:join', { room: 'room-3' })) };
    };
    const teacher = await joined(person('kteach', 'teacher'));
    const gus = await joined(person('kgus'));
    const node = new NodePeer();
    peers.push(node);
    const { sdp } = await ok<{ sdp: { type: 'answer'; sdp: string } }>(
      ask(gus.socket, 'class:publish', { participant: gus.ack.id, sdp: await node.publishOffer() }),
    );
    await node.accept(sdp);
    await node.connected();
    const feeds = async () =>
      (await client.listParticipants(janusRoomId('room-3'))).map((p) => p.feed);
    await expect.poll(feeds).toContain(gus.ack.id);

    await ok(ask(teacher.socket, 'class:remove', { target: gus.ack.id }));
    // Janus no longer has him: nobody receives his streams, and his page cannot publish again.
    await expect.poll(feeds).not.toContain(gus.ack.id);
    expect(
      (
        await ask(gus.socket, 'class:publish', {
          participant: gus.ack.id,
          sdp: await node.publishOffer(),
        })
      ).status,
    ).toBe(false);
    expect(await feeds()).toEqual([teacher.ack.id]);
  });
});

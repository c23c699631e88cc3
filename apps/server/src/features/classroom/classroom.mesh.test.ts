// Mesh mode (no Janus): the socket server relays SDP and ICE between at most four browsers.
import { randomUUID } from 'node:crypto';
import { ClassroomText, MAX_SDP_LENGTH, SocketText } from '@atrium/protocol';
import type { ClassJoinAck, ServerPayload, ServerToClientEvents } from '@atrium/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { startServerProcess } from '../../../test/server-process.ts';
import { ask, next, ok } from '../../../test/socket-client.ts';
import type { ClientSocket } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { openDatabase } from '../../db/database.ts';
import { AccessTokens } from '../../security/access-tokens.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { ClassroomRepository } from './classroom.repository.ts';
import { openClient } from '../../../test/people.ts';

const JWT_SECRET = 'classroom-mesh-test-secret-0123456789abcdef';
const redisUrl = process.env.TEST_REDIS_URL;
const postgresUrl = process.env.TEST_DATABASE_URL;

/** Collects every `event` the socket gets, to show what did not arrive. */
function record<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
): ServerPayload<E>[] {
  const seen: ServerPayload<E>[] = [];
  (socket as unknown as { on: (e: string, l: (p: unknown) => void) => unknown }).on(event, (p) =>
    seen.push(p as ServerPayload<E>),
  );
  return seen;
}

async function openSocket(url: string, claims: AuthClaims): Promise<ClientSocket> {
  const { socket } = await openClient(url, await new AccessTokens(JWT_SECRET).sign(claims));
  return socket;
}

const person = (username: string, role: AuthClaims['role'] = 'member'): AuthClaims => ({
  sub: randomUUID(),
  username,
  role,
});
const offer = { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
const candidate = { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0' };

describe('classroom in mesh mode (no media server)', () => {
  let database: TestDatabase;
  let server: TestApp;
  const opened: ClientSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    server = await startTestApp(database, { JWT_SECRET });
  });
  afterEach(async () => {
    for (const s of opened.splice(0)) s.disconnect();
    // The leaves run on disconnect; wait until the rooms are empty again.
    const repo = new ClassroomRepository(database.db);
    for (let i = 0; i < 50; i++) {
      const rows = await Promise.all(
        ['room-1', 'room-2', 'room-3'].map((r) => repo.participants(r)),
      );
      if (rows.every((r) => r.length === 0)) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  async function open(claims: AuthClaims): Promise<ClientSocket> {
    const socket = await openSocket(server.url, claims);
    opened.push(socket);
    return socket;
  }

  it('joins in mesh mode with the participants and their attributes, and tells the room', async () => {
    const teacher = await open(person('tina', 'teacher'));
    const t = await ok<ClassJoinAck>(ask(teacher, 'class:join', { room: 'room-1' }));
    expect(t).toMatchObject({ room: 'room-1', host: true, mode: 'mesh', enforced: false });
    expect(t.participants).toEqual([]);
    const samClaims = person('sam');
    const sam = await open(samClaims);
    const joined = next(teacher, 'class:joined');
    const s = await ok<ClassJoinAck>(ask(sam, 'class:join', { room: 'room-1' }));
    expect(s.mode).toBe('mesh');
    expect(s.participants).toEqual([
      {
        id: t.id,
        userId: expect.any(String) as string,
        role: 'teacher',
        publishing: false,
        attributes: {
          name: 'tina',
          shareScreen: 'false',
          isUnmutedAudioProhibited: false,
          isUnmutedVideoProhibited: false,
        },
        sending: { audio: false, video: false },
      },
    ]);
    expect(await joined).toMatchObject({ id: s.id, userId: samClaims.sub, role: 'member' });

    const left = next(teacher, 'class:left', (p) => p.id === s.id);
    sam.disconnect();
    await left;
    expect((await new ClassroomRepository(database.db).participants('room-1')).length).toBe(1);
  });

  it('takes four people; the fifth is refused clearly and nothing changes', async () => {
    const four = await Promise.all(['a1', 'a2', 'a3', 'a4'].map((n) => open(person(n))));
    const acks: ClassJoinAck[] = [];
    for (const s of four)
      acks.push(await ok<ClassJoinAck>(ask(s, 'class:join', { room: 'room-2' })));
    const joinedSeen = record(four[0]!, 'class:joined');
    const fifth = await open(person('a5'));
    expect(await ask(fifth, 'class:join', { room: 'room-2' })).toEqual({
      status: false,
      message: ClassroomText.meshFull,
    });
    const rows = await new ClassroomRepository(database.db).participants('room-2');
    expect(rows.map((r) => r.feed).sort()).toEqual(acks.map((a) => a.id).sort());
    // Not in the room: the fifth can neither signal nor be seen.
    expect(await ask(fifth, 'class:signal', { to: acks[0]!.id, description: offer })).toEqual({
      status: false,
      message: ClassroomText.notInRoom,
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(joinedSeen).toEqual([]);
  });

  it('relays a signal to its target only, with the server-set from, and refuses bad ones', async () => {
    const [a, b, c] = await Promise.all([
      open(person('x1')),
      open(person('x2')),
      open(person('x3')),
    ]);
    const ja = await ok<ClassJoinAck>(ask(a, 'class:join', { room: 'room-3' }));
    const jb = await ok<ClassJoinAck>(ask(b, 'class:join', { room: 'room-3' }));
    const jc = await ok<ClassJoinAck>(ask(c, 'class:join', { room: 'room-3' }));
    const atC = record(c, 'class:signal');
    const atA = record(a, 'class:signal');

    const got = next(b, 'class:signal');
    await ok(ask(a, 'class:signal', { to: jb.id, description: offer }));
    expect(await got).toEqual({ from: ja.id, description: offer });
    const gotIce = next(b, 'class:signal');
    await ok(ask(a, 'class:signal', { to: jb.id, candidate }));
    expect(await gotIce).toEqual({ from: ja.id, candidate });

    // A forged `from` is not part of the shape: refused, nothing relayed.
    expect(await ask(a, 'class:signal', { to: jb.id, from: jc.id, description: offer })).toEqual({
      status: false,
      message: SocketText.invalidPayload,
    });
    expect(await ask(a, 'class:signal', { to: ja.id, description: offer })).toEqual({
      status: false,
      message: ClassroomText.signalSelf,
    });
    expect(await ask(a, 'class:signal', { to: 424242, description: offer })).toEqual({
      status: false,
      message: ClassroomText.unknownParticipant,
    });
    expect(
      await ask(a, 'class:signal', {
        to: jb.id,
        description: { type: 'offer', sdp: 'x'.repeat(MAX_SDP_LENGTH + 1) },
      }),
    ).toEqual({ status: false, message: ClassroomText.sdpTooLarge });
    expect(await ask(a, 'class:signal', { to: jb.id })).toEqual({
      status: false,
      message: ClassroomText.signalEmpty,
    });
    expect(await ask(a, 'class:signal', { to: 'b', description: offer })).toEqual({
      status: false,
      message: SocketText.invalidPayload,
    });

    // Someone in another room is not a target.
    const other = await open(person('y1'));
    const jo = await ok<ClassJoinAck>(ask(other, 'class:join', { room: 'room-1' }));
    expect(await ask(a, 'class:signal', { to: jo.id, description: offer })).toEqual({
      status: false,
      message: ClassroomText.unknownParticipant,
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(atC).toEqual([]);
    expect(atA).toEqual([]);
  });

  it('refuses the Janus requests in mesh mode clearly', async () => {
    const a = await open(person('m1'));
    const ja = await ok<ClassJoinAck>(ask(a, 'class:join', { room: 'room-1' }));
    for (const [event, payload] of [
      ['class:publish', { participant: ja.id, sdp: offer }],
      ['class:trickle', { participant: ja.id, target: 'publisher', candidate }],
    ] as const) {
      expect(await ask(a, event, payload), event).toEqual({
        status: false,
        message: ClassroomText.mediaUnavailable,
      });
    }
    expect(await ask(a, 'class:subscribe', { feed: ja.id })).toEqual({
      status: false,
      message: ClassroomText.notPublishing,
    });
  });

  it('mute-all in mesh mode stores the flags, tells everyone, and says it is not enforced', async () => {
    const teacher = await open(person('tom', 'teacher'));
    const student = await open(person('sue'));
    const t = await ok<ClassJoinAck>(ask(teacher, 'class:join', { room: 'room-2' }));
    expect(t.enforced).toBe(false);
    const s = await ok<ClassJoinAck>(ask(student, 'class:join', { room: 'room-2' }));
    const seenByTeacher = next(
      teacher,
      'class:attributes',
      (p) => p.id === s.id && p.attributes.isUnmutedAudioProhibited,
    );
    const seenByStudent = next(
      student,
      'class:attributes',
      (p) => p.id === s.id && p.attributes.isUnmutedAudioProhibited,
    );
    const message = next(student, 'class:message');
    const flags = await ok(ask(teacher, 'class:mute-all', { kind: 'audio', mute: true }));
    expect(flags).toEqual({ global_mute_audio_config: true, global_mute_video_config: false });
    await seenByTeacher;
    await seenByStudent;
    expect(await message).toEqual({ type: 'mute-audio-all', message: '', displayName: 'tom' });
    // A student joining now gets the prohibition from the stored flag.
    const late = await open(person('lou'));
    const l = await ok<ClassJoinAck>(ask(late, 'class:join', { room: 'room-2' }));
    expect(l.attributes.isUnmutedAudioProhibited).toBe(true);
    expect(l.enforced).toBe(false);
    await ok(ask(teacher, 'class:mute-all', { kind: 'audio', mute: false }));
  });
});

describe.runIf(redisUrl && postgresUrl)('mesh mode across two server processes', () => {
  it('relays a signal from one process to a participant on the other', async () => {
    const database = await createTestDatabase('postgres');
    const databaseB = await openDatabase({ kind: 'postgres', url: database.url! });
    const env = { JWT_SECRET, REDIS_URL: redisUrl! };
    const serverA = await startTestApp(database, env);
    const serverB = await startTestApp(databaseB, env);
    const sockets: ClientSocket[] = [];
    try {
      const onA = await openSocket(serverA.url, person('pa', 'teacher'));
      const onB = await openSocket(serverB.url, person('pb'));
      sockets.push(onA, onB);
      const a = await ok<ClassJoinAck>(ask(onA, 'class:join', { room: 'room-1' }));
      const b = await ok<ClassJoinAck>(ask(onB, 'class:join', { room: 'room-1' }));
      expect(b.participants.map((p) => p.id)).toEqual([a.id]);
      const got = next(onB, 'class:signal');
      await ok(ask(onA, 'class:signal', { to: b.id, description: offer }));
      expect(await got).toEqual({ from: a.id, description: offer });
      const back = next(onA, 'class:signal');
      await ok(ask(onB, 'class:signal', { to: a.id, candidate }));
      expect(await back).toEqual({ from: b.id, candidate });
      const left = next(onA, 'class:left', (p) => p.id === b.id);
      onB.disconnect();
      await left;
    } finally {
      for (const s of sockets) s.disconnect();
      await serverA.close();
      await serverB.close();
      await databaseB.close();
      await database.dispose();
    }
  });
});

describe.runIf(redisUrl && postgresUrl)('mesh mode when a server process dies', () => {
  it('prunes a dead process’s people once past the grace period, so a fifth person gets in', async () => {
    const database = await createTestDatabase('postgres');
    const databaseB = await openDatabase({ kind: 'postgres', url: database.url! });
    const repo = new ClassroomRepository(database.db);
    const env = { JWT_SECRET, REDIS_URL: redisUrl! };
    const serverA = await startTestApp(database, env);
    const serverB = await startTestApp(databaseB, env);
    const doomed = await startServerProcess(database.url!, env);
    const sockets: ClientSocket[] = [];
    try {
      const onA = await openSocket(serverA.url, person('ka', 'teacher'));
      const onB = await openSocket(serverB.url, person('kb'));
      const dying = await Promise.all([
        openSocket(doomed.url, person('kc')),
        openSocket(doomed.url, person('kd')),
      ]);
      const fifth = await openSocket(serverA.url, person('ke'));
      sockets.push(onA, onB, ...dying, fifth);
      const a = await ok<ClassJoinAck>(ask(onA, 'class:join', { room: 'room-3' }));
      const b = await ok<ClassJoinAck>(ask(onB, 'class:join', { room: 'room-3' }));
      const dead: ClassJoinAck[] = [];
      for (const s of dying)
        dead.push(await ok<ClassJoinAck>(ask(s, 'class:join', { room: 'room-3' })));
      await ok(ask(dying[0], 'class:share', { on: true }));

      await doomed.kill();
      // Its rows were written a moment ago: the grace period keeps them (a young row may belong to
      // a socket that has not joined the room's socket.io room yet), so the room is still full.
      expect(await ask(fifth, 'class:join', { room: 'room-3' })).toEqual({
        status: false,
        message: ClassroomText.meshFull,
      });
      expect(await repo.participants('room-3')).toHaveLength(4);

      // Past the grace period, the rows whose socket no process holds go; the live ones on A and
      // on B (another process, asked through Redis) stay.
      await database.db.execute(
        sql`update classroom_participants set joined_at = now() - interval '5 minutes' where channel = 'room-3'`,
      );
      const leftAtA = record(onA, 'class:left');
      const leftAtB = record(onB, 'class:left');
      const f = await ok<ClassJoinAck>(ask(fifth, 'class:join', { room: 'room-3' }));
      expect(f.participants.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
      expect((await repo.participants('room-3')).map((r) => r.feed).sort()).toEqual(
        [a.id, b.id, f.id].sort(),
      );
      expect((await repo.channel('room-3'))?.screenSharer).toBeNull();
      const deadIds = dead.map((d) => d.id).sort();
      await expect.poll(() => leftAtA.map((p) => p.id).sort()).toEqual(deadIds);
      await expect.poll(() => leftAtB.map((p) => p.id).sort()).toEqual(deadIds);
    } finally {
      for (const s of sockets) s.disconnect();
      await doomed.kill();
      await serverA.close();
      await serverB.close();
      await databaseB.close();
      await database.dispose();
    }
  }, 180_000);
});

// Issue 14's "Bad input and abuse", driven over the socket as an edited page would: SDP over the
// limit, unknown rooms, another user's participant id, a student's moderate, a second screen
// share. Each gets a clear refusal, and neither the database nor Janus changes.
import { randomUUID } from 'node:crypto';
import { ClassroomText, MAX_SDP_LENGTH, SocketText } from '@atrium/protocol';
import type { ClassJoinAck } from '@atrium/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JanusClient } from '../../media/janus/index.ts';
import type { MediaServer } from '../../media/janus/index.ts';
import type { PrivateJanus } from '../../media/janus/janus-process.ts';
import { AccessTokens } from '../../security/access-tokens.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { moderatedIn } from '../../../test/classroom.ts';
import { createTestDatabase } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { janusBinary, NodePeer, startTestMedia } from '../../../test/janus.ts';
import { ask, ok } from '../../../test/socket-client.ts';
import type { ClientSocket } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { ClassroomRepository } from './classroom.repository.ts';
import { openClient } from '../../../test/people.ts';

const JWT_SECRET = 'classroom-abuse-test-secret-0123456789abcdef';
const tooLarge = (type: 'offer' | 'answer') => ({ type, sdp: 'x'.repeat(MAX_SDP_LENGTH + 1) });
const person = (username: string, role: AuthClaims['role'] = 'member'): AuthClaims => ({
  sub: randomUUID(),
  username,
  role,
});

describe.skipIf(!janusBinary)('classroom refusals on a private Janus', () => {
  let janus: PrivateJanus & { dir: string };
  let client: JanusClient;
  let database: TestDatabase;
  let server: TestApp;
  let repo: ClassroomRepository;
  const cleanups: (() => void | Promise<void>)[] = [];

  beforeAll(async () => {
    let media: MediaServer;
    ({ janus, client, media } = await startTestMedia());
    database = await createTestDatabase('pglite');
    repo = new ClassroomRepository(database.db);
    server = await startTestApp(database, { JWT_SECRET }, undefined, { media: () => media });
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    for (const room of ['room-1', 'room-2'] as const) {
      await expect.poll(() => repo.participants(room)).toEqual([]);
    }
  });
  afterAll(async () => {
    await server?.close();
    await database?.dispose();
    await client?.close();
    await janus?.stop();
  });

  async function open(claims: AuthClaims): Promise<ClientSocket> {
    const { socket } = await openClient(
      server.url,
      await new AccessTokens(JWT_SECRET).sign(claims),
    );
    cleanups.push(() => void socket.disconnect());
    return socket;
  }

  async function joined(claims: AuthClaims, room: string) {
    const socket = await open(claims);
    const ack = await ok<ClassJoinAck>(ask(socket, 'class:join', { room }));
    return { socket, ack };
  }

  /** Publishes through a real (track-less) WebRTC peer; resolves once ICE and DTLS are up. */
  async function publish(socket: ClientSocket, participant: number): Promise<void> {
    const node = new NodePeer();
    cleanups.push(() => node.close());
    const { sdp } = await ok<{ sdp: { type: 'answer'; sdp: string } }>(
      ask(socket, 'class:publish', { participant, sdp: await node.publishOffer() }),
    );
    await node.accept(sdp);
    await node.connected();
  }

  /** What must stay as it was: the rows of both rooms, their flags and sharers, Janus's mutes. */
  async function snapshot() {
    return {
      rows: (await Promise.all([repo.participants('room-1'), repo.participants('room-2')]))
        .flat()
        .map(({ joinedAt: _joinedAt, ...row }) => row),
      channels: await Promise.all([repo.channel('room-1'), repo.channel('room-2')]),
      moderated: await moderatedIn(client, JWT_SECRET, 'room-1'),
    };
  }

  it('refuses unknown rooms and malformed joins, and another room’s or user’s participant', async () => {
    const teacher = await joined(person('tara', 'teacher'), 'room-1');
    const alice = await joined(person('alice'), 'room-1');
    await publish(alice.socket, alice.ack.id);
    const bob = await joined(person('bob'), 'room-2');
    await publish(bob.socket, bob.ack.id);
    const before = await snapshot();

    const refusals: Array<[ClientSocket, string, unknown, string]> = [
      [alice.socket, 'class:join', { room: 'room-4' }, ClassroomText.unknownRoom],
      [alice.socket, 'class:join', { room: '../room-1' }, ClassroomText.unknownRoom],
      [alice.socket, 'class:join', { room: 'x'.repeat(129) }, SocketText.invalidPayload],
      [alice.socket, 'class:join', { room: 1 }, SocketText.invalidPayload],
      [alice.socket, 'class:join', {}, SocketText.invalidPayload],
      // Bob's feed is in room-2: from room-1 it does not exist.
      [alice.socket, 'class:subscribe', { feed: bob.ack.id }, ClassroomText.unknownParticipant],
      [
        teacher.socket,
        'class:moderate',
        { target: bob.ack.id, kind: 'audio', mute: true },
        ClassroomText.unknownParticipant,
      ],
      // Another user's participant id, in the same room and in another.
      [
        alice.socket,
        'class:publish',
        { participant: teacher.ack.id, sdp: { type: 'offer', sdp: 'v=0\r\n' } },
        ClassroomText.notYourParticipant,
      ],
      [
        alice.socket,
        'class:trickle',
        { participant: bob.ack.id, target: 'subscriber', candidate: { completed: true } },
        ClassroomText.notYourParticipant,
      ],
      // Direct signalling is for the mesh only: with Janus nobody is reached through the server.
      [
        alice.socket,
        'class:signal',
        { to: teacher.ack.id, description: { type: 'offer', sdp: 'v=0\r\n' } },
        ClassroomText.meshOnly,
      ],
    ];
    for (const [socket, event, payload, message] of refusals) {
      expect(await ask(socket, event, payload), event).toEqual({ status: false, message });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an SDP over the limit wherever one is taken', async () => {
    const alice = await joined(person('alice'), 'room-1');
    const before = await snapshot();
    for (const [event, payload] of [
      ['class:publish', { participant: alice.ack.id, sdp: tooLarge('offer') }],
      ['class:start', { sdp: tooLarge('answer') }],
    ] as const) {
      expect(await ask(alice.socket, event, payload), event).toEqual({
        status: false,
        message: ClassroomText.sdpTooLarge,
      });
    }
    expect(await snapshot()).toEqual(before);
    // Past the socket's message limit (64 KiB) the connection is closed before any handler runs.
    const closed = new Promise<string>((resolve) => alice.socket.once('disconnect', resolve));
    const huge = { participant: alice.ack.id, sdp: { type: 'offer', sdp: 'x'.repeat(70 * 1024) } };
    alice.socket.emit('class:publish', huge as never, () => undefined);
    expect(await closed).toBe('transport close');
    await expect.poll(() => repo.participants('room-1')).toEqual([]);
  });

  it('a student’s moderate and mute-all change nothing, in the database or at Janus', async () => {
    const teacher = await joined(person('tara', 'teacher'), 'room-1');
    await publish(teacher.socket, teacher.ack.id);
    const alice = await joined(person('alice'), 'room-1');
    await publish(alice.socket, alice.ack.id);
    const mallory = await joined(person('mallory'), 'room-1');
    const before = await snapshot();
    expect(before.moderated[alice.ack.id]).toEqual([]);

    for (const [event, payload] of [
      ['class:moderate', { target: alice.ack.id, kind: 'audio', mute: true }],
      ['class:moderate', { target: teacher.ack.id, kind: 'video', mute: true }],
      ['class:moderate', { target: mallory.ack.id, kind: 'audio', mute: false }],
      ['class:mute-all', { kind: 'audio', mute: true }],
      ['class:mute-all', { kind: 'video', mute: true }],
    ] as const) {
      expect(await ask(mallory.socket, event, payload), event).toEqual({
        status: false,
        message: ClassroomText.hostsOnly,
      });
    }
    // A forged extra field (a claimed role) is not part of the shape.
    expect(
      await ask(mallory.socket, 'class:moderate', {
        target: alice.ack.id,
        kind: 'audio',
        mute: true,
        role: 'teacher',
      }),
    ).toEqual({ status: false, message: SocketText.invalidPayload });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a second screen share while the first holds, for anyone else in the room', async () => {
    const alice = await joined(person('alice'), 'room-1');
    const teacher = await joined(person('tara', 'teacher'), 'room-1');
    const bob = await joined(person('bob'), 'room-2');
    await ok(ask(alice.socket, 'class:share', { on: true }));
    const before = await snapshot();
    // Not even a teacher takes it over; someone in another room has a screen of their own.
    expect(await ask(teacher.socket, 'class:share', { on: true })).toEqual({
      status: false,
      message: ClassroomText.screenShareTaken,
    });
    expect(await snapshot()).toEqual(before);
    await ok(ask(bob.socket, 'class:share', { on: true }));
    expect((await repo.channel('room-1'))?.screenSharer).toBe(before.channels[0]?.screenSharer);
    // Outside a room nobody shares.
    const outsider = await open(person('olga'));
    expect(await ask(outsider, 'class:share', { on: true })).toEqual({
      status: false,
      message: ClassroomText.notInRoom,
    });
  });

  it('says clearly when Janus refuses, and keeps the person unpublished', async () => {
    const alice = await joined(person('alice'), 'room-1');
    const answer = await ask(alice.socket, 'class:publish', {
      participant: alice.ack.id,
      sdp: { type: 'offer', sdp: 'v=0\r\nthis is not an offer\r\n' },
    });
    expect(answer.status).toBe(false);
    expect(answer.status ? '' : answer.message).toMatch(
      new RegExp(`^${ClassroomText.mediaFailed.replace(/[.]/g, '\\.')} \\(.+\\)$`),
    );
    const [row] = await repo.participants('room-1');
    expect(row).toMatchObject({ audioMid: null, videoMid: null });
  });
});

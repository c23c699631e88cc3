// Several Janus servers (JANUS_URLS, issue 28 §6): rooms are spread over them, every process
// sends a room's people to the same one, and a Janus that dies moves its rooms: its people are
// told, let go, and land on a Janus that is up when they rejoin.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { ClassJoinAck, ClassroomRoom } from '@atrium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classSetups } from '../../../test/classroom.ts';
import { createTestDatabase } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { janusBinary, NodePeer, startTestJanus } from '../../../test/janus.ts';
import { openClient } from '../../../test/people.ts';
import { ask, next, ok } from '../../../test/socket-client.ts';
import type { ClientSocket } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { openDatabase } from '../../db/database.ts';
import type { Database } from '../../db/database.ts';
import { connectMediaServer, mediaClients } from '../../media/janus/index.ts';
import type { JanusClient, MediaServer } from '../../media/janus/index.ts';
import { AccessTokens } from '../../security/access-tokens.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { PlacementRepository } from './classroom.placement.repository.ts';
import { ClassroomRepository } from './classroom.repository.ts';
import { janusRoomId } from './classroom.sfu.ts';

const JWT_SECRET = 'classroom-placement-test-secret-0123456789abcdef';
// Every Janus of JANUS_URLS takes the same secrets.
const secrets = { apiSecret: randomUUID(), adminKey: randomUUID() };
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

type TestJanus = Awaited<ReturnType<typeof startTestJanus>>;

/** One person in a class, as their page knows it. */
interface InClass {
  socket: ClientSocket;
  ack: ClassJoinAck;
}

describe.runIf(janusBinary)('classrooms on several Janus servers (JANUS_URLS)', () => {
  describe.each(classSetups)('%s', (_name, twoProcesses) => {
    let janus: TestJanus[] = [];
    let database: TestDatabase;
    let second: Database | undefined;
    const media: MediaServer[] = [];
    let sideA: TestApp;
    let sideB: TestApp;
    const sockets: ClientSocket[] = [];
    const tokens = new AccessTokens(JWT_SECRET);

    /** A process as `main.ts` starts it: JANUS_URLS connected by connectMediaServer. */
    async function startSide(db: Database): Promise<TestApp> {
      const server = await connectMediaServer(
        {
          JANUS_URL: undefined,
          JANUS_URLS: janus.map((j) => j.url),
          JANUS_API_SECRET: secrets.apiSecret,
          JANUS_ADMIN_KEY: secrets.adminKey,
          dataDir: os.tmpdir(),
        },
        { log: quiet },
      );
      if (!server) throw new Error('no media server');
      media.push(server);
      const env = {
        JWT_SECRET,
        ...(twoProcesses ? { REDIS_URL: process.env.TEST_REDIS_URL! } : {}),
      };
      return startTestApp(db, env, undefined, { media: () => server });
    }

    beforeAll(async () => {
      janus = await Promise.all([startTestJanus(secrets), startTestJanus(secrets)]);
      database = await createTestDatabase(twoProcesses ? 'postgres' : 'pglite');
      sideA = await startSide(database);
      if (twoProcesses) {
        second = await openDatabase({ kind: 'postgres', url: database.url! });
        sideB = await startSide(second);
      } else {
        sideB = sideA;
      }
    });
    afterAll(async () => {
      for (const s of sockets) s.disconnect();
      if (sideB !== sideA) await sideB?.close();
      await sideA?.close();
      for (const m of media) await m.close();
      await second?.close();
      await database?.dispose();
      for (const j of janus) await j.stop();
    });

    // Unique users: other test runs may share this Redis.
    const person = (username: string, role: AuthClaims['role']): AuthClaims => ({
      sub: randomUUID(),
      username,
      role,
    });
    async function joinOn(side: TestApp, claims: AuthClaims, room: ClassroomRoom) {
      const { socket } = await openClient(side.url, await tokens.sign(claims));
      sockets.push(socket);
      return { socket, ack: await ok<ClassJoinAck>(ask(socket, 'class:join', { room })) };
    }
    const rejoin = async (who: InClass, room: ClassroomRoom): Promise<InClass> => ({
      socket: who.socket,
      ack: await ok<ClassJoinAck>(ask(who.socket, 'class:join', { room })),
    });
    const placed = (room: ClassroomRoom) => new PlacementRepository(database.db).server(room);
    /** The feeds Janus itself has in the room (each process's client sees the same Janus). */
    const feedsAt = async (client: JanusClient, room: ClassroomRoom) =>
      (await client.listParticipants(janusRoomId(room))).map((p) => p.feed).sort();
    const clientOf = (side: 0 | 1, server: number) => mediaClients(media[side]!)[server]!;
    const lastSide = (): 0 | 1 => (twoProcesses ? 1 : 0);

    const teacher1 = person('teach-one', 'teacher');
    const teacher2 = person('teach-two', 'teacher');
    const student1 = person('stu-one', 'member');
    const student2 = person('stu-two', 'member');
    let t1: InClass;
    let t2: InClass;
    let s1: InClass;
    let s2: InClass;
    let r3: InClass[];
    let server3: string | undefined;

    it('places two classes on different Janus servers; a second process sends its people to the same one', async () => {
      expect(mediaClients(media[0]!).map((c) => c.url)).toEqual(janus.map((j) => j.url));
      t1 = await joinOn(sideA, teacher1, 'room-1');
      // The first class goes to the first Janus (none is busy), the second to the other.
      expect(await placed('room-1')).toBe(janus[0]!.url);
      t2 = await joinOn(sideB, teacher2, 'room-2');
      expect(await placed('room-2')).toBe(janus[1]!.url);

      const seen = next(t1.socket, 'class:joined', (p) => p.userId === student1.sub);
      s1 = await joinOn(sideB, student1, 'room-1');
      expect(s1.ack.participants.map((p) => p.id)).toEqual([t1.ack.id]);
      expect((await seen).id).toBe(s1.ack.id);
      s2 = await joinOn(sideA, student2, 'room-2');
      expect(s2.ack.participants.map((p) => p.id)).toEqual([t2.ack.id]);

      // One Janus room per class, on its own server, whichever process asks.
      const both1 = [t1.ack.id, s1.ack.id].sort();
      expect(await feedsAt(clientOf(0, 0), 'room-1')).toEqual(both1);
      expect(await feedsAt(clientOf(lastSide(), 0), 'room-1')).toEqual(both1);
      expect(await clientOf(0, 1).roomExists(janusRoomId('room-1'))).toBe(false);
      expect(await feedsAt(clientOf(0, 1), 'room-2')).toEqual([t2.ack.id, s2.ack.id].sort());
      expect(await clientOf(0, 0).roomExists(janusRoomId('room-2'))).toBe(false);
    });

    it('agrees on the server of a class two processes place at the same moment', async () => {
      r3 = await Promise.all([
        joinOn(sideA, person('three-a', 'member'), 'room-3'),
        joinOn(sideB, person('three-b', 'member'), 'room-3'),
      ]);
      server3 = await placed('room-3');
      const index = janus.findIndex((j) => j.url === server3);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(await feedsAt(clientOf(0, index as 0 | 1), 'room-3')).toEqual(
        r3.map((p) => p.ack.id).sort(),
      );
    });

    it('moves the classes of a Janus that dies: its people are told and let go, and rejoin on the other', async () => {
      const repo = new ClassroomRepository(database.db);
      // Room 3 went where the race put it: the first Janus when both were equally busy.
      const onDead = [t1, s1, ...(server3 === janus[0]!.url ? r3 : [])];
      const notices = onDead.map(() => [] as unknown[]);
      onDead.forEach((p, i) => p.socket.on('class:media-moved', (m) => notices[i]!.push(m)));
      const moved = Promise.all(onDead.map((p) => next(p.socket, 'class:media-moved')));
      const killed = Date.now();
      // A crash, not a shutdown: Janus says nothing, its connections just drop.
      process.kill(janus[0]!.pid, 'SIGKILL');
      const rooms = (await moved).map((m) => m.room);
      expect(Date.now() - killed).toBeLessThan(5_000);
      expect(rooms).toEqual(onDead.map((p) => (p === t1 || p === s1 ? 'room-1' : 'room-3')));
      await expect.poll(() => repo.participants('room-1')).toEqual([]);
      // The other Janus's class is untouched.
      expect((await repo.participants('room-2')).map((r) => r.feed).sort()).toEqual(
        [t2.ack.id, s2.ack.id].sort(),
      );

      t1 = await rejoin(t1, 'room-1');
      expect(await placed('room-1')).toBe(janus[1]!.url);
      const published = next(t1.socket, 'class:published', (p) => p.id === s1.ack.id);
      s1 = await rejoin(s1, 'room-1');
      expect(s1.ack.participants.map((p) => p.id)).toEqual([t1.ack.id]);
      expect(await feedsAt(clientOf(lastSide(), 1), 'room-1')).toEqual(
        [t1.ack.id, s1.ack.id].sort(),
      );
      // Media flow on the new Janus: the student publishes, the teacher hears of it.
      const peer = new NodePeer();
      try {
        const { sdp } = await ok<{ sdp: { type: 'answer'; sdp: string } }>(
          ask(s1.socket, 'class:publish', {
            participant: s1.ack.id,
            sdp: await peer.publishOffer(),
          }),
        );
        await peer.accept(sdp);
        await peer.connected();
        await published;
      } finally {
        peer.close();
      }
      // Each page heard of the move once.
      expect(notices.map((n) => n.length)).toEqual(onDead.map(() => 1));
    });
  });
});

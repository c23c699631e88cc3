// Issue 27: what each participant really sends (the badges and camera-off tiles), the screen
// share as its own stream at the SFU, a teacher's Stop share, and one class clock for everyone.
// Driven over the real socket.io client against a private Janus, as an edited page would.
import { randomUUID } from 'node:crypto';
import { ClassroomText } from '@atrium/protocol';
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
import { openClient } from '../../../test/people.ts';
import { ask, next, ok } from '../../../test/socket-client.ts';
import type { ClientSocket } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { ClassroomRepository } from './classroom.repository.ts';

const JWT_SECRET = 'classroom-media-state-secret-0123456789abcdef';

describe.skipIf(!janusBinary)(
  'what participants send, their screen shares and the class clock',
  () => {
    let janus: PrivateJanus & { dir: string };
    let client: JanusClient;
    let database: TestDatabase;
    let server: TestApp;
    let repo: ClassroomRepository;
    const tokens = new AccessTokens(JWT_SECRET);
    const cleanups: (() => void | Promise<void>)[] = [];
    const people = {
      teacher: { sub: randomUUID(), username: 'ms-teach', role: 'teacher' },
      alice: { sub: randomUUID(), username: 'alice', role: 'member' },
      bob: { sub: randomUUID(), username: 'bob', role: 'member' },
    } satisfies Record<string, AuthClaims>;

    beforeAll(async () => {
      let media: MediaServer;
      ({ janus, client, media } = await startTestMedia());
      database = await createTestDatabase('pglite');
      repo = new ClassroomRepository(database.db);
      server = await startTestApp(database, { JWT_SECRET }, undefined, { media: () => media });
    });
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
      await expect.poll(() => repo.participants('room-1')).toEqual([]);
    });
    afterAll(async () => {
      await server?.close();
      await database?.dispose();
      await client?.close();
      await janus?.stop();
    });

    async function joined(claims: AuthClaims) {
      const { socket } = await openClient(server.url, await tokens.sign(claims));
      cleanups.push(() => void socket.disconnect());
      const ack = await ok<ClassJoinAck>(ask(socket, 'class:join', { room: 'room-1' }));
      return { socket, ack };
    }

    /** Publishes microphone, camera and screen lines, as the browser does. */
    async function publish(socket: ClientSocket, participant: number) {
      const node = new NodePeer();
      cleanups.push(() => node.close());
      const { sdp } = await ok<{ sdp: { type: 'answer'; sdp: string } }>(
        ask(socket, 'class:publish', {
          participant,
          sdp: await node.publishOffer({ screen: true }),
        }),
      );
      await node.accept(sdp);
      await node.connected();
      const row = (await repo.participants('room-1')).find((r) => r.feed === participant);
      return row!;
    }

    const moderated = () => moderatedIn(client, JWT_SECRET, 'room-1');
    const attributesOf = (socket: ClientSocket, id: number) =>
      next(socket, 'class:attributes', (p) => p.id === id);

    it('tells the room what a person really sends, and never more than the SFU lets through', async () => {
      const teacher = await joined(people.teacher);
      const alice = await joined(people.alice);
      // Nobody has said they send anything yet: the badges say off, whatever the permission.
      expect(alice.ack.participants[0]?.sending).toEqual({ audio: false, video: false });

      let seen = attributesOf(teacher.socket, alice.ack.id);
      await ok(ask(alice.socket, 'class:sending', { audio: true, video: true }));
      expect((await seen).sending).toEqual({ audio: true, video: true });

      // Allow-all after mute-all gives permission back, not sound: Alice's own mic is still off.
      seen = attributesOf(teacher.socket, alice.ack.id);
      await ok(ask(alice.socket, 'class:sending', { audio: false, video: true }));
      expect((await seen).sending).toEqual({ audio: false, video: true });
      await ok(ask(teacher.socket, 'class:mute-all', { kind: 'video', mute: true }));
      await ok(ask(teacher.socket, 'class:mute-all', { kind: 'audio', mute: true }));
      seen = attributesOf(teacher.socket, alice.ack.id);
      await ok(ask(teacher.socket, 'class:mute-all', { kind: 'audio', mute: false }));
      expect((await seen).sending).toEqual({ audio: false, video: false });

      // While the camera is prohibited, a page that claims to send it is not believed.
      seen = attributesOf(teacher.socket, alice.ack.id);
      await ok(ask(alice.socket, 'class:sending', { audio: true, video: true }));
      expect((await seen).sending).toEqual({ audio: true, video: false });
      // A latecomer sees the same.
      const bob = await joined(people.bob);
      expect(bob.ack.participants.find((p) => p.id === alice.ack.id)?.sending).toEqual({
        audio: true,
        video: false,
      });

      // Bad input changes nothing.
      expect(await ask(alice.socket, 'class:sending', { audio: 'yes', video: true })).toMatchObject(
        {
          status: false,
        },
      );
      const row = (await repo.participants('room-1')).find((r) => r.feed === alice.ack.id);
      expect([row?.audioOn, row?.videoOn]).toEqual([true, true]);
      await ok(ask(teacher.socket, 'class:mute-all', { kind: 'video', mute: false }));
    });

    it('keeps a screen share its own stream: a camera mute never touches it, nor restarts it', async () => {
      const teacher = await joined(people.teacher);
      const alice = await joined(people.alice);
      const row = await publish(alice.socket, alice.ack.id);
      expect(row.screenMid).toBeTruthy();
      expect(row.screenMid).not.toBe(row.videoMid);
      // Not sharing: the screen line carries nothing, so it cannot carry a camera past a mute.
      // Janus lists a publisher once its connection is up, which a loaded machine can delay.
      await expect
        .poll(async () => (await moderated())[alice.ack.id], { timeout: 20_000, interval: 250 })
        .toEqual([row.screenMid]);

      await ok(ask(alice.socket, 'class:share', { on: true }));
      expect((await moderated())[alice.ack.id]).toEqual([]);
      await ok(ask(teacher.socket, 'class:mute-all', { kind: 'video', mute: true }));
      expect((await moderated())[alice.ack.id]).toEqual([row.videoMid]);
      expect((await repo.channel('room-1'))?.screenSharer).toBe(people.alice.sub);

      // Only a teacher stops someone's share, and only a share that runs.
      expect(await ask(alice.socket, 'class:stop-share', { target: alice.ack.id })).toEqual({
        status: false,
        message: ClassroomText.hostsOnly,
      });
      const stopped = next(
        alice.socket,
        'class:attributes',
        (p) => p.id === alice.ack.id && p.attributes.shareScreen === 'false',
      );
      await ok(ask(teacher.socket, 'class:stop-share', { target: alice.ack.id }));
      await stopped;
      expect((await repo.channel('room-1'))?.screenSharer).toBeNull();
      expect((await moderated())[alice.ack.id]?.sort()).toEqual(
        [row.videoMid, row.screenMid].sort(),
      );
      expect(await ask(teacher.socket, 'class:stop-share', { target: alice.ack.id })).toEqual({
        status: false,
        message: ClassroomText.notSharing,
      });
      // Allow-all lifts the camera mute only: the stopped share stays stopped.
      await ok(ask(teacher.socket, 'class:mute-all', { kind: 'video', mute: false }));
      expect((await moderated())[alice.ack.id]).toEqual([row.screenMid]);
    });

    it('gives everyone the same class clock: from when the first of those in it joined', async () => {
      const teacher = await joined(people.teacher);
      expect(teacher.ack.elapsedMs).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 1200));
      const alice = await joined(people.alice);
      expect(alice.ack.elapsedMs).toBeGreaterThanOrEqual(1200);
      // A reload (leave and join again) keeps the class's clock while others stay.
      alice.socket.disconnect();
      await expect.poll(async () => (await repo.participants('room-1')).length).toBe(1);
      const again = await joined(people.alice);
      expect(again.ack.elapsedMs).toBeGreaterThanOrEqual(1200);
    });

    it('refuses sending reports outside a class', async () => {
      const { socket } = await openClient(server.url, await tokens.sign(people.bob));
      cleanups.push(() => void socket.disconnect());
      expect(await ask(socket, 'class:sending', { audio: true, video: true })).toEqual({
        status: false,
        message: ClassroomText.notInRoom,
      });
      expect(await ask(socket, 'class:stop-share', { target: 1 })).toEqual({
        status: false,
        message: ClassroomText.hostsOnly,
      });
    });
  },
);

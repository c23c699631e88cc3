// The classroom's signalling across two server processes on one PostgreSQL and Redis, each with
// its own Janus (split from classroom.socket.test.ts).
import { randomUUID } from 'node:crypto';
import { ClassroomText } from '@atrium/protocol';
import type { ClassJoinAck } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { JanusClient } from '../../media/janus/index.ts';
import type { MediaServer } from '../../media/janus/index.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { createTestDatabase } from '../../../test/databases.ts';
import { moderatedIn, openClassSocket, publishOn } from '../../../test/classroom.ts';
import type { NodePeer } from '../../../test/janus.ts';
import { janusBinary, startTestJanus } from '../../../test/janus.ts';
import { ask, next, ok } from '../../../test/socket-client.ts';
import type { ClientSocket } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import { openDatabase } from '../../db/database.ts';

const JWT_SECRET = 'classroom-socket-test-secret-0123456789abcdef';
const openSocket = (url: string, claims: AuthClaims) => openClassSocket(url, JWT_SECRET, claims);

const redisUrl = process.env.TEST_REDIS_URL;
const postgresUrl = process.env.TEST_DATABASE_URL;

describe.runIf(janusBinary && redisUrl && postgresUrl)(
  'one classroom across two server processes (one PostgreSQL, one Redis, one Janus)',
  () => {
    it('shares who is in the room, the events, the moderation and the screen share', async () => {
      const janus = await startTestJanus();
      const connectClient = () =>
        JanusClient.connect({
          url: janus.url,
          apiSecret: janus.apiSecret,
          adminKey: janus.adminKey,
        });
      const clientA = await connectClient();
      const clientB = await connectClient();
      const mediaOf = (client: JanusClient): MediaServer => ({
        kind: 'private',
        client,
        janus,
        close: () => client.close(),
      });
      const database = await createTestDatabase('postgres');
      const databaseB = await openDatabase({ kind: 'postgres', url: database.url! });
      const env = { JWT_SECRET, REDIS_URL: redisUrl! };
      const serverA = await startTestApp(database, env, undefined, {
        media: () => mediaOf(clientA),
      });
      const serverB = await startTestApp(databaseB, env, undefined, {
        media: () => mediaOf(clientB),
      });
      const sockets: ClientSocket[] = [];
      const peers: NodePeer[] = [];
      try {
        // Unique users: other test runs may share this Redis.
        const teacher: AuthClaims = { sub: randomUUID(), username: 'teach-a', role: 'teacher' };
        const alice: AuthClaims = { sub: randomUUID(), username: 'alice-b', role: 'member' };
        const onA = await openSocket(serverA.url, teacher);
        const onB = await openSocket(serverB.url, alice);
        sockets.push(onA, onB);

        const t = await ok<ClassJoinAck>(ask(onA, 'class:join', { room: 'room-2' }));
        const seenJoin = next(onA, 'class:joined', (p) => p.userId === alice.sub);
        const a = await ok<ClassJoinAck>(ask(onB, 'class:join', { room: 'room-2' }));
        expect(a.participants.map((p) => p.id)).toEqual([t.id]);
        expect((await seenJoin).id).toBe(a.id);

        const published = next(onA, 'class:published', (p) => p.id === a.id);
        peers.push(await publishOn(onB, a.id));
        await published;
        // The teacher's Janus session is on A, Alice's feed on B: one Janus room.
        const { sdp: offer } = await ok<{ sdp: { type: 'offer'; sdp: string } }>(
          ask(onA, 'class:subscribe', { feed: a.id }),
        );
        expect(offer.type).toBe('offer');

        const prohibited = next(
          onB,
          'class:attributes',
          (p) => p.id === a.id && p.attributes.isUnmutedAudioProhibited,
        );
        await ok(ask(onA, 'class:mute-all', { kind: 'audio', mute: true }));
        await prohibited;
        expect((await moderatedIn(clientA, JWT_SECRET, 'room-2'))[a.id]).toHaveLength(1);
        await ok(ask(onA, 'class:mute-all', { kind: 'audio', mute: false }));
        // What Alice sends (told on B) reaches the teacher on A (issue 27).
        const sending = next(onA, 'class:attributes', (p) => p.id === a.id && p.sending.video);
        await ok(ask(onB, 'class:sending', { audio: false, video: true }));
        expect((await sending).sending).toEqual({ audio: false, video: true });

        await ok(ask(onB, 'class:share', { on: true }));
        expect(await ask(onA, 'class:share', { on: true })).toEqual({
          status: false,
          message: ClassroomText.screenShareTaken,
        });
        // The teacher on A stops Alice's share on B: Alice's page hears of it.
        const stopped = next(
          onB,
          'class:attributes',
          (p) => p.id === a.id && p.attributes.shareScreen === 'false',
        );
        await ok(ask(onA, 'class:stop-share', { target: a.id }));
        await stopped;
        await ok(ask(onB, 'class:share', { on: true }));

        const left = next(onA, 'class:left', (p) => p.id === a.id);
        onB.disconnect();
        await left;
        await ok(ask(onA, 'class:share', { on: true }));
        await ok(ask(onA, 'class:leave', {}));
      } finally {
        for (const s of sockets) s.disconnect();
        for (const p of peers) p.close();
        await serverA.close();
        await serverB.close();
        await databaseB.close();
        await database.dispose();
        await clientA.close();
        await clientB.close();
        await janus.stop();
      }
    });
  },
);

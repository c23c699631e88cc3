// Issue 28 §6, last-N: the server decides which cameras Janus forwards to each viewer (the
// teachers first, then what the page shows, at most CLASS_LAST_N) and tells the page; an edited
// page cannot ask for more. Real socket.io clients, a private Janus, track-less Node peers (the
// Chromium e2e reads the bytes that really flow).
import { randomUUID } from 'node:crypto';
import { MAX_LARGE_TILES, MAX_VIEW_FEEDS } from '@atrium/protocol';
import type { ClassJoinAck, ClassVideo } from '@atrium/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JanusClient } from '../../media/janus/index.ts';
import type { MediaServer } from '../../media/janus/index.ts';
import type { PrivateJanus } from '../../media/janus/janus-process.ts';
import { AccessTokens } from '../../security/access-tokens.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { createTestDatabase } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { janusBinary, NodePeer, startTestMedia } from '../../../test/janus.ts';
import { ask, next, ok } from '../../../test/socket-client.ts';
import type { ClientSocket } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { openClient } from '../../../test/people.ts';
import {
  cameraLines,
  chooseVideo,
  changedLines,
  stuckLines,
  SUBSTREAM,
} from './classroom.lastn.ts';
import { CLASS_PUBLISH_BITRATE, CLASS_ROOM_PUBLISHERS, janusRoomId } from './classroom.sfu.ts';

const JWT_SECRET = 'classroom-lastn-test-secret-0123456789abcdef';

describe('cameraLines', () => {
  it('takes each publisher’s camera line, never its screen, its audio or a line gone', () => {
    const streams = [
      { mid: '0', type: 'audio' as const, feed: 7, feedMid: '0' },
      { mid: '1', type: 'video' as const, feed: 7, feedMid: '1' },
      { mid: '2', type: 'video' as const, feed: 7, feedMid: '2' },
      { mid: '3', type: 'video' as const, feed: 8, feedMid: '1', active: false },
      { mid: '4', type: 'video' as const, feed: 9, feedMid: '1' },
    ];
    const cameras = new Map([
      [7, '1'],
      [8, '1'],
      [9, '1'],
    ]);
    expect(cameraLines(streams, cameras)).toEqual([
      { mid: '1', feed: 7 },
      { mid: '4', feed: 9 },
    ]);
  });
});

describe('stuckLines', () => {
  it('asks again for each forwarded line Janus still sends at the high layer, and only those', () => {
    const { low, high } = SUBSTREAM;
    const plan = new Map([
      ['1/7', { send: true, substream: low }], // stuck high: asked again
      ['4/9', { send: true, substream: low }], // moved down (to the middle layer): fine
      ['5/10', { send: false, substream: low }], // not forwarded: nothing to ask
      ['6/11', { send: true, substream: high }], // a large tile: high is what it wants
      ['7/12', { send: true, substream: low }], // no layer reported yet: no key frame seen
    ]);
    const layers = new Map([
      ['1', high],
      ['4', 1],
      ['5', high],
      ['6', high],
    ]);
    expect(stuckLines(plan, layers)).toEqual([{ mid: '1', send: true, substream: low }]);
    expect(stuckLines(plan, new Map([['1', low]]))).toEqual([]);
  });
});

describe('chooseVideo', () => {
  const lines = [1, 2, 3, 4, 5].map((feed) => ({ mid: `v${feed}`, feed }));

  it('puts the teachers first, then the page’s wish, within the limit', () => {
    const hosts = new Set([4]);
    expect(chooseVideo({ lines, hosts, view: null, lastN: 3 }).forwarded).toEqual([4, 1, 2]);
    const view = { feeds: [5, 3, 99, 5], large: [3] };
    const { forwarded, plan } = chooseVideo({ lines, hosts, view, lastN: 3 });
    // 99 is nobody here; 5 once.
    expect(forwarded).toEqual([4, 3, 5]);
    expect(plan.get('v3/3')).toEqual({ send: true, substream: SUBSTREAM.high });
    expect(plan.get('v5/5')).toEqual({ send: true, substream: SUBSTREAM.low });
    expect(plan.get('v1/1')).toEqual({ send: false, substream: SUBSTREAM.low });
    // Only what changed goes to Janus; a line Janus gave a new feed counts as new.
    expect(changedLines(plan, plan)).toEqual([]);
    const reused = chooseVideo({ lines: [{ mid: 'v1', feed: 6 }], hosts, view, lastN: 3 });
    expect(changedLines(reused.plan, plan)).toEqual([
      { mid: 'v1', send: false, substream: SUBSTREAM.low },
    ]);
  });
});

describe.skipIf(!janusBinary)('last-N on a private Janus', () => {
  let janus: PrivateJanus & { dir: string };
  let client: JanusClient;
  let media: MediaServer;
  let database: TestDatabase;
  let server: TestApp;
  const tokens = new AccessTokens(JWT_SECRET);
  const cleanups: (() => void | Promise<void>)[] = [];

  beforeAll(async () => {
    ({ janus, client, media } = await startTestMedia());
    database = await createTestDatabase('pglite');
    server = await startTestApp(database, { JWT_SECRET, CLASS_LAST_N: '2' }, undefined, {
      media: () => media,
    });
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    await server?.close();
    await database?.dispose();
    await client?.close();
    await janus?.stop();
  });

  async function joined(role: AuthClaims['role'], username: string) {
    const claims = { sub: randomUUID(), username, role };
    const { socket } = await openClient(server.url, await tokens.sign(claims));
    cleanups.push(() => void socket.disconnect());
    const ack = await ok<ClassJoinAck>(ask(socket, 'class:join', { room: 'room-2' }));
    return { socket, ack, id: ack.id };
  }

  async function publish(socket: ClientSocket, participant: number) {
    const node = new NodePeer();
    cleanups.push(() => node.close());
    const { sdp } = await ok<{ sdp: { type: 'answer'; sdp: string } }>(
      ask(socket, 'class:publish', { participant, sdp: await node.publishOffer() }),
    );
    await node.accept(sdp);
    await node.connected();
  }

  /** Subscribes `socket` to `feeds` one by one, answering each offer as a browser does. */
  async function subscribeAll(socket: ClientSocket, feeds: number[]) {
    const receiver = new NodePeer();
    cleanups.push(() => receiver.close());
    for (const feed of feeds) {
      const { sdp } = await ok<{ sdp: { type: 'offer'; sdp: string } }>(
        ask(socket, 'class:subscribe', { feed }),
      );
      await ok(ask(socket, 'class:start', { sdp: await receiver.answer(sdp) }));
    }
    return receiver;
  }

  it('forwards the teacher and the page’s choice, at most CLASS_LAST_N, and nothing forged', async () => {
    const teacher = await joined('teacher', 'ln-teach');
    const [alice, bob, carol] = [
      await joined('member', 'ln-alice'),
      await joined('member', 'ln-bob'),
      await joined('member', 'ln-carol'),
    ];
    for (const p of [teacher, alice, bob]) await publish(p.socket, p.id);
    // The room holds every publisher to the send cap, which a page cannot raise.
    expect(await client.roomLimits(janusRoomId('room-2'))).toEqual({
      publishers: CLASS_ROOM_PUBLISHERS,
      bitrate: CLASS_PUBLISH_BITRATE,
      bitrateCap: true,
    });

    // Before the page says anything: the teacher, then join order, two in all.
    const told: ClassVideo[] = [];
    carol.socket.on('class:video', (v) => told.push(v));
    const receiver = await subscribeAll(carol.socket, [alice.id, bob.id, teacher.id]);
    await expect.poll(() => told.at(-1)?.feeds).toEqual([teacher.id, alice.id]);

    // The page shows Bob large: the teacher stays, Bob takes the second place.
    expect(
      await ok<ClassVideo>(
        ask(carol.socket, 'class:view', { feeds: [bob.id, alice.id], large: [bob.id] }),
      ),
    ).toEqual({ feeds: [teacher.id, bob.id] });

    // An edited page asking for everyone (and people who are not there) still gets two.
    const many = Array.from({ length: MAX_VIEW_FEEDS }, (_, i) => 900_000 + i);
    expect(
      await ok<ClassVideo>(
        ask(carol.socket, 'class:view', { feeds: [...many.slice(0, 60), alice.id], large: [] }),
      ),
    ).toEqual({ feeds: [teacher.id, alice.id] });
    // Too many large tiles, too many feeds, or a stranger's fields: refused, nothing changes.
    for (const forged of [
      { feeds: [bob.id], large: [1, 2, 3, 4, 5].slice(0, MAX_LARGE_TILES + 1) },
      { feeds: [...many, bob.id] },
      { feeds: [bob.id], large: [], userId: 'someone' },
      { feeds: ['x'], large: [] },
    ]) {
      expect(await ask(carol.socket, 'class:view', forged)).toMatchObject({ status: false });
    }
    // Back to a view of Bob and Alice; when Alice leaves, Janus renegotiates, the page answers,
    // and the server forwards what is left without being asked.
    await ok(ask(carol.socket, 'class:view', { feeds: [alice.id, bob.id], large: [] }));
    const renegotiated = next(carol.socket, 'class:renegotiate');
    alice.socket.disconnect();
    const { sdp } = await renegotiated;
    const moved = next(carol.socket, 'class:video');
    await ok(ask(carol.socket, 'class:start', { sdp: await receiver.answer(sdp) }));
    expect(await moved).toEqual({ feeds: [teacher.id, bob.id] });
  });
});

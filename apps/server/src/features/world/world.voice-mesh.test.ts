// Issue 30 §2 without Janus: the server pairs pages near each other (at most meshPeers each) and
// relays SDP and ICE only within a pair. Two processes on PostgreSQL and Redis, real socket.io
// clients; the pages' own WebRTC is covered in Chromium (e2e/world-voice-mesh.test.ts).
import { ClassroomText, SocialApi, VoiceConstants, VoiceText } from '@atrium/protocol';
import type { AvatarState, VoiceJoinAck, VoicePeer, WorldLocation } from '@atrium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import {
  call,
  canRunTwoProcesses,
  clusterUrls,
  createPerson,
  JWT_SECRET,
  openClient,
} from '../../../test/people.ts';
import type { Client } from '../../../test/people.ts';
import { ask, ok } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { openDatabase } from '../../db/database.ts';

interface Person {
  name: string;
  client: Client;
  self: AvatarState;
  /** The peers the server last named (`voice:peers`). */
  peers: VoicePeer[];
  signals: { from: string; sdp?: string }[];
  join: VoiceJoinAck;
  token: string;
}

const OFFER = { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };

describe.skipIf(!canRunTwoProcesses)('proximity voice without Janus (the mesh)', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  const clients: Client[] = [];
  let closeB = async () => {};

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const databaseB = await openDatabase({ kind: 'postgres', url: database.url ?? '' });
    const env = { JWT_SECRET, REDIS_URL: clusterUrls.redis ?? '' };
    // No media server on either process: the voice is the mesh.
    a = await startTestApp(database, env, undefined, { media: () => null });
    b = await startTestApp(databaseB, env, undefined, { media: () => null });
    closeB = () => databaseB.close();
  }, 180_000);
  afterAll(async () => {
    for (const c of clients) c.close();
    await a?.close();
    await b?.close();
    await closeB();
    await database?.dispose();
  });

  async function person(
    server: TestApp,
    name: string,
    location: WorldLocation,
    role: 'member' | 'teacher' = 'member',
  ) {
    const account = await createPerson(database.db, name, role);
    const client = await openClient(server.url, account.token);
    clients.push(client);
    const { self } = await ok<{ self: AvatarState }>(
      ask(client.socket, 'world:join', { world: 'campus', location }),
    );
    const p: Person = {
      name,
      client,
      self,
      peers: [],
      signals: [],
      join: undefined as never,
      token: account.token,
    };
    client.socket.on('voice:peers', ({ peers }: { peers: VoicePeer[] }) => {
      p.peers = peers;
    });
    client.socket.on('voice:signal', (s: { from: string; description?: { sdp: string } }) => {
      p.signals.push({ from: s.from, ...(s.description ? { sdp: s.description.sdp } : {}) });
    });
    p.join = await ok<VoiceJoinAck>(ask(client.socket, 'voice:join', {}));
    return { p, account };
  }

  const peersOf = (p: Person) => p.peers.map((x) => x.id).sort();
  async function linked(p: Person, others: Person[]) {
    const want = others.map((o) => o.self.id).sort();
    await expect
      .poll(() => peersOf(p), { timeout: 15_000, interval: 100, message: `${p.name}'s peers` })
      .toEqual(want);
  }

  async function moveTo(p: Person, x: number, z: number) {
    // In steps the server accepts (a walk, not a jump).
    let { x: px, z: pz } = p.self;
    const steps = Math.ceil(Math.hypot(x - px, z - pz) / 0.4);
    for (let i = 1; i <= steps; i++) {
      px = p.self.x + ((x - p.self.x) * i) / steps;
      pz = p.self.z + ((z - p.self.z) * i) / steps;
      p.client.socket.emit('world:move', { x: px, y: 0, z: pz, ry: 0, anim: 'run' });
      await new Promise((r) => setTimeout(r, 80));
    }
    p.self = { ...p.self, x, z };
  }

  it('pairs the people near each other across processes, relays only within a pair, and keeps a blocked pair and far people apart', async () => {
    const { p: one } = await person(a, 'mesh1', 'plaza');
    const { p: two, account: twoAccount } = await person(b, 'mesh2', 'plaza');
    const { p: far } = await person(b, 'mesh3', 'classroom');
    expect(one.join).toMatchObject({ mode: 'mesh', canSpeak: true, muted: false });

    // One (process A) and Two (process B) stand in the plaza: a pair, one of them the offerer.
    await linked(one, [two]);
    await linked(two, [one]);
    await linked(far, []);
    expect(one.peers[0]?.initiator).toBe(one.self.id < two.self.id);
    expect(two.peers[0]?.initiator).toBe(!one.peers[0]?.initiator);

    // SDP goes across the processes to the peer, and nowhere else.
    await ok(ask(one.client.socket, 'voice:signal', { to: two.self.id, description: OFFER }));
    await expect.poll(() => two.signals.length, { timeout: 10_000 }).toBe(1);
    expect(two.signals[0]).toEqual({ from: one.self.id, sdp: OFFER.sdp });
    // A page that signals someone the server did not pair it with is refused.
    expect(
      await ask(one.client.socket, 'voice:signal', { to: far.self.id, description: OFFER }),
    ).toEqual({ status: false, message: VoiceText.notPeer });
    expect(await ask(one.client.socket, 'voice:signal', { to: two.self.id })).toEqual({
      status: false,
      message: ClassroomText.signalEmpty,
    });
    expect(
      await ask(one.client.socket, 'voice:signal', {
        to: two.self.id,
        description: { type: 'offer', sdp: 'x'.repeat(40_000) },
      }),
    ).toMatchObject({ status: false });
    await new Promise((r) => setTimeout(r, 500));
    expect(far.signals).toEqual([]);
    expect(two.signals).toHaveLength(1);

    // Two switches her microphone on: One's page is told to play her.
    expect(one.peers[0]?.mic).toBe(false);
    await ok(ask(two.client.socket, 'voice:mic', { on: true }));
    await expect.poll(() => one.peers[0]?.mic, { timeout: 10_000 }).toBe(true);

    // Far walks over: she is paired with both.
    await moveTo(far, 17, 0);
    await moveTo(far, 4, 0);
    await moveTo(far, 3, 5);
    await linked(far, [one, two]);
    await linked(one, [two, far]);

    // A student who drives the socket by hand cannot mute anyone: refused, nothing changes.
    expect(await ask(far.client.socket, 'voice:mute', { id: two.self.id, muted: true })).toEqual({
      status: false,
      message: VoiceText.notModerator,
    });
    expect(await ask(far.client.socket, 'voice:mute', { id: 'nobody', muted: true })).toEqual({
      status: false,
      message: VoiceText.notModerator,
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(one.peers.find((x) => x.id === two.self.id)?.muted).toBe(false);

    // A teacher mutes Two: Two is told, and One's page is told not to play Two.
    const { p: tea } = await person(a, 'meshtea', 'plaza', 'teacher');
    const { p: tea2 } = await person(b, 'meshtea2', 'classroom', 'teacher');
    await ok(ask(tea.client.socket, 'voice:mute', { id: two.self.id, muted: true }));
    await two.client.wait('voice:muted', (m) => m.muted);
    // Every moderator's list knows it, on either process, whoever muted; a student is not told.
    await tea2.client.wait('voice:mutes', (m) => m.ids.includes(two.self.id));
    await tea.client.wait('voice:mutes', (m) => m.ids.includes(two.self.id));
    expect(far.client.seen.some((e) => e.event === 'voice:mutes')).toBe(false);
    await expect
      .poll(() => one.peers.find((x) => x.id === two.self.id)?.muted, { timeout: 10_000 })
      .toBe(true);

    // One blocks Two: they are no longer paired (the block is read within seconds).
    const blocked = await call(a.url, 'POST', SocialApi.block.path, {
      token: one.token,
      body: { username: twoAccount.name },
    });
    expect(blocked.status).toBe(200);
    await expect
      .poll(() => peersOf(one).includes(two.self.id), { timeout: 20_000, interval: 200 })
      .toBe(false);
    await expect
      .poll(() => peersOf(two).includes(one.self.id), { timeout: 20_000, interval: 200 })
      .toBe(false);

    // Nobody ever has more than meshPeers.
    for (const p of [one, two, far, tea])
      expect(p.peers.length).toBeLessThanOrEqual(VoiceConstants.meshPeers);

    // One leaves: her peers let go of her.
    one.client.close();
    await expect.poll(() => peersOf(far).includes(one.self.id), { timeout: 15_000 }).toBe(false);
  }, 120_000);
});

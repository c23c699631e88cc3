// Issue 30 §2 with a real private Janus: the server alone chooses whose voice each listener's one
// receiving connection carries, and follows people as they walk. Real socket.io clients,
// track-less Node peers (libwebrtc) that negotiate as a browser does.
import { SocialApi, VoiceConstants, VoiceText } from '@atrium/protocol';
import type { AvatarState, VoiceJoinAck, VoiceOffer, WorldLocation } from '@atrium/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JanusClient } from '../../media/janus/index.ts';
import type { MediaServer } from '../../media/janus/index.ts';
import type { PrivateJanus } from '../../media/janus/janus-process.ts';
import { createTestDatabase } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { janusBinary, NodePeer, startTestMedia } from '../../../test/janus.ts';
import {
  call,
  canRunTwoProcesses,
  clusterUrls,
  createPerson,
  guestToken,
  JWT_SECRET,
  openClient,
} from '../../../test/people.ts';
import type { Client } from '../../../test/people.ts';
import { ask, ok } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { openDatabase } from '../../db/database.ts';

interface Walker {
  name: string;
  client: Client;
  self: AvatarState;
  /** The avatar ids of the voices in the last offer this person answered. */
  heard: string[];
  offers: number;
  /** The voices the server last said are heard from everywhere (`voice:broadcasts`). */
  loud: string[];
  join: VoiceJoinAck;
}

const sorted = (ids: string[]) => [...ids].sort();

describe.skipIf(!janusBinary)('proximity voice on a private Janus', () => {
  let janus: PrivateJanus & { dir: string };
  let client: JanusClient;
  let media: MediaServer;
  const cleanups: (() => void | Promise<void>)[] = [];

  beforeAll(async () => {
    ({ janus, client, media } = await startTestMedia());
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    await client?.close();
    await janus?.stop();
  });

  /** Someone on `server` who entered the campus at `location` and joined its voice. */
  async function walker(
    server: TestApp,
    token: string,
    name: string,
    location: WorldLocation,
  ): Promise<Walker> {
    const c = await openClient(server.url, token);
    cleanups.push(() => c.close());
    const { self } = await ok<{ self: AvatarState }>(
      ask(c.socket, 'world:join', { world: 'campus', location }),
    );
    const receiver = new NodePeer();
    cleanups.push(() => receiver.close());
    const w: Walker = {
      name,
      client: c,
      self,
      heard: [],
      offers: 0,
      loud: [],
      join: undefined as never,
    };
    c.socket.on('voice:broadcasts', ({ ids }: { ids: string[] }) => {
      w.loud = ids;
    });
    // Answer every offer as the page does, one after the other.
    let chain = Promise.resolve();
    c.socket.on('voice:offer', (offer: VoiceOffer) => {
      chain = chain.then(async () => {
        const answer = await receiver.answer(offer.sdp);
        await ok(ask(c.socket, 'voice:answer', { sdp: answer }));
        w.heard = offer.streams.map((s) => s.id);
        w.offers += 1;
      });
      // An offer that arrives as the test closes the peer finds it closed: not a failure (a
      // real one shows as the voices not heard).
      chain = chain.catch(() => undefined);
    });
    w.join = await ok<VoiceJoinAck>(ask(c.socket, 'voice:join', {}));
    return w;
  }

  /** Publishes a microphone and switches it on. */
  async function speak(w: Walker) {
    const peer = new NodePeer();
    cleanups.push(() => peer.close());
    const { sdp } = await ok<{ sdp: { type: 'answer'; sdp: string } }>(
      ask(w.client.socket, 'voice:publish', { sdp: await peer.publishOffer() }),
    );
    await peer.accept(sdp);
    await peer.connected();
    await ok(ask(w.client.socket, 'voice:mic', { on: true }));
  }

  /** Walks (at 5 m/s, as the page sends moves) through `points`. */
  async function walk(w: Walker, points: { x: number; z: number }[]) {
    let { x, z } = w.self;
    for (const p of points) {
      const steps = Math.ceil(Math.hypot(p.x - x, p.z - z) / 0.4);
      const [x0, z0] = [x, z];
      for (let i = 1; i <= steps; i++) {
        x = x0 + ((p.x - x0) * i) / steps;
        z = z0 + ((p.z - z0) * i) / steps;
        w.client.socket.emit('world:move', { x, y: 0, z, ry: 0, anim: 'run' });
        await new Promise((r) => setTimeout(r, 80));
      }
    }
    w.self = { ...w.self, x, z };
  }

  /** Waits until `w` hears exactly `others` (by their avatars), or fails saying what it hears. */
  async function hearsExactly(w: Walker, others: Walker[], timeoutMs = 10_000) {
    const want = sorted(others.map((o) => o.self.id));
    await expect
      .poll(() => sorted(w.heard), {
        timeout: timeoutMs,
        interval: 100,
        message: `${w.name} hears`,
      })
      .toEqual(want);
  }

  const names = (ws: Walker[]) => ws.map((w) => w.name).join(', ');

  // About 25 s on a quiet machine (the walks are at walking pace); beside the e2e browsers in CI
  // it passed the project's 30 s (2026-11-28).
  it('follows people as they walk: range, a private area, blocks, the stage, a quiet zone, a teacher’s mute, guests', async () => {
    const database: TestDatabase = await createTestDatabase('pglite');
    const server = await startTestApp(database, { JWT_SECRET }, undefined, { media: () => media });
    cleanups.push(async () => {
      await server.close();
      await database.dispose();
    });
    const [annP, benP, catP, danP, teaP] = await Promise.all([
      createPerson(database.db, 'ann'),
      createPerson(database.db, 'ben'),
      createPerson(database.db, 'cat'),
      createPerson(database.db, 'dan'),
      createPerson(database.db, 'tea', 'teacher'),
    ]);
    // Ann blocked Dan before either came in.
    const blocked = await call(server.url, 'POST', SocialApi.block.path, {
      token: annP.token,
      body: { username: danP.name },
    });
    expect(blocked.status).toBe(200);

    const ann = await walker(server, annP.token, 'Ann', 'plaza');
    const ben = await walker(server, benP.token, 'Ben', 'plaza');
    const dan = await walker(server, danP.token, 'Dan', 'plaza');
    const cat = await walker(server, catP.token, 'Cat', 'classroom');
    expect(ann.join).toMatchObject({ mode: 'sfu', canSpeak: true, moderator: false, muted: false });
    for (const w of [ann, ben, dan, cat]) await speak(w);

    // The plaza hears itself, except the blocked pair; Cat, 20 m off in the classroom building,
    // hears nobody and nobody hears her.
    await hearsExactly(ann, [ben]);
    await hearsExactly(ben, [ann, dan]);
    await hearsExactly(dan, [ben]);
    await hearsExactly(cat, []);

    // Cat walks out of the building to the plaza: she hears them, and they her.
    await walk(cat, [
      { x: 17, z: 0 },
      { x: 4, z: 0 },
      { x: 3, z: 5 },
    ]);
    await hearsExactly(cat, [ann, ben, dan]);
    await hearsExactly(ann, [ben, cat]);

    // Ann and Ben sit at the table (a private area): they hear each other and nobody else does,
    // though Cat stands 13 m away; and they hear nobody outside.
    await Promise.all([walk(ann, [{ x: -10, z: 4.5 }]), walk(ben, [{ x: -9, z: 3.5 }])]);
    await hearsExactly(ann, [ben]);
    await hearsExactly(ben, [ann]);
    await hearsExactly(cat, [dan]);

    // A student cannot mute anyone: refused, and Cat still hears Dan.
    const forged = await ask(cat.client.socket, 'voice:mute', { id: dan.self.id, muted: true });
    expect(forged).toEqual({ status: false, message: VoiceText.notModerator });
    const forgedMegaphone = await ask(cat.client.socket, 'voice:megaphone', { on: true });
    expect(forgedMegaphone).toMatchObject({ status: false, message: VoiceText.notModerator });

    // The teacher mutes Dan: he is told, his voice leaves Cat's connection, and his own switch
    // cannot bring it back.
    const tea = await walker(server, teaP.token, 'Tea', 'plaza');
    expect(tea.join.moderator).toBe(true);
    await ok(ask(tea.client.socket, 'voice:mute', { id: dan.self.id, muted: true }));
    await dan.client.wait('voice:muted', (p) => p.muted);
    await hearsExactly(cat, []);
    await ok(ask(dan.client.socket, 'voice:mic', { on: true }));
    await new Promise((r) => setTimeout(r, VoiceConstants.recomputeMs * 3));
    expect(cat.heard).toEqual([]);
    await ok(ask(tea.client.socket, 'voice:mute', { id: dan.self.id, muted: false }));
    await hearsExactly(cat, [dan]);

    // The teacher on the stage is heard by everyone, even at the table, and first.
    await speak(tea);
    await walk(tea, [{ x: 0, z: 18 }]);
    await hearsExactly(ann, [ben, tea]);
    // The page is told the stage is heard from everywhere (full volume); Dan's voice is not.
    await expect.poll(() => ann.loud, { timeout: 10_000 }).toEqual([tea.self.id]);
    await expect.poll(() => cat.loud, { timeout: 10_000 }).toEqual([tea.self.id]);

    // Eve in the gallery (a quiet zone) hears only the stage, and nobody hears her.
    const eveP = await createPerson(database.db, 'eve');
    const eve = await walker(server, eveP.token, 'Eve', 'gallery');
    await speak(eve);
    await hearsExactly(eve, [tea]);
    await new Promise((r) => setTimeout(r, VoiceConstants.recomputeMs * 3));
    for (const w of [ann, ben, cat, dan, tea])
      expect(w.heard, names([w])).not.toContain(eve.self.id);

    // A guest listens but cannot speak; a page that tries is refused.
    const guest = await walker(server, await guestToken('guest-voice'), 'Guest', 'plaza');
    expect(guest.join).toMatchObject({ canSpeak: false, moderator: false });
    const peer = new NodePeer();
    cleanups.push(() => peer.close());
    expect(
      await ask(guest.client.socket, 'voice:publish', { sdp: await peer.publishOffer() }),
    ).toEqual({ status: false, message: VoiceText.guestCannotSpeak });
    expect(await ask(guest.client.socket, 'voice:mic', { on: true })).toEqual({
      status: false,
      message: VoiceText.guestCannotSpeak,
    });
    await hearsExactly(guest, [dan, cat, tea]);

    // With the megaphone the teacher stays loud off the stage, 8 m from Cat; without it, the
    // voice is a near one again and fades with distance.
    await ok(ask(tea.client.socket, 'voice:megaphone', { on: true }));
    await walk(tea, [{ x: 0, z: 12 }]);
    await new Promise((r) => setTimeout(r, VoiceConstants.recomputeMs * 3));
    expect(cat.loud).toEqual([tea.self.id]);
    await ok(ask(tea.client.socket, 'voice:megaphone', { on: false }));
    await expect.poll(() => cat.loud, { timeout: 10_000 }).toEqual([]);
    expect(sorted(cat.heard)).toEqual(sorted([dan.self.id, tea.self.id]));
  }, 120_000);

  it.skipIf(!canRunTwoProcesses)(
    'two processes are one voice: each hears the other process’s speaker',
    async () => {
      const database = await createTestDatabase('postgres');
      const databaseB = await openDatabase({ kind: 'postgres', url: database.url ?? '' });
      const env = { JWT_SECRET, REDIS_URL: clusterUrls.redis ?? '' };
      const a = await startTestApp(database, env, undefined, { media: () => media });
      const b = await startTestApp(databaseB, env, undefined, { media: () => media });
      cleanups.push(async () => {
        await a.close();
        await b.close();
        await databaseB.close();
        await database.dispose();
      });
      const [p1, p2, p3] = await Promise.all([
        createPerson(database.db, 'pa'),
        createPerson(database.db, 'pb'),
        createPerson(database.db, 'pc'),
      ]);
      const one = await walker(a, p1.token, 'One (process A)', 'plaza');
      const two = await walker(b, p2.token, 'Two (process B)', 'plaza');
      const far = await walker(b, p3.token, 'Far (process B)', 'classroom');
      for (const w of [one, two, far]) await speak(w);
      await hearsExactly(one, [two]);
      await hearsExactly(two, [one]);
      await hearsExactly(far, []);
      // Far walks over on process B; One, on process A, hears her.
      await walk(far, [
        { x: 17, z: 0 },
        { x: 4, z: 0 },
        { x: 3, z: 5 },
      ]);
      await hearsExactly(one, [two, far]);
      // One leaves: Two's connection lets go of One's voice.
      one.client.close();
      await hearsExactly(two, [far]);
    },
    120_000,
  );
});

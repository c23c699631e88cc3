import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { janusBinary, janusProcessesUsing, NodePeer, startTestJanus } from '../../../test/janus.ts';
import { JanusClient } from './janus-client.ts';
import { JanusError, JanusUnavailableError, VIDEOROOM_ERROR } from './janus-errors.ts';
import type { JanusPeer, JanusPublisher } from './janus-peer.ts';
import type { PrivateJanus } from './janus-process.ts';

describe.skipIf(!janusBinary)('JanusClient on a private Janus', () => {
  let janus: PrivateJanus & { dir: string };
  let client: JanusClient;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    janus = await startTestJanus();
    client = await JanusClient.connect({
      url: janus.url,
      apiSecret: janus.apiSecret,
      adminKey: janus.adminKey,
    });
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  afterAll(async () => {
    await client?.close();
    await janus?.stop();
    expect(await janusProcessesUsing(janus.dir)).toEqual([]);
  });

  /** A room with its secret and one allowed token per name. */
  async function room(...names: string[]) {
    const secret = randomUUID();
    const tokens = Object.fromEntries(names.map((n) => [n, `${n}-${randomUUID()}`]));
    const id = await client.createRoom({ secret, allowed: Object.values(tokens), publishers: 6 });
    cleanups.push(() => client.destroyRoom(id, secret).catch(() => undefined));
    return { id, secret, tokens: tokens as Record<string, string> };
  }

  async function peer(): Promise<JanusPeer> {
    const p = await client.openPeer();
    cleanups.push(() => p.close());
    return p;
  }

  /** Joins `room` with `token` and publishes through a real (track-less) WebRTC peer. */
  async function publishingPeer(roomId: number, token: string, display: string) {
    const publisher = await (await peer()).publisher();
    const joined = await publisher.join({ room: roomId, token, display });
    const node = new NodePeer();
    cleanups.push(() => node.close());
    const up = publisher.next('webrtcup');
    const { answer, streams } = await publisher.publish({ offer: await node.publishOffer() });
    await node.accept(answer);
    await Promise.all([up, node.connected()]);
    return { publisher, joined, node, streams };
  }

  it('refuses the wrong API secret when connecting', async () => {
    const error = await JanusClient.connect({ url: janus.url, apiSecret: 'wrong' }).catch(
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(JanusError);
    expect((error as JanusError).code).toBe(403);
  });

  it('says clearly when nothing listens at the URL', async () => {
    const error = await JanusClient.connect({
      url: 'ws://127.0.0.1:9',
      connectTimeoutMs: 2_000,
    }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(JanusUnavailableError);
    expect((error as Error).message).toMatch(
      /Janus at ws:\/\/127\.0\.0\.1:9 is not available: .*ECONNREFUSED/,
    );
  });

  it('creates rooms only with the VideoRoom admin key', async () => {
    for (const [adminKey, code] of [
      [undefined, VIDEOROOM_ERROR.MISSING_ELEMENT],
      ['not-the-key', VIDEOROOM_ERROR.UNAUTHORIZED],
    ] as const) {
      const other = await JanusClient.connect({
        url: janus.url,
        apiSecret: janus.apiSecret,
        adminKey,
      });
      cleanups.push(() => other.close());
      const error = await other
        .createRoom({ secret: 's', allowed: [] })
        .catch((err: unknown) => err);
      expect(error, String(adminKey)).toBeInstanceOf(JanusError);
      expect((error as JanusError).code).toBe(code);
    }

    const { id } = await room('teacher');
    expect(await client.roomExists(id)).toBe(true);
  });

  it('admits only the tokens on the allowed list', async () => {
    const r = await room('teacher', 'student');
    const publisher = await (await peer()).publisher();

    for (const token of [undefined, 'made-up-token']) {
      const refused = await publisher
        .join({ room: r.id, token: token as string, display: 'intruder' })
        .catch((err: unknown) => err);
      expect(refused, String(token)).toBeInstanceOf(JanusError);
      expect((refused as JanusError).code).toBe(VIDEOROOM_ERROR.UNAUTHORIZED);
    }
    expect(await client.listParticipants(r.id)).toEqual([]);

    const joined = await publisher.join({ room: r.id, token: r.tokens.student!, display: 'Sam' });
    expect(joined.room).toBe(r.id);
    expect(publisher.feed).toBe(joined.feed);
    expect(await client.listParticipants(r.id)).toEqual([
      { feed: joined.feed, display: 'Sam', publisher: false },
    ]);
  });

  it('admits no one to a room whose allowed list is empty', async () => {
    const secret = randomUUID();
    const id = await client.createRoom({ secret, allowed: [] });
    cleanups.push(() => client.destroyRoom(id, secret));
    const publisher = await (await peer()).publisher();
    for (const token of [undefined, '']) {
      const refused = await publisher
        .join({ room: id, token: token as string })
        .catch((err: unknown) => err);
      expect((refused as JanusError).code, String(token)).toBe(VIDEOROOM_ERROR.UNAUTHORIZED);
    }
  });

  it("lets only a joined publisher's private id subscribe", async () => {
    const r = await room('teacher', 'student');
    const student = await publishingPeer(r.id, r.tokens.student!, 'Sam');
    const subscriber = await (await peer()).subscriber();
    for (const privateId of [undefined, 12345]) {
      const refused = await subscriber
        .subscribe({ room: r.id, privateId, streams: [{ feed: student.joined.feed }] })
        .catch((err: unknown) => err);
      expect(refused, String(privateId)).toBeInstanceOf(JanusError);
      expect((refused as JanusError).code).toBe(VIDEOROOM_ERROR.UNAUTHORIZED);
    }
  });

  it('adds and removes allowed tokens', async () => {
    const r = await room('teacher');
    const late = `late-${randomUUID()}`;
    expect(await client.allowTokens(r.id, r.secret, [late])).toContain(late);
    const list = await client.disallowTokens(r.id, r.secret, [r.tokens.teacher!]);
    expect(list).toEqual([late]);

    const publisher = await (await peer()).publisher();
    const refused = await publisher
      .join({ room: r.id, token: r.tokens.teacher! })
      .catch((err: unknown) => err);
    expect((refused as JanusError).code).toBe(VIDEOROOM_ERROR.UNAUTHORIZED);
    await expect(publisher.join({ room: r.id, token: late })).resolves.toMatchObject({
      room: r.id,
    });
  });

  it('needs the room secret to change a room', async () => {
    const r = await room('teacher');
    const error = await client
      .allowTokens(r.id, 'not-the-secret', ['x'])
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(JanusError);
    expect((error as JanusError).code).toBe(VIDEOROOM_ERROR.UNAUTHORIZED);
  });

  it('publishes an offer, trickles candidates, and subscribes to a feed', async () => {
    const r = await room('teacher', 'student');
    // The student publishes with trickled candidates.
    const publisher = await (await peer()).publisher();
    const { feed } = await publisher.join({ room: r.id, token: r.tokens.student!, display: 'Sam' });
    const node = new NodePeer();
    cleanups.push(() => node.close());
    const up = publisher.next('webrtcup');
    const offer = await node.publishOffer({ trickle: true });
    expect(offer.sdp).not.toMatch(/a=candidate/);
    const { answer, streams } = await publisher.publish({ offer });
    expect(answer.type).toBe('answer');
    expect(streams.map((s) => [s.type, s.mid])).toEqual([
      ['audio', '0'],
      ['video', '1'],
    ]);
    await node.accept(answer);
    await publisher.trickle(await node.candidates());
    await Promise.all([up, node.connected()]);
    expect(await client.listParticipants(r.id)).toEqual([
      { feed, display: 'Sam', publisher: true, talking: false },
    ]);

    // The teacher sees the publisher and subscribes to it.
    const teacherPeer = await peer();
    const teacher = await teacherPeer.publisher();
    const joined = await teacher.join({ room: r.id, token: r.tokens.teacher!, display: 'Tia' });
    expect(joined.publishers).toEqual([expect.objectContaining({ feed, display: 'Sam' })]);
    const subscriber = await teacherPeer.subscriber();
    const subscription = await subscriber.subscribe({
      room: r.id,
      token: r.tokens.teacher!,
      privateId: joined.privateId,
      streams: [{ feed }],
    });
    expect(subscription.offer.type).toBe('offer');
    expect(subscription.streams.map((s) => [s.type, s.feed])).toEqual([
      ['audio', feed],
      ['video', feed],
    ]);
    const viewer = new NodePeer();
    cleanups.push(() => viewer.close());
    const subscribed = subscriber.next('webrtcup');
    await subscriber.start(await viewer.answer(subscription.offer));
    await Promise.all([subscribed, viewer.connected()]);

    // Leaving tells the others.
    const left = teacher.next('left');
    await publisher.leave();
    expect(await left).toEqual({ room: r.id, feed });
  });

  it("moderates a stream at the SFU, and the student's own configure cannot lift it", async () => {
    const r = await room('teacher', 'student', 'late');
    const student = await publishingPeer(r.id, r.tokens.student!, 'Sam');
    const teacher = await (await peer()).publisher();
    await teacher.join({ room: r.id, token: r.tokens.teacher!, display: 'Tia' });
    const audioMid = student.streams.find((s) => s.type === 'audio')!.mid;

    const studentHears = student.publisher.next('moderation');
    const teacherHears = teacher.next('moderation');
    await client.moderate({
      room: r.id,
      secret: r.secret,
      feed: student.joined.feed,
      mid: audioMid,
      mute: true,
    });
    const notice = { room: r.id, feed: student.joined.feed, mid: audioMid, muted: true };
    expect(await studentHears).toEqual(notice);
    expect(await teacherHears).toEqual(notice);

    // The student's page asks to send again; Janus accepts the request but keeps the block.
    await student.publisher.configure({ streams: [{ mid: audioMid, send: true }] });
    expect(await moderatedStreams(r.id, r.tokens.late!)).toEqual({
      [student.joined.feed]: [audioMid],
    });

    // Lifting it is the moderator's call.
    await client.moderate({
      room: r.id,
      secret: r.secret,
      feed: student.joined.feed,
      mid: audioMid,
      mute: false,
    });
    expect(await moderatedStreams(r.id, r.tokens.late!)).toEqual({ [student.joined.feed]: [] });
  });

  it('refuses to moderate without the room secret or a published stream', async () => {
    const r = await room('student');
    const student = await (await peer()).publisher();
    const { feed } = await student.join({ room: r.id, token: r.tokens.student! });
    const noSecret = await client
      .moderate({ room: r.id, secret: 'guess', feed, mid: '0', mute: true })
      .catch((err: unknown) => err);
    expect((noSecret as JanusError).code).toBe(VIDEOROOM_ERROR.UNAUTHORIZED);
    const noStream = await client
      .moderate({ room: r.id, secret: r.secret, feed, mid: '0', mute: true })
      .catch((err: unknown) => err);
    expect((noStream as JanusError).code).toBe(VIDEOROOM_ERROR.NO_SUCH_FEED);
  });

  it('kicks a participant', async () => {
    const r = await room('teacher', 'student');
    const student = await (await peer()).publisher();
    const { feed } = await student.join({ room: r.id, token: r.tokens.student! });
    const teacher = await (await peer()).publisher();
    await teacher.join({ room: r.id, token: r.tokens.teacher! });

    const studentLeaves = student.next('left');
    const teacherSees = teacher.next('kicked');
    await client.kick({ room: r.id, secret: r.secret, feed });
    expect(await studentLeaves).toEqual({ room: r.id, feed, reason: 'kicked' });
    expect(await teacherSees).toEqual({ room: r.id, feed });
    const feeds = (await client.listParticipants(r.id)).map((p) => p.feed);
    expect(feeds).not.toContain(feed);
  });

  it('destroying a room ends it for everyone in it', async () => {
    const secret = randomUUID();
    const id = await client.createRoom({ secret, allowed: ['t'] });
    const student = await (await peer()).publisher();
    await student.join({ room: id, token: 't' });

    const destroyed = student.next('destroyed');
    await client.destroyRoom(id, secret);
    expect(await destroyed).toEqual({ room: id });
    expect(await client.roomExists(id)).toBe(false);
    const error = await client.listParticipants(id).catch((err: unknown) => err);
    expect((error as JanusError).code).toBe(VIDEOROOM_ERROR.NO_SUCH_ROOM);
  });

  it('closing a peer takes its person out of the room', async () => {
    const r = await room('student');
    const p = await client.openPeer();
    const student = await p.publisher();
    await student.join({ room: r.id, token: r.tokens.student! });
    const closed = p.next('closed');
    await p.close();
    expect(await closed).toEqual({ reason: 'closed' });
    expect(p.open).toBe(false);
    // Janus tears the session's handles down after it answers `destroy`: wait for it (3 s at most).
    await expect.poll(() => client.listParticipants(r.id), { timeout: 3_000 }).toEqual([]);
  });

  /** The moderated mids per publisher, as Janus lists them to someone joining now. */
  async function moderatedStreams(roomId: number, token: string) {
    const p = await client.openPeer();
    try {
      const publisher: JanusPublisher = await p.publisher();
      const { publishers } = await publisher.join({ room: roomId, token });
      return Object.fromEntries(
        publishers.map((pub) => [
          pub.feed,
          pub.streams.filter((s) => s.moderated).map((s) => s.mid),
        ]),
      );
    } finally {
      await p.close();
    }
  }
});

describe.skipIf(!janusBinary)('JanusClient when Janus goes away', () => {
  it('reports it, refuses requests clearly, and reconnects once Janus is back', async () => {
    const first = await startTestJanus();
    const client = await JanusClient.connect({
      url: first.url,
      apiSecret: first.apiSecret,
      adminKey: first.adminKey,
      reconnect: { initialDelayMs: 100, maxDelayMs: 200 },
    });
    let second: Awaited<ReturnType<typeof startTestJanus>> | null = null;
    try {
      const peer = await client.openPeer();
      const peerClosed = peer.next('closed');
      const disconnected = client.next('disconnected');
      await first.stop();

      const { error } = await disconnected;
      expect(error).toBeInstanceOf(JanusUnavailableError);
      expect(error.message).toMatch(/connection was lost/);
      expect(client.connected).toBe(false);
      expect((await peerClosed).reason).toMatch(/Janus went away/);
      for (const attempt of [
        () => client.createRoom({ secret: 's', allowed: [] }),
        () => client.openPeer(),
      ]) {
        const refused = await attempt().catch((err: unknown) => err);
        expect(refused).toBeInstanceOf(JanusUnavailableError);
        expect((refused as Error).message).toContain(`Janus at ${first.url} is not available`);
      }

      // The same address and secrets, as a restarted Janus would have them.
      const reconnected = client.next('reconnected');
      second = await startTestJanus({
        port: first.port,
        apiSecret: first.apiSecret,
        adminKey: first.adminKey,
      });
      await reconnected;
      expect(client.connected).toBe(true);
      const id = await client.createRoom({ secret: 's', allowed: ['t'] });
      expect(await client.roomExists(id)).toBe(true);
    } finally {
      await client.close();
      await second?.stop();
      await first.stop();
    }
    const refused = await client.roomExists(1).catch((err: unknown) => err);
    expect((refused as Error).message).toMatch(/client is closed/);
    expect(await janusProcessesUsing(first.dir)).toEqual([]);
  });
});

// The classroom on Janus (the SFU): the server owns every Janus session, adds the room, the
// participant id and the token; the browser sends only SDP and ICE. A person's Janus session
// lives in the process holding their socket.
import { createHash, createHmac } from 'node:crypto';
import { ClassroomText, isCallChannel, parseGroupChannel } from '@atrium/protocol';
import type { ClassJoinAck, VideoChannel, MediaKind } from '@atrium/protocol';
import type { ClassroomParticipantRow } from '../../db/schema.ts';
import { badRequest, notFound, unavailable } from '../../http/errors.ts';
import { janusAnswers, janusCandidate } from '../../media/janus/index.ts';
import type {
  JanusClient,
  JanusPeer,
  JanusPublisher,
  SubscribedStream,
} from '../../media/janus/index.ts';
import type { Handler } from '../../realtime/realtime.ts';
import type { AtriumSocket } from '../../realtime/realtime.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { randomToken } from '../../security/access-tokens.ts';
import { classRoomKey, GHOST_GRACE_MS, requireOwn, requireSdp } from './classroom.room.ts';
import type { RoomCore, Session } from './classroom.room.ts';
import { isHost } from './classroom.service.ts';
import { createPlacement } from './classroom.placement.ts';
import {
  cameraLines,
  changedLines,
  chooseVideo,
  LAYER_RETRY,
  newForwarding,
  stuckLines,
} from './classroom.lastn.ts';

/**
 * The m-lines of a subscription, as the browser needs them to place remote tracks; `screens` (feed
 * → the mid of its screen share) marks which video is a share rather than a camera.
 */
const streamsView = (streams: SubscribedStream[], screens: Map<number, string>) =>
  streams.map(({ mid, type, feed, feedMid }) => ({
    mid,
    type,
    ...(feed === undefined ? {} : { feed }),
    ...(feed !== undefined && feedMid !== undefined && screens.get(feed) === feedMid
      ? { screen: true }
      : {}),
  }));

/** Which of a publisher's m-lines is its microphone, camera and screen (PUBLISH_LINES order). */
export const midsOf = (streams: { type: string; mid: string }[]) => {
  const videos = streams.filter((st) => st.type === 'video');
  return {
    audioMid: streams.find((st) => st.type === 'audio')?.mid ?? null,
    videoMid: videos[0]?.mid ?? null,
    screenMid: videos[1]?.mid ?? null,
  };
};

/**
 * Janus's room id of a video room: room-1 → 1001; a call's room (made on demand) → a number from
 * a hash of its name, at or above 2^32 so it never meets a classroom's. Every process computes
 * the same. 48 bits of SHA-256 stay below 2^53 (a JSON number Janus and JS both keep exact); two
 * live calls meet with a chance near n²/2^49.
 */
export const janusRoomId = (channel: VideoChannel): number => {
  // A breakout group (issue 28 §4): room-2-g3 → 10203.
  const group = parseGroupChannel(channel);
  if (group) return 10_000 + Number(group.room.slice('room-'.length)) * 100 + group.group;
  if (!isCallChannel(channel)) return 1000 + Number(channel.slice('room-'.length));
  const digest = createHash('sha256').update(`atrium:call-room:${channel}`).digest();
  return 2 ** 32 + (digest.readUIntBE(0, 6) % (2 ** 48 - 2 ** 32));
};

/** The secret of a classroom's Janus room, derived from the server secret (same on every process). */
export const janusRoomSecret = (secret: string, channel: VideoChannel): string =>
  createHmac('sha256', secret).update(`atrium:janus-room:${channel}`).digest('hex');

/** What Janus's `updated` on a subscription carries. */
type SubscriberUpdate = {
  streams: SubscribedStream[];
  offer: { type: 'offer' | 'answer'; sdp: string } | null;
};

/** Most people publishing in one class or group room at once. */
export const CLASS_ROOM_PUBLISHERS = 50;
/**
 * What one person may send, in bits per second, whatever their page asks (Janus's REMB, with
 * `bitrate_cap` so a `configure` cannot raise it): the camera's three simulcast layers (700 +
 * 250 + 100 kbit/s, engine/sfu.ts) beside a screen share of about 2 Mbit/s. An edited page that
 * sends 1080p at 8 Mbit/s is held to this, so one student cannot fill the school's uplink.
 */
export const CLASS_PUBLISH_BITRATE = 3_000_000;

/** Cameras a viewer receives at most when CLASS_LAST_N is not given (its default). */
const DEFAULT_LAST_N = 9;

export interface SfuPath {
  join: (socket: AtriumSocket, claims: AuthClaims, channel: VideoChannel) => Promise<ClassJoinAck>;
  /** Mutes or unmutes one stream of one participant at the SFU, if they publish it. */
  moderateRow: (
    row: ClassroomParticipantRow,
    kind: MediaKind | 'screen',
    mute: boolean,
  ) => Promise<void>;
  publish: Handler<'class:publish'>;
  subscribe: Handler<'class:subscribe'>;
  start: Handler<'class:start'>;
  trickle: Handler<'class:trickle'>;
  kick: (channel: VideoChannel, feed: number) => Promise<void>;
  /** Issue 28 §6: which cameras the viewer shows; answers which Janus forwards (last-N). */
  view: Handler<'class:view'>;
}

export function createSfuPath(core: RoomCore): SfuPath {
  const { deps, sessions, requireSession, serial, leave } = core;
  const { repo, service, log } = deps;
  const roomSecret = (channel: VideoChannel) => janusRoomSecret(deps.secret, channel);

  // Which Janus carries each room (JANUS_URLS); with one Janus, always that one.
  const placement = createPlacement({ media: () => deps.media(), repo: deps.placements });
  /** Sessions already told that their Janus went away: the notice goes out once. */
  const moved = new WeakSet<Session>();

  /** Lets go of `session` unless the socket has moved on (a later join) meanwhile. */
  function leaveLater(session: Session): void {
    const { socket } = session;
    void serial(socket, async () => {
      if (sessions.get(socket.id) === session) await leave(socket);
    }).catch((err: unknown) => log.error({ err }, 'classroom leave failed'));
  }

  /**
   * The Janus of the session's room went away (issue 28 §6): the server lets go of the session
   * (its row goes, the room is told) and the page joins again, landing on a Janus that is up.
   */
  function mediaMoved(session: Session): void {
    if (moved.has(session) || sessions.get(session.socket.id) !== session) return;
    moved.add(session);
    // Queued before the page hears of it, so its rejoin runs after this leave.
    leaveLater(session);
    session.socket.emit('class:media-moved', { room: session.channel });
  }
  placement.onLost((client) => {
    for (const session of sessions.values()) if (session.janus === client) mediaMoved(session);
  });

  /** Runs a Janus request; its refusal becomes a clear answer to the client. */
  const janus = janusAnswers(
    { unavailable: ClassroomText.mediaUnavailable, failed: ClassroomText.mediaFailed },
    log,
    'classroom',
  );

  const ensureJanusRoom = (client: JanusClient, channel: VideoChannel): Promise<number> =>
    client.ensureRoom({
      room: janusRoomId(channel),
      secret: roomSecret(channel),
      allowed: [],
      description: channel,
      publishers: CLASS_ROOM_PUBLISHERS,
      bitrate: CLASS_PUBLISH_BITRATE,
      talkingEvents: { levelAverage: 25 },
    });

  /** The Janus handles of a session; mesh sessions have none. */
  function requireSfu(session: Session): { peer: JanusPeer; publisher: JanusPublisher } {
    if (!session.peer || !session.publisher) throw unavailable(ClassroomText.mediaUnavailable);
    return { peer: session.peer, publisher: session.publisher };
  }

  async function moderateRow(
    row: ClassroomParticipantRow,
    kind: MediaKind | 'screen',
    mute: boolean,
  ) {
    const mid = { audio: row.audioMid, video: row.videoMid, screen: row.screenMid }[kind];
    if (!mid) return;
    const channel = row.channel;
    // The Janus of the person's own session when it is on this process, else the room's.
    const client = sessions.get(row.socketId)?.janus ?? (await placement.janusFor(channel));
    await janus(() =>
      client.moderate({
        room: janusRoomId(channel),
        secret: roomSecret(channel),
        feed: row.feed,
        mid,
        mute,
      }),
    );
  }

  /**
   * Janus knows who is really in the room: rows whose feed it no longer has belong to a process
   * that died. They go, with their screen share, and the room is told.
   */
  async function pruneGone(client: JanusClient, channel: VideoChannel, janusRoom: number) {
    const live = await janus(() => client.listParticipants(janusRoom));
    const gone = await repo.removeGone(
      channel,
      live.map((p) => p.feed),
      new Date(Date.now() - GHOST_GRACE_MS),
    );
    await core.dropped(channel, gone);
  }

  async function join(
    socket: AtriumSocket,
    claims: AuthClaims,
    channel: VideoChannel,
  ): Promise<ClassJoinAck> {
    const flagsRow = await service.channel(channel);
    const client = await placement.janusFor(channel);
    // Joining while in a room first leaves the old one.
    await leave(socket);

    const janusRoom = await janus(() => ensureJanusRoom(client, channel));
    const secret = roomSecret(channel);
    const token = randomToken();
    await janus(() => client.allowTokens(janusRoom, secret, [token]));
    const peer = await janus(() => client.openPeer());
    let joined: { feed: number; privateId: number };
    let publisher: JanusPublisher;
    try {
      publisher = await janus(() => peer.publisher());
      joined = await janus(() =>
        publisher.join({ room: janusRoom, token, display: claims.username }),
      );
    } catch (err) {
      await peer.close();
      throw err;
    } finally {
      // The token did its one job; people already in stay.
      await client.disallowTokens(janusRoom, secret, [token]).catch(() => undefined);
    }

    const host = isHost(claims.role);
    await pruneGone(client, channel, janusRoom);
    await repo.addParticipant({
      socketId: socket.id,
      channel,
      userId: claims.sub,
      role: claims.role,
      name: claims.username,
      feed: joined.feed,
      audioProhibited: !host && flagsRow.globalMuteAudio,
      videoProhibited: !host && flagsRow.globalMuteVideo,
    });
    const session: Session = {
      socket,
      channel,
      feed: joined.feed,
      privateId: joined.privateId,
      claims,
      janus: client,
      peer,
      publisher,
      subscriber: null,
      updating: false,
    };
    sessions.set(socket.id, session);
    publisher.on('trickle', (candidate) =>
      socket.emit('class:trickle', { target: 'publisher', candidate }),
    );
    const closed = () => {
      if (sessions.get(socket.id) !== session) return;
      // With its Janus gone the page is told to rejoin (once, whichever event came first).
      if (!client.connected) mediaMoved(session);
      else leaveLater(session);
    };
    peer.on('closed', closed);
    // The session may have ended while the row was written.
    if (!peer.open) closed();
    return core.enter(session);
  }

  const publish: Handler<'class:publish'> = async (s, { participant, sdp }) => {
    const session = requireSession(s);
    requireOwn(session, participant);
    const { publisher } = requireSfu(session);
    const offer = requireSdp(sdp, 'offer');
    // Others may subscribe once Janus has the WebRTC connection up (before, it has no such feed).
    const off = publisher.on('webrtcup', () => {
      off();
      if (sessions.get(s.id) === session) {
        s.to(classRoomKey(session.channel)).emit('class:published', { id: session.feed });
      }
    });
    const { answer, streams } = await janus(() =>
      publisher.publish({ offer: { type: 'offer', sdp: offer } }),
    );
    await repo.setMids(s.id, midsOf(streams));
    // Stored prohibitions hold from the first packet: the SFU drops what a student sends. The
    // screen line carries nothing until its person holds the room's screen share, so it cannot
    // carry a camera past a camera mute.
    const row = await repo.participant(s.id);
    if (row?.audioProhibited) await moderateRow(row, 'audio', true);
    if (row?.videoProhibited) await moderateRow(row, 'video', true);
    const channelRow = await service.channel(session.channel);
    if (row && channelRow.screenSharer !== row.userId) await moderateRow(row, 'screen', true);
    return { sdp: answer };
  };

  const subscribe: Handler<'class:subscribe'> = async (s, { feed }) => {
    const session = requireSession(s);
    const target = await repo.participantByFeed(session.channel, feed);
    if (!target) throw notFound(ClassroomText.unknownParticipant);
    if (target.audioMid === null && target.videoMid === null) {
      throw badRequest(ClassroomText.notPublishing);
    }
    const { peer } = requireSfu(session);
    if (!session.subscriber) {
      const subscriber = await janus(() => peer.subscriber());
      subscriber.on('trickle', (candidate) =>
        s.emit('class:trickle', { target: 'subscriber', candidate }),
      );
      subscriber.on('layer', ({ mid, substream }) => session.video?.layers.set(mid, substream));
      // Janus renegotiates by itself when a publisher leaves, and holds every other change of
      // this subscription until the browser answers: that offer goes to the browser.
      subscriber.on('updated', ({ offer, streams }) => {
        if (session.video) session.video.streams = streams;
        if (session.updating || !offer) return;
        void repo.screenMids(session.channel).then(
          (screens) =>
            s.emit('class:renegotiate', { sdp: offer, streams: streamsView(streams, screens) }),
          (err: unknown) => log.error({ err }, 'classroom renegotiation failed'),
        );
      });
      const { offer, streams } = await janus(() =>
        subscriber.subscribe({
          room: janusRoomId(session.channel),
          streams: [{ feed }],
          privateId: session.privateId,
        }),
      );
      session.subscriber = subscriber;
      session.video ??= newForwarding();
      session.video.streams = streams;
      return { sdp: offer, streams: streamsView(streams, await repo.screenMids(session.channel)) };
    }
    const subscriber = session.subscriber;
    session.updating = true;
    // Janus answers an update either at once or with a later `updated`; the listener goes either
    // way (a class of 30 subscribes 29 times: kept listeners would pile up on the handle).
    let stopListening = () => {};
    try {
      const updated = new Promise<SubscriberUpdate>((resolve) => {
        stopListening = subscriber.on('updated', resolve);
      });
      const result = await janus(() => subscriber.update({ subscribe: [{ feed }] }));
      const done = result.offer ? result : await updated;
      if (!done.offer) throw badRequest(ClassroomText.mediaFailed);
      if (session.video) session.video.streams = done.streams;
      const screens = await repo.screenMids(session.channel);
      return { sdp: done.offer, streams: streamsView(done.streams, screens) };
    } finally {
      stopListening();
      session.updating = false;
    }
  };

  const start: Handler<'class:start'> = async (s, { sdp }) => {
    const session = requireSession(s);
    const answer = requireSdp(sdp, 'answer');
    if (!session.subscriber) throw badRequest(ClassroomText.subscribeFirst);
    const subscriber = session.subscriber;
    await janus(() => subscriber.start({ type: 'answer', sdp: answer }));
    // The subscription's lines are settled: forward the cameras this viewer may receive.
    void forward(session).catch((err: unknown) => log.warn({ err }, 'classroom last-N failed'));
    return {};
  };

  /**
   * Tells Janus which camera lines to forward to `session`, and at which layer, and tells the
   * page when that set changed. Runs after every subscription change and every `class:view`.
   */
  function forward(session: Session): Promise<number[]> {
    const { video, subscriber } = session;
    if (!video || !subscriber) return Promise.resolve([]);
    const run = video.chain.then(async () => {
      const rows = await repo.participants(session.channel);
      const cameras = new Map(rows.flatMap((r) => (r.videoMid ? [[r.feed, r.videoMid]] : [])));
      const hosts = new Set(
        rows.filter((r) => isHost(r.role as AuthClaims['role'])).map((r) => r.feed),
      );
      const { forwarded, plan } = chooseVideo({
        lines: cameraLines(video.streams, cameras),
        hosts,
        view: video.view,
        lastN: deps.lastN ?? DEFAULT_LAST_N,
      });
      const changed = changedLines(plan, video.applied);
      if (changed.length > 0) await janus(() => subscriber.configure({ streams: changed }));
      video.applied = plan;
      if (changed.length > 0) {
        video.retries = LAYER_RETRY.times;
        askAgainLater(session);
      }
      if (video.announced?.join() !== forwarded.join()) {
        video.announced = forwarded;
        session.socket.emit('class:video', { feeds: forwarded });
      }
      return forwarded;
    });
    video.chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /**
   * Asks Janus again, a little later, for the layer of each line it still forwards high though a
   * small tile shows it (LAYER_RETRY says why), while retries are left.
   */
  function askAgainLater(session: Session): void {
    const video = session.video;
    if (!video || video.recheck) return;
    video.recheck = setTimeout(() => {
      video.recheck = null;
      const subscriber = session.subscriber;
      const current = sessions.get(session.socket.id) === session && session.peer?.open === true;
      if (!current || session.video !== video || !subscriber || video.retries <= 0) return;
      const stuck = stuckLines(video.applied, video.layers);
      if (stuck.length === 0) return;
      video.retries -= 1;
      video.chain = video.chain
        .then(() => janus(() => subscriber.configure({ streams: stuck })))
        .then(
          () => askAgainLater(session),
          (err: unknown) => log.warn({ err }, 'classroom layer request failed'),
        );
    }, LAYER_RETRY.afterMs);
    video.recheck.unref();
  }

  const view: Handler<'class:view'> = async (s, wish) => {
    const session = requireSession(s);
    requireSfu(session);
    // A view sent before the first subscription waits on the session for it.
    session.video ??= newForwarding();
    session.video.view = wish;
    return { feeds: await forward(session) };
  };

  const trickle: Handler<'class:trickle'> = async (s, { participant, target, candidate }) => {
    const session = requireSession(s);
    requireOwn(session, participant);
    const { publisher } = requireSfu(session);
    const handle = target === 'publisher' ? publisher : session.subscriber;
    if (!handle) throw badRequest(ClassroomText.subscribeFirst);
    await janus(() => handle.trickle(janusCandidate(candidate)));
    return {};
  };

  /**
   * Takes a participant out of the Janus room at once (issue 28's removal): their streams stop
   * for everyone, whatever their page does. Without Janus (a mesh) there is nothing to kick.
   */
  async function kick(channel: VideoChannel, feed: number): Promise<void> {
    if (!deps.media()) return;
    const client = await placement.janusFor(channel);
    await janus(() =>
      client.kick({ room: janusRoomId(channel), secret: roomSecret(channel), feed }),
    );
  }

  return { join, moderateRow, publish, subscribe, start, trickle, kick, view };
}

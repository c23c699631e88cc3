// The classroom's signalling on the main socket namespace. The browser sends only SDP and ICE;
// the server owns every Janus session, adds the room, the participant id and the token, and
// keeps who is in which room, the flags and the screen sharer in PostgreSQL (shared by every
// process). A person's Janus session lives in the process holding their socket.
import { createHmac, randomInt } from 'node:crypto';
import {
  ClassroomRoomSchema,
  ClassroomText,
  MAX_MESH_PEOPLE,
  MAX_SDP_LENGTH,
  SocketText,
} from '@atrium/protocol';
import type {
  ClassChannelMessage,
  ClassJoinAck,
  ClassParticipant,
  ClassroomRoom,
  MediaKind,
  ParticipantAttributes,
  SessionDescription,
} from '@atrium/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { ClassroomChannelRow, ClassroomParticipantRow } from '../../db/schema.ts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unavailable,
} from '../../http/errors.ts';
import { JanusError, JanusUnavailableError, VIDEOROOM_ERROR } from '../../media/janus/index.ts';
import type {
  JanusPeer,
  JanusPublisher,
  JanusSubscriber,
  MediaServer,
  SubscribedStream,
} from '../../media/janus/index.ts';
import type { AtriumServer, AtriumSocket, SocketFeature } from '../../realtime/realtime.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { randomToken } from '../../security/access-tokens.ts';
import { requireAccountHolder } from '../../security/policy.ts';
import type { ClassroomRepository } from './classroom.repository.ts';
import type { ClassroomService } from './classroom.service.ts';
import { flagsOf, isHost, requireHost } from './classroom.service.ts';

/** The socket.io room of a classroom: attribute changes reach everyone, on every process. */
export const classRoomKey = (channel: string): string => `class:${channel}`;

/** Janus's room id of a classroom: room-1 → 1001. Every process computes the same. */
export const janusRoomId = (channel: ClassroomRoom): number =>
  1000 + Number(channel.slice('room-'.length));

/** The secret of a classroom's Janus room, derived from the server secret (same on every process). */
export const janusRoomSecret = (secret: string, channel: ClassroomRoom): string =>
  createHmac('sha256', secret).update(`atrium:janus-room:${channel}`).digest('hex');

/** The m-lines of a subscription, as the browser needs them to place remote tracks. */
const streamsView = (streams: SubscribedStream[]) =>
  streams.map(({ mid, type, feed }) => ({ mid, type, ...(feed === undefined ? {} : { feed }) }));

/** How old a row must be before Janus's word that its feed is gone removes it. */
const GHOST_GRACE_MS = 30_000;

/** One person's live classroom session on this process. */
interface Session {
  socket: AtriumSocket;
  channel: ClassroomRoom;
  feed: number;
  privateId: number;
  claims: AuthClaims;
  /** Null in mesh mode (no Janus): the browsers connect to each other through `class:signal`. */
  peer: JanusPeer | null;
  publisher: JanusPublisher | null;
  subscriber: JanusSubscriber | null;
  /** A subscription change of ours is in flight: Janus's `updated` is its answer, not news. */
  updating: boolean;
}

export interface ClassroomRealtimeDeps {
  repo: ClassroomRepository;
  service: ClassroomService;
  media: () => MediaServer | null;
  /** Joins wait for this, so nobody lands in a mesh while Janus is still starting. */
  mediaSettled?: () => Promise<void>;
  io: () => AtriumServer | null;
  /** Secret from which each Janus room's secret is derived. */
  secret: string;
  log: FastifyBaseLogger;
}

export function createClassroomRealtime(deps: ClassroomRealtimeDeps): {
  feature: SocketFeature;
  /** Sessions on this process (tests and metrics). */
  sessions(): number;
  /** Takes everyone on this process out of their classroom (shutdown, before the sockets close). */
  close(): Promise<void>;
} {
  const { repo, service, log } = deps;
  const sessions = new Map<string, Session>();
  const roomSecret = (channel: ClassroomRoom) => janusRoomSecret(deps.secret, channel);

  const emitToRoom = (channel: string) => deps.io()?.to(classRoomKey(channel));

  function requireMedia(): MediaServer {
    const media = deps.media();
    if (!media?.client.connected) throw unavailable(ClassroomText.mediaUnavailable);
    return media;
  }

  /** Runs a Janus request; its refusal becomes a clear answer to the client. */
  async function janus<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof JanusUnavailableError) throw unavailable(ClassroomText.mediaUnavailable);
      if (err instanceof JanusError) {
        log.warn({ err }, 'Janus refused a classroom request');
        throw badRequest(`${ClassroomText.mediaFailed} (${err.reason})`);
      }
      throw err;
    }
  }

  async function ensureJanusRoom(media: MediaServer, channel: ClassroomRoom): Promise<number> {
    const room = janusRoomId(channel);
    if (await media.client.roomExists(room)) return room;
    try {
      await media.client.createRoom({
        room,
        secret: roomSecret(channel),
        allowed: [],
        description: channel,
        publishers: 50,
        talkingEvents: { levelAverage: 25 },
      });
    } catch (err) {
      // Another process created it meanwhile.
      if (!(err instanceof JanusError && err.code === VIDEOROOM_ERROR.ROOM_EXISTS)) throw err;
    }
    return room;
  }

  const attributesOf = (
    row: ClassroomParticipantRow,
    channel: ClassroomChannelRow,
  ): ParticipantAttributes => ({
    name: row.name,
    shareScreen: channel.screenSharer === row.userId ? 'true' : 'false',
    isUnmutedAudioProhibited: row.audioProhibited,
    isUnmutedVideoProhibited: row.videoProhibited,
  });

  const viewOf = (
    row: ClassroomParticipantRow,
    channel: ClassroomChannelRow,
  ): ClassParticipant => ({
    id: row.feed,
    userId: row.userId,
    role: row.role as ClassParticipant['role'],
    publishing: row.audioMid !== null || row.videoMid !== null,
    attributes: attributesOf(row, channel),
  });

  /** Tells the room a participant's attributes as they now stand. */
  async function announceAttributes(socketId: string): Promise<void> {
    const row = await repo.participant(socketId);
    if (!row) return;
    const channel = await service.channel(row.channel);
    emitToRoom(row.channel)?.emit('class:attributes', {
      id: row.feed,
      attributes: attributesOf(row, channel),
    });
  }

  function requireSession(socket: AtriumSocket): Session {
    const session = sessions.get(socket.id);
    if (!session) throw badRequest(ClassroomText.notInRoom);
    return session;
  }

  /** The Janus handles of a session; mesh sessions have none. */
  function requireSfu(session: Session): { peer: JanusPeer; publisher: JanusPublisher } {
    if (!session.peer || !session.publisher) throw unavailable(ClassroomText.mediaUnavailable);
    return { peer: session.peer, publisher: session.publisher };
  }

  function requireOwn(session: Session, participant: number): void {
    if (participant !== session.feed) throw forbidden(ClassroomText.notYourParticipant);
  }

  /** Mutes or unmutes one stream of one participant at the SFU, if they publish it. */
  async function moderateRow(row: ClassroomParticipantRow, kind: MediaKind, mute: boolean) {
    const mid = kind === 'audio' ? row.audioMid : row.videoMid;
    if (!mid) return;
    const media = requireMedia();
    const channel = row.channel as ClassroomRoom;
    await janus(() =>
      media.client.moderate({
        room: janusRoomId(channel),
        secret: roomSecret(channel),
        feed: row.feed,
        mid,
        mute,
      }),
    );
  }

  /** A global flag changed: every student in the room follows, teachers and admins never. */
  async function applyFlag(channel: ClassroomRoom, kind: MediaKind, mute: boolean, by: AuthClaims) {
    const rows = await repo.participants(channel);
    for (const row of rows) {
      if (isHost(row.role as AuthClaims['role'])) continue;
      await repo.setProhibited(row.socketId, kind, mute);
      try {
        await moderateRow(row, kind, mute);
      } catch (err) {
        log.error({ err, channel, feed: row.feed }, 'classroom moderation failed');
      }
      await announceAttributes(row.socketId);
    }
    const flags = flagsOf(await service.channel(channel));
    const message: ClassChannelMessage = {
      type: mute ? `mute-${kind}-all` : `allow-permission-unmute-${kind}`,
      message: '',
      displayName: by.username,
    };
    const room = emitToRoom(channel);
    room?.emit('class:flags', flags);
    room?.emit('class:message', message);
  }
  service.onFlagChange(applyFlag);

  /** Takes the socket out of its classroom: Janus session, row, screen share, the others told. */
  async function leave(socket: AtriumSocket): Promise<void> {
    const session = sessions.get(socket.id);
    if (!session) return;
    sessions.delete(socket.id);
    void socket.leave(classRoomKey(session.channel));
    await session.peer?.close();
    const row = await repo.removeParticipant(socket.id);
    if (!row) return;
    if (!(await repo.userStillIn(row.channel, row.userId, socket.id))) {
      await repo.releaseScreen(row.channel, row.userId);
    }
    emitToRoom(row.channel)?.emit('class:left', { id: row.feed });
  }

  /**
   * Janus knows who is really in the room: rows whose feed it no longer has belong to a process
   * that died. They go, with their screen share, and the room is told.
   */
  async function pruneGone(media: MediaServer, channel: ClassroomRoom, janusRoom: number) {
    const live = await janus(() => media.client.listParticipants(janusRoom));
    const gone = await repo.removeGone(
      channel,
      live.map((p) => p.feed),
      new Date(Date.now() - GHOST_GRACE_MS),
    );
    if (gone.length === 0) return;
    const remaining = await repo.participants(channel);
    await repo.releaseScreenUnlessIn(
      channel,
      remaining.map((r) => r.userId),
    );
    for (const row of gone) emitToRoom(channel)?.emit('class:left', { id: row.feed });
  }

  /** One join or leave at a time per socket, so a double click cannot open two Janus sessions. */
  const queues = new Map<string, Promise<unknown>>();
  function serial<T>(socket: AtriumSocket, run: () => Promise<T>): Promise<T> {
    const previous = queues.get(socket.id) ?? Promise.resolve();
    const result = previous.then(run, run);
    const settled = result.catch(() => undefined);
    queues.set(socket.id, settled);
    void settled.then(() => {
      if (queues.get(socket.id) === settled) queues.delete(socket.id);
    });
    return result;
  }

  async function join(socket: AtriumSocket, room: string): Promise<ClassJoinAck> {
    if (!socket.data.auth) throw forbidden(SocketText.notLoggedIn);
    const claims = requireAccountHolder(socket.data.auth);
    const parsed = ClassroomRoomSchema.safeParse(room);
    if (!parsed.success) throw notFound(ClassroomText.unknownRoom);
    const channel = parsed.data;
    const flagsRow = await service.channel(channel);
    await deps.mediaSettled?.();
    // Without Janus the room is a WebRTC mesh relayed by this socket server.
    if (!deps.media()) return joinMesh(socket, claims, channel);
    const media = requireMedia();
    // Joining while in a room first leaves the old one.
    await leave(socket);

    const janusRoom = await janus(() => ensureJanusRoom(media, channel));
    const secret = roomSecret(channel);
    const token = randomToken();
    await janus(() => media.client.allowTokens(janusRoom, secret, [token]));
    const peer = await janus(() => media.client.openPeer());
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
      await media.client.disallowTokens(janusRoom, secret, [token]).catch(() => undefined);
    }

    const host = isHost(claims.role);
    await pruneGone(media, channel, janusRoom);
    const others = await repo.participants(channel);
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
      peer,
      publisher,
      subscriber: null,
      updating: false,
    };
    sessions.set(socket.id, session);
    publisher.on('trickle', (candidate) =>
      socket.emit('class:trickle', { target: 'publisher', candidate }),
    );
    peer.on('closed', () => {
      if (sessions.get(socket.id) === session) {
        void serial(socket, () => leave(socket)).catch((err: unknown) =>
          log.error({ err }, 'classroom leave failed'),
        );
      }
    });
    if (socket.disconnected) {
      await leave(socket);
      throw badRequest(ClassroomText.notInRoom);
    }
    await socket.join(classRoomKey(channel));

    const me = await repo.participant(socket.id);
    if (!me) throw badRequest(ClassroomText.notInRoom);
    const current = await service.channel(channel);
    socket.to(classRoomKey(channel)).emit('class:joined', viewOf(me, current));
    return {
      room: channel,
      id: joined.feed,
      host,
      attributes: attributesOf(me, current),
      participants: others.map((row) => viewOf(row, current)),
      flags: flagsOf(current),
      mode: 'sfu',
      enforced: true,
      iceServers: [],
    };
  }

  /**
   * Mesh mode: the row is the membership (at most MAX_MESH_PEOPLE, counted in PostgreSQL so every
   * process agrees), the id is random, and mutes are stored and announced but only clients obey.
   */
  async function joinMesh(
    socket: AtriumSocket,
    claims: AuthClaims,
    channel: ClassroomRoom,
  ): Promise<ClassJoinAck> {
    const flagsRow = await service.channel(channel);
    const previous = sessions.get(socket.id);
    const host = isHost(claims.role);
    const feed = randomInt(1, 2 ** 47);
    const row = {
      socketId: socket.id,
      channel,
      userId: claims.sub,
      role: claims.role,
      name: claims.username,
      feed,
      audioProhibited: !host && flagsRow.globalMuteAudio,
      videoProhibited: !host && flagsRow.globalMuteVideo,
    };
    // Rejoining the same room keeps the place; a full room changes nothing.
    if (previous?.channel === channel) await leave(socket);
    const others = await repo.participants(channel);
    if (!(await repo.addParticipantIfRoom(row, MAX_MESH_PEOPLE))) {
      throw conflict(ClassroomText.meshFull);
    }
    if (previous && previous.channel !== channel) await leave(socket);
    const session: Session = {
      socket,
      channel,
      feed,
      privateId: 0,
      claims,
      peer: null,
      publisher: null,
      subscriber: null,
      updating: false,
    };
    sessions.set(socket.id, session);
    if (socket.disconnected) {
      await leave(socket);
      throw badRequest(ClassroomText.notInRoom);
    }
    await socket.join(classRoomKey(channel));
    const me = await repo.participant(socket.id);
    if (!me) throw badRequest(ClassroomText.notInRoom);
    const current = await service.channel(channel);
    socket.to(classRoomKey(channel)).emit('class:joined', viewOf(me, current));
    return {
      room: channel,
      id: feed,
      host,
      attributes: attributesOf(me, current),
      participants: others.map((r) => viewOf(r, current)),
      flags: flagsOf(current),
      mode: 'mesh',
      enforced: false,
      iceServers: [],
    };
  }

  function requireSdp(sdp: SessionDescription, type: SessionDescription['type']): string {
    if (sdp.sdp.length > MAX_SDP_LENGTH) throw badRequest(ClassroomText.sdpTooLarge);
    if (sdp.type !== type) throw badRequest(ClassroomText.wrongSdpType(type));
    return sdp.sdp;
  }

  const feature: SocketFeature = (socket, on) => {
    socket.on('disconnect', () => {
      void serial(socket, () => leave(socket)).catch((err: unknown) =>
        log.error({ err }, 'classroom leave failed'),
      );
    });

    on('class:join', (s, { room }) => serial(s, () => join(s, room)));

    on('class:publish', async (s, { participant, sdp }) => {
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
      const audioMid = streams.find((st) => st.type === 'audio')?.mid ?? null;
      const videoMid = streams.find((st) => st.type === 'video')?.mid ?? null;
      await repo.setMids(s.id, audioMid, videoMid);
      // Stored prohibitions hold from the first packet: the SFU drops what a student sends.
      const row = await repo.participant(s.id);
      if (row?.audioProhibited) await moderateRow(row, 'audio', true);
      if (row?.videoProhibited) await moderateRow(row, 'video', true);
      return { sdp: answer };
    });

    on('class:subscribe', async (s, { feed }) => {
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
        subscriber.on('updated', ({ offer, streams }) => {
          if (session.updating || !offer) return;
          s.emit('class:renegotiate', { sdp: offer, streams: streamsView(streams) });
        });
        const { offer, streams } = await janus(() =>
          subscriber.subscribe({
            room: janusRoomId(session.channel),
            streams: [{ feed }],
            privateId: session.privateId,
          }),
        );
        session.subscriber = subscriber;
        return { sdp: offer, streams: streamsView(streams) };
      }
      const subscriber = session.subscriber;
      session.updating = true;
      try {
        const updated = subscriber.next('updated');
        const result = await janus(() => subscriber.update({ subscribe: [{ feed }] }));
        const done = result.offer ? result : await updated;
        if (!done.offer) throw badRequest(ClassroomText.mediaFailed);
        return { sdp: done.offer, streams: streamsView(done.streams) };
      } finally {
        session.updating = false;
      }
    });

    on('class:start', async (s, { sdp }) => {
      const session = requireSession(s);
      const answer = requireSdp(sdp, 'answer');
      if (!session.subscriber) throw badRequest(ClassroomText.subscribeFirst);
      const subscriber = session.subscriber;
      await janus(() => subscriber.start({ type: 'answer', sdp: answer }));
      return {};
    });

    on('class:trickle', async (s, { participant, target, candidate }) => {
      const session = requireSession(s);
      requireOwn(session, participant);
      const { publisher } = requireSfu(session);
      const handle = target === 'publisher' ? publisher : session.subscriber;
      if (!handle) throw badRequest(ClassroomText.subscribeFirst);
      const ice =
        'completed' in candidate
          ? { completed: true as const }
          : {
              candidate: candidate.candidate,
              sdpMid: candidate.sdpMid ?? null,
              sdpMLineIndex: candidate.sdpMLineIndex ?? null,
            };
      await janus(() => handle.trickle(ice));
      return {};
    });

    on('class:signal', async (s, { to, description, candidate }) => {
      const session = requireSession(s);
      if (session.peer) throw badRequest(ClassroomText.meshOnly);
      if (!description && !candidate) throw badRequest(ClassroomText.signalEmpty);
      if (to === session.feed) throw badRequest(ClassroomText.signalSelf);
      if (description && description.sdp.length > MAX_SDP_LENGTH) {
        throw badRequest(ClassroomText.sdpTooLarge);
      }
      const target = await repo.participantByFeed(session.channel, to);
      if (!target) throw notFound(ClassroomText.unknownParticipant);
      // The target's socket room reaches its process through the Redis adapter.
      deps
        .io()
        ?.to(target.socketId)
        .emit('class:signal', {
          from: session.feed,
          ...(description ? { description } : {}),
          ...(candidate ? { candidate } : {}),
        });
      return {};
    });

    on('class:leave', async (s) => {
      await serial(s, () => leave(s));
      return {};
    });

    on('class:moderate', async (s, { target, kind, mute }) => {
      requireHost(s.data.auth);
      const session = requireSession(s);
      const row = await repo.participantByFeed(session.channel, target);
      if (!row) throw notFound(ClassroomText.unknownParticipant);
      if (isHost(row.role as AuthClaims['role'])) throw forbidden(ClassroomText.hostNotModerated);
      await moderateRow(row, kind, mute);
      await repo.setProhibited(row.socketId, kind, mute);
      await announceAttributes(row.socketId);
      return {};
    });

    on('class:mute-all', async (s, { kind, mute }) => {
      const host = requireHost(s.data.auth);
      const session = requireSession(s);
      const row = await service.writeFlag(session.channel, kind, mute);
      await applyFlag(session.channel, kind, mute, host);
      return flagsOf({
        ...row,
        ...(kind === 'audio' ? { globalMuteAudio: mute } : { globalMuteVideo: mute }),
      });
    });

    on('class:share', async (s, { on: sharing }) => {
      const session = requireSession(s);
      if (sharing) {
        if (!(await repo.claimScreen(session.channel, session.claims.sub))) {
          throw conflict(ClassroomText.screenShareTaken);
        }
      } else {
        await repo.releaseScreen(session.channel, session.claims.sub);
      }
      await announceAttributes(s.id);
      return {};
    });
  };

  return {
    feature,
    sessions: () => sessions.size,
    async close() {
      const sockets = [...sessions.values()].map((session) => session.socket);
      await Promise.all(
        sockets.map((socket) =>
          serial(socket, () => leave(socket)).catch((err: unknown) =>
            log.error({ err }, 'classroom leave failed'),
          ),
        ),
      );
    },
  };
}

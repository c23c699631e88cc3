// What the SFU and the mesh paths of the classroom share: the sessions of this process, the
// socket.io room of a classroom, the participants' attributes as the others see them, leaving,
// and the common end of a join.
import { ClassroomText, MAX_SDP_LENGTH, parseGroupChannel } from '@atrium/protocol';
import type {
  RaisedHand,
  ClassJoinAck,
  ClassParticipant,
  VideoChannel,
  IceServer,
  MediaState,
  ParticipantAttributes,
  SessionDescription,
} from '@atrium/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type {
  ClassroomChannelRow,
  ClassroomHandRow,
  ClassroomParticipantRow,
} from '../../db/schema.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import type {
  JanusClient,
  JanusPeer,
  JanusPublisher,
  JanusSubscriber,
  MediaServer,
} from '../../media/janus/index.ts';
import type { AtriumServer, AtriumSocket } from '../../realtime/realtime.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import type { GroupsRepository } from './classroom.groups.repository.ts';
import type { LobbyRepository } from './classroom.lobby.repository.ts';
import type { PlacementRepository } from './classroom.placement.repository.ts';
import type { RecordRepository } from './classroom.record.repository.ts';
import type { ClassroomPollsRepository } from './classroom.polls.repository.ts';
import type { VideoForwarding } from './classroom.lastn.ts';
import type { ClassroomRepository } from './classroom.repository.ts';
import type { ClassroomService } from './classroom.service.ts';
import { flagsOf, isHost } from './classroom.service.ts';

/** The socket.io room of a classroom: attribute changes reach everyone, on every process. */
export const classRoomKey = (channel: string): string => `class:${channel}`;
/**
 * The socket.io room of a classroom's teachers and admins (issue 28): what only they may see (the
 * lobby, a poll's live results) is sent here, on every process.
 */
export const classHostsKey = (channel: string): string => `class-hosts:${channel}`;

/**
 * How old a row must be before a check that its person is gone (Janus's participant list, or the
 * live sockets in mesh mode) removes it: a row written a moment ago by another process may be
 * newer than the list it is checked against.
 */
export const GHOST_GRACE_MS = 30_000;

/** One person's live classroom session on this process. */
export interface Session {
  socket: AtriumSocket;
  channel: VideoChannel;
  feed: number;
  privateId: number;
  claims: AuthClaims;
  /**
   * The Janus the room is placed on (JANUS_URLS, issue 28 §6): every later request of this
   * session goes there, and its loss moves the session. Null in mesh mode.
   */
  janus: JanusClient | null;
  /** Null in mesh mode (no Janus): the browsers connect to each other through `class:signal`. */
  peer: JanusPeer | null;
  publisher: JanusPublisher | null;
  subscriber: JanusSubscriber | null;
  /** A subscription change of ours is in flight: Janus's `updated` is its answer, not news. */
  updating: boolean;
  /** What Janus forwards to this viewer (issue 28 §6); null until subscribed (the SFU only). */
  video?: VideoForwarding;
}

export interface ClassroomRealtimeDeps {
  repo: ClassroomRepository;
  /** The waiting room's SQL (issue 28). */
  lobby: LobbyRepository;
  /** The class record's SQL (issue 28 §5). */
  records: RecordRepository;
  /** The breakout groups' SQL (issue 28 §4). */
  groups: GroupsRepository;
  /** The warning before groups close, in ms (30 s; tests shorten it). */
  groupWarningMs?: number;
  /** How long a student may stay outside their group before the server takes them out, in ms. */
  groupStrayMs?: number;
  /** How many cameras a viewer receives at most (CLASS_LAST_N, issue 28 §6); default 9. */
  lastN?: number;
  /** The polls' SQL (issue 28 §3). */
  polls: ClassroomPollsRepository;
  /** Which Janus of JANUS_URLS carries which room (issue 28 §6). */
  placements: PlacementRepository;
  /** A class's door closed ("ask to join"): the chat drops who may no longer read it. */
  doorClosed?: (channel: string) => Promise<void>;
  service: ClassroomService;
  media: () => MediaServer | null;
  /** Joins wait for this, so nobody lands in a mesh while Janus is still starting. */
  mediaSettled?: () => Promise<void>;
  io: () => AtriumServer | null;
  /** Secret from which each Janus room's secret is derived. */
  secret: string;
  /** The ICE servers (TURN) for one user's connections; none when TURN is not configured. */
  iceServers?: (userId: string) => IceServer[];
  log: FastifyBaseLogger;
}

export const attributesOf = (
  row: ClassroomParticipantRow,
  channel: ClassroomChannelRow,
): ParticipantAttributes => ({
  name: row.name,
  shareScreen: channel.screenSharer === row.userId ? 'true' : 'false',
  isUnmutedAudioProhibited: row.audioProhibited,
  isUnmutedVideoProhibited: row.videoProhibited,
});

/** What the others receive: what the browser says it sends, and nothing the SFU drops. */
export const sendingOf = (row: ClassroomParticipantRow): MediaState => ({
  audio: row.audioOn && !row.audioProhibited,
  video: row.videoOn && !row.videoProhibited,
});

export const viewOf = (
  row: ClassroomParticipantRow,
  channel: ClassroomChannelRow,
): ClassParticipant => ({
  id: row.feed,
  userId: row.userId,
  role: row.role as ClassParticipant['role'],
  publishing: row.audioMid !== null || row.videoMid !== null,
  attributes: attributesOf(row, channel),
  sending: sendingOf(row),
});

export function requireOwn(session: Session, participant: number): void {
  if (participant !== session.feed) throw forbidden(ClassroomText.notYourParticipant);
}

export function requireSdp(sdp: SessionDescription, type: SessionDescription['type']): string {
  if (sdp.sdp.length > MAX_SDP_LENGTH) throw badRequest(ClassroomText.sdpTooLarge);
  if (sdp.type !== type) throw badRequest(ClassroomText.wrongSdpType(type));
  return sdp.sdp;
}

/** The classroom state of this process and what both media paths do with it. */
export interface RoomCore {
  readonly deps: ClassroomRealtimeDeps;
  readonly sessions: Map<string, Session>;
  emitToRoom: (channel: string) => ReturnType<AtriumServer['to']> | undefined;
  /** The class's teachers and admins only (issue 28). */
  emitToHosts: (channel: string) => ReturnType<AtriumServer['to']> | undefined;
  /** Tells the room a participant's attributes as they now stand. */
  announceAttributes: (socketId: string) => Promise<void>;
  requireSession: (socket: AtriumSocket) => Session;
  /** One join or leave at a time per socket, so a double click cannot open two Janus sessions. */
  serial: <T>(socket: AtriumSocket, run: () => Promise<T>) => Promise<T>;
  /** Takes the socket out of its classroom: Janus session, row, screen share, the others told. */
  leave: (socket: AtriumSocket) => Promise<void>;
  /**
   * Rows that were removed because their person is gone: the screen is freed if its sharer went
   * with them, and the room is told.
   */
  dropped: (channel: VideoChannel, gone: ClassroomParticipantRow[]) => Promise<void>;
  /** The common end of a join, once the row and the session exist: the room hears of it. */
  enter: (session: Session) => Promise<ClassJoinAck>;
  /** Run when a class's last person leaves: its class session is over (issue 28). */
  readonly sessionEnd: Array<(channel: VideoChannel) => Promise<void>>;
  /** Run for every stay that begins and ends (the class record, issue 28 §5). */
  readonly stays: Array<{
    joined: (row: ClassroomParticipantRow) => Promise<void>;
    left: (row: ClassroomParticipantRow) => Promise<void>;
  }>;
  /** Tells the stay listeners that `rows` left (every path that removes a row calls this). */
  leftRows: (rows: ClassroomParticipantRow[]) => Promise<void>;
}

/** The hands as the protocol carries them (issue 28). */
export const handsOf = (rows: ClassroomHandRow[]): RaisedHand[] =>
  rows.map((row) => ({ userId: row.userId, name: row.name, raisedAt: row.raisedAt.getTime() }));

export function createRoomCore(deps: ClassroomRealtimeDeps): RoomCore {
  const { repo, service } = deps;
  const sessions = new Map<string, Session>();
  const sessionEnd: RoomCore['sessionEnd'] = [];
  const stays: RoomCore['stays'] = [];
  async function leftRows(rows: ClassroomParticipantRow[]): Promise<void> {
    for (const row of rows) for (const stay of stays) await stay.left(row);
  }
  const emitToRoom = (channel: string) => deps.io()?.to(classRoomKey(channel));
  const emitToHosts = (channel: string) => deps.io()?.to(classHostsKey(channel));

  async function announceAttributes(socketId: string): Promise<void> {
    const row = await repo.participant(socketId);
    if (!row) return;
    const channel = await service.channel(row.channel);
    emitToRoom(row.channel)?.emit('class:attributes', {
      id: row.feed,
      attributes: attributesOf(row, channel),
      sending: sendingOf(row),
    });
  }

  function requireSession(socket: AtriumSocket): Session {
    const session = sessions.get(socket.id);
    if (!session) throw badRequest(ClassroomText.notInRoom);
    return session;
  }

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

  async function leave(socket: AtriumSocket): Promise<void> {
    const session = sessions.get(socket.id);
    if (!session) return;
    sessions.delete(socket.id);
    void socket.leave(classRoomKey(session.channel));
    void socket.leave(classHostsKey(session.channel));
    await session.peer?.close();
    const row = await repo.removeParticipant(socket.id);
    if (!row) return;
    await leftRows([row]);
    if (!(await repo.userStillIn(row.channel, row.userId, socket.id))) {
      await repo.releaseScreen(row.channel, row.userId);
    }
    // The class session is over once nobody is left in it (issue 28): its hands go, and the
    // parts that keep something per session hear of it.
    if ((await repo.participants(row.channel)).length === 0) {
      await repo.lowerHands(row.channel, null);
      // A breakout group's room emptying is not the end of its class (issue 28 §4).
      const room = parseGroupChannel(row.channel)?.room ?? row.channel;
      if (await repo.classEmpty(room)) for (const end of sessionEnd) await end(room);
    }
    emitToRoom(row.channel)?.emit('class:left', { id: row.feed });
  }

  async function dropped(channel: VideoChannel, gone: ClassroomParticipantRow[]): Promise<void> {
    if (gone.length === 0) return;
    await leftRows(gone);
    const remaining = await repo.participants(channel);
    await repo.releaseScreenUnlessIn(
      channel,
      remaining.map((r) => r.userId),
    );
    for (const row of gone) emitToRoom(channel)?.emit('class:left', { id: row.feed });
  }

  async function enter(session: Session): Promise<ClassJoinAck> {
    const { socket, channel, claims } = session;
    // The socket may have gone while Janus or the database answered: its disconnect handler
    // already ran, so this join cleans up after itself.
    if (socket.disconnected) {
      await leave(socket);
      throw badRequest(ClassroomText.notInRoom);
    }
    await socket.join(classRoomKey(channel));
    if (isHost(claims.role)) await socket.join(classHostsKey(channel));
    const me = await repo.participant(socket.id);
    if (!me) throw badRequest(ClassroomText.notInRoom);
    for (const stay of stays) await stay.joined(me);
    // Read after joining the socket.io room: two people joining at once each either see the
    // other here or hear of them by `class:joined` (the client takes both, once).
    const others = (await repo.participants(channel)).filter((row) => row.socketId !== socket.id);
    const current = await service.channel(channel);
    socket.to(classRoomKey(channel)).emit('class:joined', viewOf(me, current));
    const sfu = session.peer !== null;
    const first = Math.min(me.joinedAt.getTime(), ...others.map((row) => row.joinedAt.getTime()));
    return {
      room: channel,
      id: session.feed,
      host: isHost(claims.role),
      attributes: attributesOf(me, current),
      participants: others.map((row) => viewOf(row, current)),
      flags: flagsOf(current),
      mode: sfu ? 'sfu' : 'mesh',
      enforced: sfu,
      iceServers: deps.iceServers?.(claims.sub) ?? [],
      elapsedMs: Math.max(0, Date.now() - first),
      hands: handsOf(await repo.hands(channel)),
      userId: claims.sub,
      entryPolicy: current.entryPolicy,
      // Filled in for teachers and admins by the join (the lobby is its own part).
      lobby: null,
    };
  }

  return {
    deps,
    sessions,
    emitToRoom,
    emitToHosts,
    announceAttributes,
    requireSession,
    serial,
    leave,
    dropped,
    enter,
    sessionEnd,
    stays,
    leftRows,
  };
}

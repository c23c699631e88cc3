// The classroom without Janus: a WebRTC mesh of at most MAX_MESH_PEOPLE browsers, with this
// socket server relaying their SDP and ICE (`class:signal`). The row is the membership, counted in
// PostgreSQL so every process agrees; mutes are stored and announced, but only clients obey.
import { randomInt } from 'node:crypto';
import { ClassroomText, MAX_MESH_PEOPLE, MAX_SDP_LENGTH } from '@atrium/protocol';
import type { ClassJoinAck, VideoChannel } from '@atrium/protocol';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { AtriumSocket, Handler } from '../../realtime/realtime.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { classRoomKey, GHOST_GRACE_MS } from './classroom.room.ts';
import type { RoomCore, Session } from './classroom.room.ts';
import { isHost } from './classroom.service.ts';

export interface MeshPath {
  join: (socket: AtriumSocket, claims: AuthClaims, channel: VideoChannel) => Promise<ClassJoinAck>;
  signal: Handler<'class:signal'>;
}

export function createMeshPath(core: RoomCore): MeshPath {
  const { deps, sessions, requireSession, leave } = core;
  const { repo, service, log } = deps;

  /**
   * Without Janus nobody else knows who is really in the room: rows whose socket is no longer
   * connected to any process (theirs died) would hold places for ever. The live sockets of the
   * room's socket.io room are asked of every process (the Redis adapter); young rows stay, as
   * their socket may not have joined that room yet.
   */
  async function pruneDead(channel: VideoChannel): Promise<void> {
    const io = deps.io();
    if (!io) return;
    let live: string[];
    try {
      live = (await io.in(classRoomKey(channel)).fetchSockets()).map((s) => s.id);
    } catch (err) {
      // A process that does not answer in time: better keep a dead row than drop a live one.
      log.warn({ err, channel }, 'could not list the live sockets; no classroom rows pruned');
      return;
    }
    const gone = await repo.removeDeadSockets(channel, live, new Date(Date.now() - GHOST_GRACE_MS));
    if (gone.length > 0) log.info({ channel, gone: gone.length }, 'pruned dead classroom rows');
    await core.dropped(channel, gone);
  }

  async function join(
    socket: AtriumSocket,
    claims: AuthClaims,
    channel: VideoChannel,
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
    // A socket is in one room at a time (its row is keyed by the socket): the old room goes
    // first, as on the SFU path (a breakout group's move, issue 28, goes room to room).
    if (previous) await leave(socket);
    await pruneDead(channel);
    if (!(await repo.addParticipantIfRoom(row, MAX_MESH_PEOPLE))) {
      throw conflict(ClassroomText.meshFull);
    }
    const session: Session = {
      socket,
      channel,
      feed,
      privateId: 0,
      claims,
      janus: null,
      peer: null,
      publisher: null,
      subscriber: null,
      updating: false,
    };
    sessions.set(socket.id, session);
    return core.enter(session);
  }

  const signal: Handler<'class:signal'> = async (s, { to, description, candidate }) => {
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
  };

  return { join, signal };
}

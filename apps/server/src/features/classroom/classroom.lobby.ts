// Issue 28 §1: a class's waiting room and removal. The policy and the lobby are in PostgreSQL, so
// a teacher on one process admits a student waiting on another; the verdict reaches the waiting
// socket through socket.io (the Redis adapter). A waiting person has no session: no media, no
// class events, no names of those inside. Removal stops the person's streams at Janus (`kick`),
// deletes their row, and tells the process holding their socket to let go of its session.
import {
  ClassLobbyText,
  ClassroomRoomSchema,
  ClassroomText,
  isCallChannel,
} from '@atrium/protocol';
import type {
  ClassLobby,
  ClassroomRoom,
  ClassWaiting,
  EntryPolicy,
  VideoChannel,
} from '@atrium/protocol';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { ClassroomParticipantRow } from '../../db/schema.ts';
import type { AtriumSocket, HandlerRegistrar } from '../../realtime/realtime.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import type { LobbyRepository } from './classroom.lobby.repository.ts';
import { classHostsKey, classRoomKey, GHOST_GRACE_MS, handsOf } from './classroom.room.ts';
import type { RoomCore } from './classroom.room.ts';
import { isHost, requireHost } from './classroom.service.ts';

export interface Lobby {
  /** Whether a join must wait: the answer to send back if so, null to go in. */
  gate(
    socket: AtriumSocket,
    claims: AuthClaims,
    channel: VideoChannel,
  ): Promise<ClassWaiting | null>;
  /** Sets a class's entry policy (the class's hosts, or the admin console from outside it). */
  changePolicy(channel: ClassroomRoom, policy: EntryPolicy): Promise<ClassLobby>;
  /** The socket left the lobby (a deliberate leave, a closed tab): its place goes. */
  leave(socket: AtriumSocket): Promise<void>;
  /** The class session ended (nobody left in it). */
  sessionEnded(channel: VideoChannel): Promise<void>;
  /** What a teacher or admin sees of the lobby (on joining the class, then by `class:lobby`). */
  view(channel: VideoChannel): Promise<ClassLobby>;
  register(socket: AtriumSocket, on: HandlerRegistrar): void;
  /** Takes people out of the class now (removal, End class), on every process. */
  expel(
    channel: VideoChannel,
    rows: ClassroomParticipantRow[],
    notice: 'class:removed' | 'class:ended' | 'class:group:stray',
    room?: VideoChannel,
  ): Promise<void>;
}

export function createLobby(
  core: RoomCore,
  lobby: LobbyRepository,
  kick: (channel: VideoChannel, feed: number) => Promise<void>,
): Lobby {
  const { deps, sessions } = core;
  const { repo, service, log } = deps;
  /** Sockets of this process that wait in a lobby, so a disconnect costs a query only for them. */
  const waitingHere = new Set<string>();

  /**
   * A waiting student's process that dies runs no disconnect: their row would wait for ever in
   * the teachers' list. Whenever the lobby is read, rows whose socket no process has (asked of
   * every process through the Redis adapter) go, once past the grace a new socket may need.
   */
  async function waitingNow(channel: VideoChannel) {
    const rows = await lobby.waiting(channel);
    const io = deps.io();
    const ids = rows.flatMap((r) => (r.socketId ? [r.socketId] : []));
    if (!io || ids.length === 0) return rows;
    let live: string[];
    try {
      live = (await io.in(ids).fetchSockets()).map((s) => s.id);
    } catch (err) {
      // A process that does not answer in time: better keep a dead row than drop a live one.
      log.warn({ err, channel }, 'could not list the live sockets; no lobby rows pruned');
      return rows;
    }
    if (live.length === ids.length) return rows;
    const gone = await lobby.dropDead(channel, live, new Date(Date.now() - GHOST_GRACE_MS));
    if (gone === 0) return rows;
    log.info({ channel, gone }, 'pruned lobby rows of dead sockets');
    return lobby.waiting(channel);
  }

  async function view(channel: VideoChannel): Promise<ClassLobby> {
    const [row, waiting] = await Promise.all([service.channel(channel), waitingNow(channel)]);
    return {
      policy: row.entryPolicy,
      waiting: waiting.map((w) => ({ userId: w.userId, name: w.name, since: w.since.getTime() })),
    };
  }

  /** Tells the class's teachers and admins (every process) the lobby as it now stands. */
  async function tellHosts(channel: VideoChannel): Promise<ClassLobby> {
    const current = await view(channel);
    core.emitToHosts(channel)?.emit('class:lobby', current);
    return current;
  }

  /** A host in a class (not a call) on this socket. */
  function requireHostInClass(s: AtriumSocket) {
    requireHost(s.data.auth);
    const session = sessions.get(s.id);
    if (!session) throw badRequest(ClassLobbyText.joinFirst);
    if (isCallChannel(session.channel)) throw forbidden(ClassLobbyText.noLobbyInCall);
    return session;
  }

  async function admit(channel: VideoChannel, userId: string | null): Promise<number> {
    const rows = await lobby.admit(channel, userId);
    const io = deps.io();
    for (const row of rows) {
      if (row.socketId) io?.to(row.socketId).emit('class:lobby:admitted', { room: channel });
    }
    return rows.length;
  }

  /**
   * Lets go of a removed participant's session if this process holds it: its Janus session closes
   * and the others hear that they left. The row is gone already.
   */
  async function letGo(socketId: string): Promise<void> {
    const session = sessions.get(socketId);
    if (!session) return;
    await core.serial(session.socket, () => core.leave(session.socket));
  }

  async function remove(s: AtriumSocket, target: number): Promise<void> {
    const session = requireHostInClass(s);
    const { channel } = session;
    const row = await repo.participantByFeed(channel, target);
    if (!row) throw notFound(ClassroomText.unknownParticipant);
    if (isHost(row.role as AuthClaims['role'])) throw forbidden(ClassLobbyText.hostNotRemoved);
    await lobby.markRemoved(channel, row.userId, row.name);
    await repo.lowerHands(channel, row.userId);
    // Every tab of that person in this class goes.
    const theirs = (await repo.participants(channel)).filter((r) => r.userId === row.userId);
    await expel(channel, theirs, 'class:removed');
    await repo.releaseScreenUnlessIn(
      channel,
      (await repo.participants(channel)).map((r) => r.userId),
    );
    core.emitToRoom(channel)?.emit('class:hands', { hands: handsOf(await repo.hands(channel)) });
  }

  /**
   * Takes `rows` out of the class now, on whichever process holds them: Janus drops their streams
   * (whatever their page does), the rows go, the room hears that they left, their pages hear
   * `notice`, and their processes let go of their sessions.
   */
  async function expel(
    channel: VideoChannel,
    rows: ClassroomParticipantRow[],
    notice: 'class:removed' | 'class:ended' | 'class:group:stray',
    /** The room the notice names: where they were (removed, ended) or where to go (stray). */
    room: VideoChannel = channel,
  ): Promise<void> {
    const io = deps.io();
    for (const each of rows) {
      await kick(channel, each.feed).catch((err: unknown) =>
        log.error({ err, channel, feed: each.feed }, 'classroom kick failed'),
      );
      const gone = await repo.removeParticipant(each.socketId);
      if (gone) {
        await core.leftRows([gone]);
        core.emitToRoom(channel)?.emit('class:left', { id: gone.feed });
      }
      io?.in(each.socketId).socketsLeave([classRoomKey(channel), classHostsKey(channel)]);
      io?.to(each.socketId).emit(notice, { room });
      if (sessions.has(each.socketId)) await letGo(each.socketId);
      else io?.serverSideEmit('class:remove', each.socketId);
    }
  }

  let listening = false;
  /** The other processes' removals of sockets held here (once the socket server exists). */
  function listen(): void {
    const io = deps.io();
    if (listening || !io) return;
    listening = true;
    io.on('class:remove', (socketId: string) => {
      void letGo(socketId).catch((err: unknown) => log.error({ err }, 'classroom removal failed'));
    });
  }

  /**
   * Sets a class's entry policy, from inside the class or outside it (the admin console): opening
   * the door lets in whoever waits; closing it keeps in whoever is in. The hosts are told.
   */
  async function changePolicy(channel: ClassroomRoom, policy: EntryPolicy): Promise<ClassLobby> {
    await lobby.setPolicy(channel, policy);
    if (policy === 'open') await admit(channel, null);
    else {
      const present = (await repo.participants(channel)).filter(
        (r) => !isHost(r.role as AuthClaims['role']),
      );
      const unique = new Map(present.map((r) => [r.userId, { userId: r.userId, name: r.name }]));
      await lobby.admitPresent(channel, [...unique.values()]);
      await deps.doorClosed?.(channel);
    }
    return tellHosts(channel);
  }

  return {
    changePolicy,
    async gate(socket, claims, channel) {
      if (isCallChannel(channel) || isHost(claims.role)) return null;
      const [row, entry] = await Promise.all([
        service.channel(channel),
        lobby.entry(channel, claims.sub),
      ]);
      if (entry?.state === 'admitted') return null;
      if (row.entryPolicy === 'open' && entry?.state !== 'removed') return null;
      // Waiting is outside every class: a session this socket had elsewhere ends.
      await core.leave(socket);
      await lobby.wait(channel, claims.sub, claims.username, socket.id);
      waitingHere.add(socket.id);
      await tellHosts(channel);
      return { waiting: true, room: channel };
    },

    async leave(socket) {
      if (!waitingHere.delete(socket.id)) return;
      for (const row of await lobby.leave(socket.id)) await tellHosts(row.channel);
    },

    async sessionEnded(channel) {
      await lobby.endSession(channel);
    },

    view,
    expel,

    register(socket, on) {
      listen();
      socket.on('disconnect', () => {
        if (!waitingHere.has(socket.id)) return;
        waitingHere.delete(socket.id);
        void lobby
          .leave(socket.id)
          .then(async (rows) => {
            for (const row of rows) await tellHosts(row.channel);
          })
          .catch((err: unknown) => log.error({ err }, 'lobby leave failed'));
      });

      on('class:lobby:policy', async (s, { room, policy }) => {
        requireHost(s.data.auth);
        const parsed = ClassroomRoomSchema.safeParse(room);
        if (!parsed.success) {
          throw isCallChannel(room)
            ? forbidden(ClassLobbyText.noLobbyInCall)
            : notFound(ClassroomText.unknownRoom);
        }
        return changePolicy(parsed.data, policy);
      });

      on('class:lobby:admit', async (s, { userId }) => {
        const { channel } = requireHostInClass(s);
        if ((await admit(channel, userId)) === 0) throw notFound(ClassLobbyText.notWaiting);
        return tellHosts(channel);
      });

      on('class:lobby:admit-all', async (s) => {
        const { channel } = requireHostInClass(s);
        await admit(channel, null);
        return tellHosts(channel);
      });

      on('class:lobby:deny', async (s, { userId }) => {
        const { channel } = requireHostInClass(s);
        const row = await lobby.deny(channel, userId);
        if (!row) throw notFound(ClassLobbyText.notWaiting);
        if (row.socketId) deps.io()?.to(row.socketId).emit('class:lobby:denied', { room: channel });
        return tellHosts(channel);
      });

      on('class:remove', async (s, { target }) => {
        await remove(s, target);
        return {};
      });
    },
  };
}

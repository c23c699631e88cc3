// The classroom's signalling on the main socket namespace. Who is in which room, the flags and the
// screen sharer live in PostgreSQL (shared by every process). With Janus the media go through the
// SFU (classroom.sfu.ts); without it the browsers form a mesh (classroom.mesh.ts). What both
// share is in classroom.room.ts; moderation, flags and the screen share are here.
import { ClassroomText, isCallChannel, isClassroomRoom, SocketText } from '@atrium/protocol';
import type { ClassroomRoom, EntryPolicy } from '@atrium/protocol';
import type {
  ClassChannelMessage,
  ClassJoinAck,
  ClassWaiting,
  MediaKind,
  RaisedHand,
  VideoChannel,
} from '@atrium/protocol';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import type { AtriumSocket, SocketFeature } from '../../realtime/realtime.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAccountHolder } from '../../security/policy.ts';
import { createGroups } from './classroom.groups.ts';
import { createLobby } from './classroom.lobby.ts';
import { createMeshPath } from './classroom.mesh.ts';
import { attachRecord } from './classroom.record.ts';
import { createPolls } from './classroom.polls.ts';
import { createRoomCore, handsOf } from './classroom.room.ts';
import type { ClassroomRealtimeDeps } from './classroom.room.ts';
import { flagsOf, isHost, requireHost } from './classroom.service.ts';
import { createSfuPath } from './classroom.sfu.ts';

export type { ClassroomRealtimeDeps } from './classroom.room.ts';

export function createClassroomRealtime(deps: ClassroomRealtimeDeps): {
  feature: SocketFeature;
  /** Sessions on this process (tests and metrics). */
  sessions(): number;
  /** Takes everyone on this process out of their classroom (shutdown, before the sockets close). */
  close(): Promise<void>;
  endClass(channel: ClassroomRoom, by: string): Promise<number>;
  changePolicy(channel: ClassroomRoom, policy: EntryPolicy): Promise<unknown>;
} {
  const { repo, service, log } = deps;
  const core = createRoomCore(deps);
  const { sessions, requireSession, serial, leave, announceAttributes } = core;
  const sfu = createSfuPath(core);
  const mesh = createMeshPath(core);
  const polls = createPolls(core, deps.polls);
  core.sessionEnd.push((channel) => polls.sessionEnded(channel));
  const lobby = createLobby(core, deps.lobby, (channel, feed) => sfu.kick(channel, feed));
  core.sessionEnd.push((channel) => lobby.sessionEnded(channel));
  const groups = createGroups(core, deps.groups, {
    warningMs: deps.groupWarningMs,
    strayGraceMs: deps.groupStrayMs,
    expel: (row, goTo) => lobby.expel(row.channel, [row], 'class:group:stray', goTo),
  });
  const record = attachRecord(core, deps.records, lobby, {
    groupRooms: (room) => deps.groups.inGroupRooms(room),
    closeGroups: (room) => groups.closeNow(room),
  });

  /** A moderation at the SFU that is logged, not thrown, when Janus refuses it. */
  async function moderateQuietly(
    row: Parameters<typeof sfu.moderateRow>[0],
    kind: MediaKind | 'screen',
    mute: boolean,
  ) {
    if (!deps.media()) return;
    try {
      await sfu.moderateRow(row, kind, mute);
    } catch (err) {
      log.error({ err, channel: row.channel, feed: row.feed }, 'classroom moderation failed');
    }
  }

  /**
   * A global flag changed: every student in the room follows, teachers and admins never; in a
   * class, so do its breakout groups' rooms (issue 28: the teacher's rules apply inside).
   */
  async function applyFlag(channel: VideoChannel, kind: MediaKind, mute: boolean, by: AuthClaims) {
    if (isClassroomRoom(channel)) {
      for (const group of groups.roomsOf(channel)) {
        if (await repo.channel(group)) await repo.setFlag(group, kind, mute);
      }
      for (const group of new Set(
        (await deps.groups.inGroupRooms(channel)).map((r) => r.channel),
      )) {
        await applyFlag(group, kind, mute, by);
      }
    }
    const rows = await repo.participants(channel);
    for (const row of rows) {
      if (isHost(row.role as AuthClaims['role'])) continue;
      await repo.setProhibited(row.socketId, kind, mute);
      await moderateQuietly(row, kind, mute);
      await announceAttributes(row.socketId);
    }
    const flags = flagsOf(await service.channel(channel));
    const message: ClassChannelMessage = {
      type: mute ? `mute-${kind}-all` : `allow-permission-unmute-${kind}`,
      message: '',
      displayName: by.username,
    };
    const room = core.emitToRoom(channel);
    room?.emit('class:flags', flags);
    room?.emit('class:message', message);
  }
  service.onFlagChange(applyFlag);

  /** Tells the room its hands as they now stand (issue 28), and returns them for the ack. */
  async function tellHands(channel: VideoChannel): Promise<{ hands: RaisedHand[] }> {
    const hands = handsOf(await repo.hands(channel));
    core.emitToRoom(channel)?.emit('class:hands', { hands });
    return { hands };
  }

  /** The session of a class (a call's room has no hands). */
  function requireClass(s: AtriumSocket) {
    const session = requireSession(s);
    if (isCallChannel(session.channel)) throw forbidden(ClassroomText.noHandsInCall);
    return session;
  }

  async function join(socket: AtriumSocket, room: string): Promise<ClassJoinAck | ClassWaiting> {
    if (!socket.data.auth) throw forbidden(SocketText.notLoggedIn);
    const claims = requireAccountHolder(socket.data.auth);
    const channel = await service.admit(claims, room);
    // Breakout groups (issue 28 §4): a group's room for its members, the main room not for them.
    await groups.admitJoin(claims, channel);
    // With "ask to join", a student waits in the lobby until a teacher lets them in (issue 28).
    const waiting = await lobby.gate(socket, claims, channel);
    if (waiting) return waiting;
    await lobby.leave(socket);
    await deps.mediaSettled?.();
    // Without Janus the room is a WebRTC mesh relayed by this socket server.
    const ack = deps.media()
      ? await sfu.join(socket, claims, channel)
      : await mesh.join(socket, claims, channel);
    return ack.host && !isCallChannel(channel) ? { ...ack, lobby: await lobby.view(channel) } : ack;
  }

  const feature: SocketFeature = (socket, on) => {
    socket.on('disconnect', () => {
      void serial(socket, () => leave(socket)).catch((err: unknown) =>
        log.error({ err }, 'classroom leave failed'),
      );
    });

    on('class:join', (s, { room }) => serial(s, () => join(s, room)));
    on('class:publish', sfu.publish);
    on('class:subscribe', sfu.subscribe);
    on('class:start', sfu.start);
    on('class:view', sfu.view);
    on('class:trickle', sfu.trickle);
    on('class:signal', mesh.signal);

    lobby.register(socket, on);
    record.register(on);
    groups.register(socket, on);

    on('class:leave', async (s) => {
      const session = sessions.get(s.id);
      await lobby.leave(s);
      await serial(s, () => leave(s));
      // Leaving on purpose lowers the hand (a dropped connection keeps it: issue 28), unless the
      // person is still in the class from another tab.
      if (session && !(await repo.userStillIn(session.channel, session.claims.sub, s.id))) {
        const had = (await repo.hands(session.channel)).some(
          (h) => h.userId === session.claims.sub,
        );
        if (had) {
          await repo.lowerHands(session.channel, session.claims.sub);
          await tellHands(session.channel);
        }
      }
      return {};
    });

    on('class:hand:raise', async (s) => {
      const session = requireClass(s);
      const already = (await repo.hands(session.channel)).some(
        (h) => h.userId === session.claims.sub,
      );
      await repo.raiseHand(session.channel, session.claims.sub, session.claims.username);
      if (!already) await record.handRaised(session.channel, session.claims);
      return tellHands(session.channel);
    });

    on('class:hand:lower', async (s, { userId }) => {
      const session = requireClass(s);
      const whose = userId ?? session.claims.sub;
      if (whose !== session.claims.sub && !isHost(session.claims.role)) {
        throw forbidden(ClassroomText.lowerOwnHand);
      }
      await repo.lowerHands(session.channel, whose);
      return tellHands(session.channel);
    });

    on('class:hand:lower-all', async (s) => {
      requireHost(s.data.auth);
      const session = requireClass(s);
      await repo.lowerHands(session.channel, null);
      return tellHands(session.channel);
    });

    on('class:moderate', async (s, { target, kind, mute }) => {
      requireHost(s.data.auth);
      const session = requireSession(s);
      const row = await repo.participantByFeed(session.channel, target);
      if (!row) throw notFound(ClassroomText.unknownParticipant);
      if (isHost(row.role as AuthClaims['role'])) throw forbidden(ClassroomText.hostNotModerated);
      await sfu.moderateRow(row, kind, mute);
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
      // The screen line carries something only while its person holds the share.
      const row = await repo.participant(s.id);
      if (row) await moderateQuietly(row, 'screen', !sharing);
      await announceAttributes(s.id);
      return {};
    });

    on('class:stop-share', async (s, { target }) => {
      requireHost(s.data.auth);
      const session = requireSession(s);
      const row = await repo.participantByFeed(session.channel, target);
      if (!row) throw notFound(ClassroomText.unknownParticipant);
      if (!(await repo.releaseScreen(session.channel, row.userId))) {
        throw conflict(ClassroomText.notSharing);
      }
      // Every line of that person's screen stops at the SFU at once; their page, told by the
      // attributes, ends the capture.
      for (const each of await repo.participants(session.channel)) {
        if (each.userId !== row.userId) continue;
        await moderateQuietly(each, 'screen', true);
        await announceAttributes(each.socketId);
      }
      return {};
    });

    on('class:sending', async (s, { audio, video }) => {
      requireSession(s);
      await repo.setSending(s.id, audio, video);
      await announceAttributes(s.id);
      return {};
    });

    polls.register(socket, on);
  };

  return {
    feature,
    sessions: () => sessions.size,
    /** Issue 29: the admin console ends a class (everyone out, the record's session ends). */
    endClass: (channel, by) => record.endClass(channel, by),
    /** Issue 29: the console sets a class's entry policy, as its teacher can. */
    changePolicy: (channel, policy) => lobby.changePolicy(channel, policy),
    async close() {
      groups.stop();
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

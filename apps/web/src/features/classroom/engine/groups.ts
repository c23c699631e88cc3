// Issue 28 §4: breakout groups in the engine. The server says who is in which group; the engine
// follows it: a student goes into their group's room when groups open (or they are moved), and
// everyone in a group's room comes back to the main room when groups close. Teachers stay where
// they are and visit groups by hand. The server refuses any room a person may not be in.
import {
  GROUP_SPEAKING_REFRESH_MS,
  GROUP_SPEAKING_TTL_MS,
  groupChannel,
  isClassroomRoom,
  parseGroupChannel,
  type ClassGroups,
} from '@atrium/protocol';
import type { ClassroomRoom, ServerPayload } from '@atrium/protocol';
import { request, type AppSocket } from '../../../shared/realtime/socketClient.ts';
import type { Store } from '../../../shared/store.ts';
import type { ClassroomState, GroupActions } from './types.ts';

/** The class a room belongs to: itself for room-1..3, the parent for `room-1-g2`; else null. */
export const classOfRoom = (room: string | null): ClassroomRoom | null =>
  room === null ? null : isClassroomRoom(room) ? room : (parseGroupChannel(room)?.room ?? null);

/**
 * Where this person should be now, given the class's groups: their group's room while groups are
 * open (students), the main room once they close; null to stay where they are.
 */
export function roomFor(
  groups: ClassGroups,
  current: string,
  userId: string,
  host: boolean,
): string | null {
  const room = classOfRoom(current);
  if (!room || groups.room !== room) return null;
  const inGroupRoom = parseGroupChannel(current) !== null;
  if (groups.state !== 'open') return inGroupRoom ? room : null;
  if (host) return null;
  const mine = groups.groups.find((g) => g.members.some((m) => m.userId === userId))?.group;
  if (mine) return current === groupChannel(room, mine) ? null : groupChannel(room, mine);
  return inGroupRoom ? room : null;
}

/** How long a speaker's page waits in silence before it says they stopped, in ms. */
const QUIET_AFTER_MS = 1500;

export interface GroupEngine {
  actions: GroupActions;
  /**
   * This person's own microphone, over the speaking mark or not (read a few times a second): in
   * a group's room the teacher's overview hears of it.
   */
  ownSpeaking(speaking: boolean): void;
  /** Asks for the class's groups (after a join, a rejoin or a move). */
  refresh(current: () => boolean): Promise<void>;
  dispose(): void;
}

export function createGroupEngine(
  socket: AppSocket,
  store: Store<ClassroomState>,
  /** Leaves the current room for `room`, with the same devices and switches. */
  switchRoom: (room: string) => Promise<void>,
): GroupEngine {
  const selfId = () => store.get().tiles.find((t) => t.self)?.userId ?? null;

  /** Keeps the groups and goes where they say. */
  function apply(groups: ClassGroups): void {
    const s = store.get();
    if (s.phase !== 'joined' || classOfRoom(s.room) !== groups.room) return;
    // A closed breakout's last message goes with it.
    store.update((st) => ({
      ...st,
      groups,
      groupNotice: groups.state === 'open' ? st.groupNotice : null,
      groupSpeaking: groups.state === 'open' ? st.groupSpeaking : {},
    }));
    const me = selfId();
    if (!me || s.reconnecting || !s.room) return;
    const next = roomFor(groups, s.room, me, s.host);
    if (next) void switchRoom(next);
  }

  const on = {
    groups: (groups: ServerPayload<'class:groups'>) => apply(groups),
    // The server took this person out of a room they should no longer be in (the groups' news
    // came late, or not at all): they go to the group it names.
    stray: ({ room }: ServerPayload<'class:group:stray'>) => {
      const s = store.get();
      if (s.phase === 'joined' && classOfRoom(s.room) === classOfRoom(room)) void switchRoom(room);
    },
    notice: ({ room, text, from }: ServerPayload<'class:group:notice'>) => {
      if (classOfRoom(store.get().room) !== room) return;
      store.update((s) => ({ ...s, groupNotice: { text, from, at: Date.now() } }));
    },
    // Only a host's overview shows who speaks; a student's page ignores it.
    speaking: ({ room, userId, speaking }: ServerPayload<'class:group:speaking'>) => {
      const s = store.get();
      if (!s.host || classOfRoom(s.room) !== room) return;
      const groupSpeaking = { ...s.groupSpeaking };
      if (speaking) groupSpeaking[userId] = Date.now() + GROUP_SPEAKING_TTL_MS;
      else if (userId in groupSpeaking) delete groupSpeaking[userId];
      else return;
      store.update((st) => ({ ...st, groupSpeaking }));
    },
  };
  socket.on('class:groups', on.groups);
  socket.on('class:group:speaking', on.speaking);
  socket.on('class:group:notice', on.notice);
  socket.on('class:group:stray', on.stray);
  const parent = () => classOfRoom(store.get().room);

  // What this page last said of its own voice: whether, when, and since when it is quiet.
  const said = { speaking: false, at: 0, quietSince: 0 };
  const say = (speaking: boolean) => {
    said.speaking = speaking;
    said.at = Date.now();
    // Best effort: a refusal (a room switch on the way, the rate) only leaves the ring as it was.
    void request(socket, 'class:group:speak', { speaking }).catch(() => undefined);
  };

  return {
    ownSpeaking(speaking) {
      const s = store.get();
      if (s.phase !== 'joined' || s.host || !s.room || !parseGroupChannel(s.room)) {
        said.speaking = false;
        return;
      }
      const now = Date.now();
      if (speaking) {
        said.quietSince = 0;
        if (!said.speaking || now - said.at >= GROUP_SPEAKING_REFRESH_MS) say(true);
      } else if (said.speaking) {
        if (said.quietSince === 0) said.quietSince = now;
        else if (now - said.quietSince >= QUIET_AFTER_MS) say(false);
      }
    },
    actions: {
      async planGroups(plan) {
        apply(await request(socket, 'class:group:plan', plan));
      },
      async openGroups() {
        apply(await request(socket, 'class:group:open', {}));
      },
      async closeGroups() {
        apply(await request(socket, 'class:group:close', {}));
      },
      async moveToGroup(userId, group) {
        apply(await request(socket, 'class:group:move', { userId, group }));
      },
      async chooseGroup(group) {
        apply(await request(socket, 'class:group:choose', { group }));
      },
      async messageGroups(text) {
        await request(socket, 'class:group:message', { text });
      },
      async callTeacher() {
        apply(await request(socket, 'class:group:call', {}));
      },
      async answerCall(userId) {
        apply(await request(socket, 'class:group:answer', { userId }));
      },
      async visitGroup(group) {
        const room = parent();
        if (!room) return;
        await switchRoom(group === null ? room : groupChannel(room, group));
      },
    },
    async refresh(current) {
      const room = parent();
      if (!room) return;
      const groups = await request(socket, 'class:group:state', { room });
      if (current()) apply(groups);
    },
    dispose() {
      socket.off('class:groups', on.groups);
      socket.off('class:group:notice', on.notice);
      socket.off('class:group:stray', on.stray);
      socket.off('class:group:speaking', on.speaking);
    },
  };
}

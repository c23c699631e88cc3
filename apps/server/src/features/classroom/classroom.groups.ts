// Issue 28 §4: breakout groups. The plan and who is in which group are in PostgreSQL; each group
// is a video room of its own (`room-1-g2`: its own Janus room, chat and hands), joined as any
// class is, and the server lets a student into their own group only (and back into the main room
// only once the groups close). The countdown and the 30 s warning run on a one-second clock that
// every process keeps; each due row is taken by one UPDATE, so exactly one process acts on it.
import {
  ClassGroupText,
  ClassLobbyText,
  ClassroomText,
  GROUP_CLOSE_WARNING_S,
  MAX_GROUPS,
  groupChannel,
  isCallChannel,
  isClassroomRoom,
  parseGroupChannel,
} from '@atrium/protocol';
import type { ClassGroups, ClassroomRoom, VideoChannel } from '@atrium/protocol';
import { randomInt } from 'node:crypto';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { AtriumSocket, HandlerRegistrar } from '../../realtime/realtime.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAccountHolder } from '../../security/policy.ts';
import type { ClassroomParticipantRow } from '../../db/schema.ts';
import type { GroupMember, GroupsRepository } from './classroom.groups.repository.ts';
import { classRoomKey } from './classroom.room.ts';
import type { RoomCore } from './classroom.room.ts';
import { isHost, requireHost } from './classroom.service.ts';

/** How often the groups' clock looks for countdowns and warnings that ran out, in ms. */
const GROUP_CLOCK_MS = 1000;
/** How long a student may stay outside their group when CLASS_GROUP_STRAY_S is not given, in ms. */
const GROUP_STRAY_GRACE_MS = 20_000;
/** How often each process looks for students outside their group, in ms (at most). */
const STRAY_CHECK_MS = 5000;
/** How long after someone enters or leaves a group's room the class hears who is where, in ms. */
const PRESENCE_SETTLE_MS = 150;

/** The class a channel belongs to: itself for room-1..3, the parent for a group's room. */
export const classOf = (channel: string): ClassroomRoom | null =>
  isClassroomRoom(channel) ? channel : (parseGroupChannel(channel)?.room ?? null);

/** Deals `people` into `count` groups at random, as evenly as can be (Fisher–Yates, then round robin). */
export function dealGroups<T>(people: readonly T[], count: number, start = 0): Map<T, number> {
  const deck = [...people];
  for (let i = deck.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return new Map(deck.map((p, i) => [p, ((start + i) % count) + 1]));
}

export interface Groups {
  /**
   * Whether a join of `channel` may go on: a group's room only for its members (and hosts) while
   * groups are open; a class's main room not for a student who is in a group.
   */
  admitJoin(claims: AuthClaims, channel: VideoChannel): Promise<void>;
  /** The group rooms of a class that have a row (for the teacher's mute rules). */
  roomsOf(room: ClassroomRoom): string[];
  register(socket: AtriumSocket, on: HandlerRegistrar): void;
  /** Closes a class's groups at once (End class). */
  closeNow(room: ClassroomRoom): Promise<void>;
  stop(): void;
}

export function createGroups(
  core: RoomCore,
  groups: GroupsRepository,
  options: {
    warningMs?: number;
    /** How long a student may stay outside their group (CLASS_GROUP_STRAY_S), in ms. */
    strayGraceMs?: number;
    /**
     * Takes a row out of its room now, whatever its page does (the lobby's removal), and tells
     * the page where to go.
     */
    expel?: (row: ClassroomParticipantRow, goTo: VideoChannel) => Promise<void>;
  } = {},
): Groups {
  const { deps, sessions } = core;
  const { repo, log } = deps;
  const warningMs = options.warningMs ?? GROUP_CLOSE_WARNING_S * 1000;
  const strayGraceMs = options.strayGraceMs ?? GROUP_STRAY_GRACE_MS;
  let strayCheckedAt = 0;

  /**
   * A student whose page ignores the groups (or cannot follow them) would stay in the main room,
   * seen and heard by whoever is there. Past the grace, the process that holds their socket takes
   * them out of that room (Janus drops their streams) and tells their page to go to its group.
   */
  async function sendStraysOff(now: Date): Promise<void> {
    if (!options.expel || now.getTime() - strayCheckedAt < Math.min(STRAY_CHECK_MS, strayGraceMs)) {
      return;
    }
    strayCheckedAt = now.getTime();
    const strays = await groups.strays(new Date(now.getTime() - strayGraceMs));
    for (const { row, room, group } of strays) {
      if (!sessions.has(row.socketId)) continue;
      log.info({ channel: row.channel, userId: row.userId }, 'a student outside their group');
      await options.expel(row, groupChannel(room as ClassroomRoom, group));
    }
  }

  async function view(room: ClassroomRoom): Promise<ClassGroups> {
    const row = await groups.breakout(room);
    if (!row) {
      return {
        room,
        state: 'none',
        count: 0,
        mode: 'random',
        minutes: null,
        groups: [],
        endsAt: null,
        closingAt: null,
      };
    }
    const members = row.state === 'open' ? await groups.members(room) : [];
    const present = new Set(
      (await groups.inGroupRooms(room)).map((p) => `${p.channel} ${p.userId}`),
    );
    return {
      room,
      state: row.state,
      count: row.count,
      mode: row.mode,
      minutes: row.minutes,
      groups: Array.from({ length: row.count }, (_, i) => {
        const group = i + 1;
        const channel = groupChannel(room, group);
        return {
          group,
          channel,
          members: members
            .filter((m) => m.groupNo === group)
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((m) => ({
              userId: m.userId,
              name: m.name,
              present: present.has(`${channel} ${m.userId}`),
              calling: m.calling,
            })),
        };
      }),
      endsAt: row.endsAt?.getTime() ?? null,
      closingAt: row.closingAt?.getTime() ?? null,
    };
  }

  /** The socket.io rooms of a class: its main room and every group room, on every process. */
  const groupRooms = (room: ClassroomRoom) =>
    Array.from({ length: MAX_GROUPS }, (_, i) => groupChannel(room, i + 1));
  const classKeys = (room: ClassroomRoom) => [room, ...groupRooms(room)].map(classRoomKey);

  /** Everyone in the class (its main room and every group room, on every process) hears it. */
  async function tell(room: ClassroomRoom): Promise<ClassGroups> {
    const current = await view(room);
    deps.io()?.to(classKeys(room)).emit('class:groups', current);
    return current;
  }

  /**
   * Who may look into a group's chat and board changed: the sockets there (on every process) that
   * may no longer look are dropped.
   */
  async function doorsClosed(channels: string[]): Promise<void> {
    for (const channel of channels) {
      await deps
        .doorClosed?.(channel)
        .catch((err: unknown) => log.error({ err, channel }, 'group door check failed'));
    }
  }

  /** A class's groups closed: everyone hears it, and the groups' rooms empty. */
  async function closed(room: ClassroomRoom): Promise<void> {
    await tell(room);
    await doorsClosed(groupRooms(room));
  }

  /** Someone moved from `from` (their group before, if any) to `to`. */
  async function moved(room: ClassroomRoom, from: number | undefined, to: number): Promise<void> {
    if (from !== undefined && from !== to) await doorsClosed([groupChannel(room, from)]);
  }

  /** A host in a class (its main room or one of its groups) on this socket; its class. */
  function requireHostInClass(s: AtriumSocket): ClassroomRoom {
    requireHost(s.data.auth);
    const session = sessions.get(s.id);
    if (!session) throw badRequest(ClassroomText.notInRoom);
    const room = classOf(session.channel);
    if (!room) throw forbidden(ClassGroupText.noGroupsInCall);
    return room;
  }

  async function requireOpen(room: ClassroomRoom) {
    const row = await groups.breakout(room);
    if (row?.state !== 'open') throw conflict(ClassGroupText.noGroups);
    return row;
  }

  // Who is in which group's room changes the overview ("2 of 3 here"): told once the moves of a
  // moment are done (30 students moving at once make one update, not 30).
  const presence = new Map<ClassroomRoom, NodeJS.Timeout>();
  function presenceChanged(channel: string): void {
    const parsed = parseGroupChannel(channel);
    if (!parsed || presence.has(parsed.room)) return;
    const timer = setTimeout(() => {
      presence.delete(parsed.room);
      void tell(parsed.room).catch((err: unknown) => log.error({ err }, 'groups update failed'));
    }, PRESENCE_SETTLE_MS);
    timer.unref();
    presence.set(parsed.room, timer);
  }
  core.stays.push({
    joined: async (row) => presenceChanged(row.channel),
    left: async (row) => presenceChanged(row.channel),
  });

  // The clock: countdowns that ran out start their warning; warnings that ran out close.
  let timer: NodeJS.Timeout | null = null;
  let ticking = false;
  async function tick(): Promise<void> {
    if (ticking) return;
    ticking = true;
    try {
      const now = new Date();
      for (const room of await groups.warnDue(now, warningMs)) await tell(room as ClassroomRoom);
      for (const room of await groups.closeDue(now)) await closed(room as ClassroomRoom);
      await sendStraysOff(now);
    } catch (err) {
      log.error({ err }, 'the groups clock failed');
    } finally {
      ticking = false;
    }
  }
  function startClock(): void {
    if (timer) return;
    timer = setInterval(() => void tick(), GROUP_CLOCK_MS);
    timer.unref();
  }

  return {
    async admitJoin(claims, channel) {
      if (isCallChannel(channel) || isHost(claims.role)) {
        const parsed = parseGroupChannel(channel);
        if (parsed) await requireOpen(parsed.room);
        return;
      }
      const parsed = parseGroupChannel(channel);
      if (parsed) {
        await requireOpen(parsed.room);
        // Removed from the class is out of its groups too.
        if ((await deps.lobby.entry(parsed.room, claims.sub))?.state === 'removed') {
          throw forbidden(ClassLobbyText.removed);
        }
        const member = await groups.member(parsed.room, claims.sub);
        if (member?.groupNo !== parsed.group) throw forbidden(ClassGroupText.notYourGroup);
        return;
      }
      if (isClassroomRoom(channel)) {
        const row = await groups.breakout(channel);
        if (row?.state === 'open' && (await groups.member(channel, claims.sub))) {
          throw forbidden(ClassGroupText.stayInGroup);
        }
      }
    },

    roomsOf: groupRooms,

    async closeNow(room) {
      if ((await groups.closeDue(new Date(), room)).length > 0) await closed(room);
    },

    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      for (const pending of presence.values()) clearTimeout(pending);
      presence.clear();
    },

    register(socket, on) {
      startClock();

      on('class:group:plan', async (s, plan) => {
        requireHost(s.data.auth);
        for (const group of Object.values(plan.assignments)) {
          if (group > plan.count) throw badRequest(ClassGroupText.groupRange);
        }
        if (!(await groups.plan(plan))) throw conflict(ClassGroupText.alreadyOpen);
        return tell(plan.room);
      });

      on('class:group:state', async (s, { room }) => {
        const claims = requireAccountHolder(s.data.auth);
        const session = sessions.get(s.id);
        // The teacher plans from anywhere; others see the groups of the class they are in.
        if (!isHost(claims.role) && (!session || classOf(session.channel) !== room)) {
          throw forbidden(ClassLobbyText.joinFirst);
        }
        return view(room);
      });

      on('class:group:open', async (s) => {
        const room = requireHostInClass(s);
        const plan = await groups.breakout(room);
        if (!plan) throw notFound(ClassGroupText.noGroups);
        if (plan.state === 'open') throw conflict(ClassGroupText.alreadyOpen);
        // The students in the class now, once each (several tabs are one person).
        const students = new Map<string, string>();
        for (const row of await repo.participants(room)) {
          if (!isHost(row.role as AuthClaims['role'])) students.set(row.userId, row.name);
        }
        const members: GroupMember[] = [];
        const unplaced: string[] = [];
        for (const [userId, name] of students) {
          const byHand = plan.assignments[userId];
          if (byHand && byHand <= plan.count) members.push({ userId, name, groupNo: byHand });
          else unplaced.push(userId);
        }
        if (plan.mode !== 'choose') {
          // The rest at random, filling the smallest groups first.
          const sizes = Array.from(
            { length: plan.count },
            (_, i) => members.filter((m) => m.groupNo === i + 1).length,
          );
          const dealt = dealGroups(unplaced, plan.count);
          const order = [...unplaced].sort((a, b) => dealt.get(a)! - dealt.get(b)!);
          for (const userId of order) {
            const smallest = sizes.indexOf(Math.min(...sizes));
            sizes[smallest]! += 1;
            members.push({ userId, name: students.get(userId)!, groupNo: smallest + 1 });
          }
        }
        const endsAt = plan.minutes ? new Date(Date.now() + plan.minutes * 60_000) : null;
        // Each group's room follows the class's mute rules from its first moment.
        const parent = await deps.service.channel(room);
        for (let g = 1; g <= plan.count; g += 1) {
          const channel = groupChannel(room, g);
          await repo.ensureChannel(channel);
          await repo.setFlag(channel, 'audio', parent.globalMuteAudio);
          await repo.setFlag(channel, 'video', parent.globalMuteVideo);
        }
        if (!(await groups.open(room, members, endsAt))) throw conflict(ClassGroupText.alreadyOpen);
        log.info({ room, groups: plan.count, students: members.length }, 'groups opened');
        return tell(room);
      });

      on('class:group:close', async (s) => {
        const room = requireHostInClass(s);
        await requireOpen(room);
        await groups.startClosing(room, new Date(Date.now() + warningMs));
        return tell(room);
      });

      on('class:group:move', async (s, { userId, group }) => {
        const room = requireHostInClass(s);
        const row = await requireOpen(room);
        if (group > row.count) throw badRequest(ClassGroupText.groupRange);
        const member = await groups.member(room, userId);
        const inClass = [
          ...(await repo.participants(room)),
          ...(await groups.inGroupRooms(room)),
        ].find((p) => p.userId === userId);
        const name = member?.name ?? inClass?.name;
        if (!name || (inClass && isHost(inClass.role as AuthClaims['role']))) {
          throw notFound(ClassGroupText.notInClass);
        }
        await groups.place(room, { userId, name, groupNo: group });
        const view = await tell(room);
        await moved(room, member?.groupNo, group);
        return view;
      });

      on('class:group:choose', async (s, { group }) => {
        const claims = requireAccountHolder(s.data.auth);
        const session = sessions.get(s.id);
        const room = session ? classOf(session.channel) : null;
        if (!room) throw badRequest(ClassroomText.notInRoom);
        const row = await requireOpen(room);
        if (row.mode !== 'choose' || isHost(claims.role)) {
          throw forbidden(ClassGroupText.notChoosing);
        }
        if (group > row.count) throw badRequest(ClassGroupText.groupRange);
        const before = await groups.member(room, claims.sub);
        await groups.place(room, { userId: claims.sub, name: claims.username, groupNo: group });
        const view = await tell(room);
        await moved(room, before?.groupNo, group);
        return view;
      });

      on('class:group:message', async (s, { text }) => {
        const room = requireHostInClass(s);
        await requireOpen(room);
        deps
          .io()
          ?.to(classKeys(room))
          .emit('class:group:notice', { room, text, from: s.data.auth!.username });
        return {};
      });

      on('class:group:call', async (s) => {
        const session = sessions.get(s.id);
        const parsed = session ? parseGroupChannel(session.channel) : null;
        if (!session || !parsed) throw badRequest(ClassGroupText.notInGroup);
        await requireOpen(parsed.room);
        if (!(await groups.setCalling(parsed.room, session.claims.sub, true))) {
          throw forbidden(ClassGroupText.notInGroup);
        }
        return tell(parsed.room);
      });

      // Who speaks, for the teacher's overview. The page says it (a level it measures itself);
      // the server only checks that it comes from someone in a group's room, from the session
      // held here, so nobody can say it of another or outside the groups. No database read: it
      // comes every 2 s per speaker.
      on('class:group:speak', async (s, { speaking }) => {
        const session = sessions.get(s.id);
        const parsed = session ? parseGroupChannel(session.channel) : null;
        if (!session || !parsed) throw badRequest(ClassGroupText.notInGroup);
        deps.io()?.to(classKeys(parsed.room)).emit('class:group:speaking', {
          room: parsed.room,
          group: parsed.group,
          userId: session.claims.sub,
          speaking,
        });
        return {};
      });

      on('class:group:answer', async (s, { userId }) => {
        const room = requireHostInClass(s);
        await requireOpen(room);
        if (!(await groups.setCalling(room, userId, false))) {
          throw notFound(ClassGroupText.notInClass);
        }
        return tell(room);
      });
    },
  };
}

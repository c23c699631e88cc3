// Issue 28 §5: attendance and the class record. A class session opens with its first person and
// closes when the last leaves or a teacher ends the class; every stay (join → leave) and every
// raised hand is an event in PostgreSQL, so a teacher on one process and students on another make
// one record. The rows are computed from the events when read; the poll answers come from the
// class's polls of that session. Records older than the admin's retention period are deleted.
import {
  CLASS_RECORD_CSV_COLUMNS,
  ClassLobbyText,
  ClassRecordText,
  ClassroomRoomSchema,
  isClassroomRoom,
  parseGroupChannel,
} from '@atrium/protocol';
import type { ClassRecord, ClassRecordRow, ClassSession, ClassroomRoom } from '@atrium/protocol';
import type {
  ClassroomParticipantRow,
  ClassroomSessionEventRow,
  ClassroomSessionRow,
} from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { HandlerRegistrar } from '../../realtime/realtime.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAccountHolder } from '../../security/policy.ts';
import { csvCell } from '../../http/csv.ts';
import type { Lobby } from './classroom.lobby.ts';
import type { RecordRepository, VoteOfRecord } from './classroom.record.repository.ts';
import type { RoomCore } from './classroom.room.ts';
import { isHost, requireHost } from './classroom.service.ts';

/** How often old records are looked for, in ms. */
export const RECORD_PURGE_INTERVAL_MS = 60 * 60 * 1000;

const iso = (d: Date) => d.toISOString();

/**
 * The record's rows from a session's events (in time order), as of `now` for anyone still in:
 * each person's first join, last leave, rejoins, time present over every stay, and hands.
 */
export function recordRows(
  session: ClassroomSessionRow,
  events: readonly ClassroomSessionEventRow[],
  votes: readonly VoteOfRecord[],
  now: Date,
): ClassRecordRow[] {
  interface Tally {
    row: ClassRecordRow;
    /** Open stays (several tabs may be in at once): time counts while at least one is. */
    open: number;
    since: number | null;
    present: number;
    /** The last stay that ended was in a breakout group (moving in or out is not a rejoin). */
    leftGroup: boolean;
    /** Per group: open stays, since when, and the time so far. */
    groups: Map<number, { open: number; since: number; ms: number }>;
  }
  const people = new Map<string, Tally>();
  for (const e of events) {
    let tally = people.get(e.userId);
    if (!tally) {
      if (e.kind !== 'join') continue;
      tally = {
        row: {
          userId: e.userId,
          name: e.name,
          role: e.role as ClassRecordRow['role'],
          firstJoinedAt: iso(e.at),
          lastLeftAt: null,
          rejoins: -1,
          presentSeconds: 0,
          handsRaised: 0,
          pollAnswers: [],
          groupSeconds: [],
        },
        open: 0,
        since: null,
        present: 0,
        leftGroup: false,
        groups: new Map(),
      };
      people.set(e.userId, tally);
    }
    const t = e.at.getTime();
    const inGroup = e.groupNo !== null && e.groupNo !== undefined;
    if (inGroup && (e.kind === 'join' || e.kind === 'leave')) {
      const g = tally.groups.get(e.groupNo!) ?? { open: 0, since: t, ms: 0 };
      if (e.kind === 'join') {
        if (g.open === 0) g.since = t;
        g.open += 1;
      } else if (g.open > 0) {
        g.open -= 1;
        if (g.open === 0) g.ms += t - g.since;
      }
      tally.groups.set(e.groupNo!, g);
    }
    if (e.kind === 'join') {
      if (tally.open === 0) {
        tally.since = t;
        // Coming back counts; going into a group or back from one does not.
        if (!inGroup && !tally.leftGroup) tally.row.rejoins += 1;
      }
      tally.open += 1;
    } else if (e.kind === 'leave' && tally.open > 0) {
      tally.open -= 1;
      if (tally.open === 0 && tally.since !== null) {
        tally.present += t - tally.since;
        tally.since = null;
        tally.row.lastLeftAt = iso(e.at);
        tally.leftGroup = inGroup;
      }
    } else if (e.kind === 'hand') {
      tally.row.handsRaised += 1;
    }
  }
  const end = session.endedAt?.getTime() ?? now.getTime();
  for (const tally of people.values()) {
    if (tally.since !== null) {
      tally.present += Math.max(0, end - tally.since);
      // Still in: no last leave yet. The session ended with them in (a process died): they
      // left when it ended.
      tally.row.lastLeftAt = session.endedAt ? iso(session.endedAt) : null;
    }
    tally.row.presentSeconds = Math.round(tally.present / 1000);
    tally.row.rejoins = Math.max(0, tally.row.rejoins);
    tally.row.groupSeconds = [...tally.groups.entries()]
      .sort(([a], [b]) => a - b)
      .map(([group, g]) => ({
        group,
        seconds: Math.round((g.ms + (g.open > 0 ? Math.max(0, end - g.since) : 0)) / 1000),
      }));
  }
  for (const vote of votes) {
    people.get(vote.userId)?.row.pollAnswers.push({ question: vote.question, answer: vote.answer });
  }
  return [...people.values()]
    .map((t) => t.row)
    .sort((a, b) => a.firstJoinedAt.localeCompare(b.firstJoinedAt) || a.name.localeCompare(b.name));
}

/** The record as CSV (RFC 4180, formula cells neutralised as in the forms' export). */
export function recordCsv(record: ClassRecord): string {
  const lines = [CLASS_RECORD_CSV_COLUMNS.join(',')];
  for (const row of record.rows) {
    const answers = row.pollAnswers
      .map((a) => `${a.question}: ${a.answer ?? '(anonymous)'}`)
      .join(' | ');
    lines.push(
      [
        row.name,
        row.role,
        row.firstJoinedAt,
        row.lastLeftAt ?? '',
        row.rejoins,
        Math.round((row.presentSeconds / 60) * 10) / 10,
        row.handsRaised,
        answers,
        row.groupSeconds
          .map((g) => `${g.group}: ${Math.round((g.seconds / 60) * 10) / 10}`)
          .join(' | '),
      ]
        .map((v) => csvCell(v))
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export interface ClassRecordService {
  sessions(claims: AuthClaims | null, channel: ClassroomRoom): Promise<ClassSession[]>;
  record(claims: AuthClaims | null, id: string): Promise<ClassRecord>;
  /** Deletes records that ended more than `days` ago; returns how many sessions went. */
  purge(days: number, now?: Date): Promise<number>;
}

const sessionView = (row: ClassroomSessionRow, people: number): ClassSession => ({
  id: row.id,
  room: ClassroomRoomSchema.parse(row.channel),
  startedAt: iso(row.startedAt),
  endedAt: row.endedAt ? iso(row.endedAt) : null,
  people,
});

export function createRecordService(records: RecordRepository): ClassRecordService {
  return {
    async sessions(claims, channel) {
      const account = requireAccountHolder(claims);
      const rows = await records.sessions(channel, isHost(account.role) ? null : account.sub);
      return rows.map((r) => sessionView(r, r.people));
    },
    async record(claims, id) {
      const account = requireAccountHolder(claims);
      const session = await records.session(id);
      if (!session || !isClassroomRoom(session.channel)) {
        throw notFound(ClassRecordText.unknownSession);
      }
      // A student reads their own row only; not having been there is "no such session" for them.
      const only = isHost(account.role) ? null : account.sub;
      const events = await records.events(id, only);
      if (only && events.length === 0) throw notFound(ClassRecordText.notInSession);
      const everyone = await records.events(id, null);
      const userIds = [...new Set(events.map((e) => e.userId))];
      const rows = recordRows(session, events, await records.votes(session, userIds), new Date());
      const people = new Set(everyone.map((e) => e.userId)).size;
      return { session: sessionView(session, people), rows };
    },
    async purge(days, now = new Date()) {
      return records.purge(new Date(now.getTime() - days * 24 * 60 * 60 * 1000));
    },
  };
}

/**
 * The live side: stays and hands become events, the session opens with its first person and
 * ends with the last, and a teacher's End class takes everyone out.
 */
export function attachRecord(
  core: RoomCore,
  records: RecordRepository,
  lobby: Lobby,
  groups: {
    groupRooms: (room: ClassroomRoom) => Promise<ClassroomParticipantRow[]>;
    closeGroups: (room: ClassroomRoom) => Promise<void>;
  },
) {
  const { repo, log } = core.deps;
  const who = (row: { userId: string; name: string; role: string }) => ({
    userId: row.userId,
    name: row.name,
    role: row.role,
  });

  // A stay in a breakout group is a stay in its class, with the group's number (issue 28 §4).
  const whereOf = (channel: string) => {
    const group = parseGroupChannel(channel);
    if (group) return { room: group.room, groupNo: group.group };
    return isClassroomRoom(channel) ? { room: channel, groupNo: null } : null;
  };
  core.stays.push({
    async joined(row) {
      const where = whereOf(row.channel);
      if (!where) return;
      const session = await records.openSession(where.room);
      await records.addEvent(session.id, who(row), 'join', where.groupNo);
    },
    async left(row) {
      const where = whereOf(row.channel);
      if (!where) return;
      const session = await records.currentSession(where.room);
      if (session) await records.addEvent(session.id, who(row), 'leave', where.groupNo);
    },
  });
  core.sessionEnd.push(async (channel) => {
    if (isClassroomRoom(channel)) await records.endSession(channel, null);
  });

  /**
   * Ends a class: everyone in it and in its groups is expelled (`class:ended`), the groups
   * close, the record's session ends. `except` (the teacher who ended it, whose own leave the
   * socket handler runs) stays; without one (issue 29: the admin console, with no socket in
   * the class) the hands go down and the lobby's session ends here too. Answers how many left.
   */
  async function endClass(channel: ClassroomRoom, by: string, except?: string): Promise<number> {
    const rows = await repo.participants(channel);
    const others = rows.filter((r) => r.socketId !== except);
    await lobby.expel(channel, others, 'class:ended');
    const inGroups = (await groups.groupRooms(channel)).filter((r) => r.socketId !== except);
    for (const row of inGroups) await lobby.expel(row.channel, [row], 'class:ended');
    await groups.closeGroups(channel);
    await records.endSession(channel, by);
    if (except === undefined) {
      await repo.lowerHands(channel, null);
      await lobby.sessionEnded(channel);
    }
    return others.length + inGroups.length;
  }

  return {
    /** A hand went up (not one already up): the record counts it. */
    async handRaised(channel: string, claims: AuthClaims): Promise<void> {
      const where = whereOf(channel);
      if (!where) return;
      const session = await records.currentSession(where.room);
      if (session) {
        await records.addEvent(
          session.id,
          { userId: claims.sub, name: claims.username, role: claims.role },
          'hand',
        );
      }
    },

    endClass,

    register(on: HandlerRegistrar): void {
      on('class:end', async (s) => {
        const host = requireHost(s.data.auth);
        const session = core.sessions.get(s.id);
        if (!session || !isClassroomRoom(session.channel)) {
          throw badRequest(ClassLobbyText.joinFirst);
        }
        const { channel } = session;
        log.info({ channel, by: host.sub }, 'class ended by a teacher');
        // Everyone else first (the teacher's own page hears `class:ended` too, and leaves).
        await endClass(channel, host.sub, s.id);
        await core.serial(s, () => core.leave(s));
        s.emit('class:ended', { room: channel });
        await repo.lowerHands(channel, null);
        await lobby.sessionEnded(channel);
        return {};
      });
    },
  };
}

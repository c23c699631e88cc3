import type { ClassGroupPlan } from '@atrium/protocol';
import { and, eq, inArray, isNotNull, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database.ts';
import {
  classroomBreakouts,
  classroomGroupMembers,
  classroomParticipants,
} from '../../db/schema.ts';
import type {
  ClassroomBreakoutRow,
  ClassroomGroupMemberRow,
  ClassroomParticipantRow,
} from '../../db/schema.ts';

export interface GroupMember {
  userId: string;
  name: string;
  groupNo: number;
}

/** The breakout groups' SQL (issue 28 §4): one plan per class, and who is in which group. */
export class GroupsRepository {
  constructor(private readonly db: AppDb) {}

  async breakout(channel: string): Promise<ClassroomBreakoutRow | undefined> {
    const [row] = await this.db
      .select()
      .from(classroomBreakouts)
      .where(eq(classroomBreakouts.channel, channel));
    return row;
  }

  /** Saves a plan; false when groups are open (a plan changes only between breakouts). */
  async plan(plan: ClassGroupPlan): Promise<boolean> {
    const values = {
      channel: plan.room,
      state: 'prepared' as const,
      count: plan.count,
      mode: plan.mode,
      minutes: plan.minutes,
      assignments: plan.assignments,
      updatedAt: new Date(),
    };
    const rows = await this.db
      .insert(classroomBreakouts)
      .values(values)
      .onConflictDoUpdate({
        target: classroomBreakouts.channel,
        set: values,
        setWhere: eq(classroomBreakouts.state, 'prepared'),
      })
      .returning({ channel: classroomBreakouts.channel });
    return rows.length > 0;
  }

  /**
   * Opens the class's prepared groups with `members` placed; null when there is no prepared plan
   * (none, or already open: the one UPDATE decides between processes).
   */
  async open(
    channel: string,
    members: GroupMember[],
    endsAt: Date | null,
  ): Promise<ClassroomBreakoutRow | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(classroomBreakouts)
        .set({ state: 'open', endsAt, closingAt: null, updatedAt: new Date() })
        .where(
          and(eq(classroomBreakouts.channel, channel), eq(classroomBreakouts.state, 'prepared')),
        )
        .returning();
      if (!row) return null;
      await tx.delete(classroomGroupMembers).where(eq(classroomGroupMembers.channel, channel));
      if (members.length > 0) {
        await tx.insert(classroomGroupMembers).values(members.map((m) => ({ channel, ...m })));
      }
      return row;
    });
  }

  async members(channel: string): Promise<ClassroomGroupMemberRow[]> {
    return this.db
      .select()
      .from(classroomGroupMembers)
      .where(eq(classroomGroupMembers.channel, channel));
  }

  async member(channel: string, userId: string): Promise<ClassroomGroupMemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(classroomGroupMembers)
      .where(
        and(eq(classroomGroupMembers.channel, channel), eq(classroomGroupMembers.userId, userId)),
      );
    return row;
  }

  /** Puts a person in group `groupNo` (moving them if they had one); the call clears. */
  async place(channel: string, member: GroupMember): Promise<void> {
    await this.db
      .insert(classroomGroupMembers)
      .values({ channel, ...member, calling: false })
      .onConflictDoUpdate({
        target: [classroomGroupMembers.channel, classroomGroupMembers.userId],
        set: { groupNo: member.groupNo, calling: false },
      });
    // The grace a moved student has to reach their new room counts from here.
    await this.db
      .update(classroomBreakouts)
      .set({ updatedAt: new Date() })
      .where(eq(classroomBreakouts.channel, channel));
  }

  /**
   * Students outside the group they were given while groups are open (in the main room or
   * another group's), who were there before `before` while the groups last changed before it too:
   * their page ignored the groups, or could not follow them.
   */
  async strays(
    before: Date,
  ): Promise<{ row: ClassroomParticipantRow; room: string; group: number }[]> {
    const p = classroomParticipants;
    const m = classroomGroupMembers;
    return this.db
      .select({ row: p, room: m.channel, group: m.groupNo })
      .from(p)
      .innerJoin(m, eq(m.userId, p.userId))
      .innerJoin(
        classroomBreakouts,
        and(
          eq(classroomBreakouts.channel, m.channel),
          eq(classroomBreakouts.state, 'open'),
          lt(classroomBreakouts.updatedAt, before),
        ),
      )
      .where(
        and(
          or(eq(p.channel, m.channel), sql`${p.channel} like ${m.channel} || '-g%'`),
          sql`${p.channel} <> ${m.channel} || '-g' || ${m.groupNo}`,
          lt(p.joinedAt, before),
          notInArray(p.role, ['teacher', 'admin']),
        ),
      );
  }

  async setCalling(channel: string, userId: string, calling: boolean): Promise<boolean> {
    const rows = await this.db
      .update(classroomGroupMembers)
      .set({ calling })
      .where(
        and(eq(classroomGroupMembers.channel, channel), eq(classroomGroupMembers.userId, userId)),
      )
      .returning({ userId: classroomGroupMembers.userId });
    return rows.length > 0;
  }

  /** Starts the closing warning of open groups; the row if this call started it. */
  async startClosing(channel: string, at: Date): Promise<ClassroomBreakoutRow | undefined> {
    const [row] = await this.db
      .update(classroomBreakouts)
      .set({ closingAt: at, updatedAt: new Date() })
      .where(
        and(
          eq(classroomBreakouts.channel, channel),
          eq(classroomBreakouts.state, 'open'),
          isNull(classroomBreakouts.closingAt),
        ),
      )
      .returning();
    return row;
  }

  /** Open groups whose countdown ran out: their warning starts (each taken by one process). */
  async warnDue(now: Date, warningMs: number): Promise<string[]> {
    const rows = await this.db
      .update(classroomBreakouts)
      .set({ closingAt: new Date(now.getTime() + warningMs), updatedAt: now })
      .where(
        and(
          eq(classroomBreakouts.state, 'open'),
          isNull(classroomBreakouts.closingAt),
          isNotNull(classroomBreakouts.endsAt),
          lte(classroomBreakouts.endsAt, now),
        ),
      )
      .returning({ channel: classroomBreakouts.channel });
    return rows.map((r) => r.channel);
  }

  /**
   * Groups whose warning is over close: the plan stays (prepared again, for next time), the
   * members go. Each is taken by one process. `channel` closes that one now (End class).
   */
  async closeDue(now: Date, channel?: string): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(classroomBreakouts)
        .set({ state: 'prepared', endsAt: null, closingAt: null, updatedAt: now })
        .where(
          channel
            ? and(eq(classroomBreakouts.channel, channel), eq(classroomBreakouts.state, 'open'))
            : and(eq(classroomBreakouts.state, 'open'), lte(classroomBreakouts.closingAt, now)),
        )
        .returning({ channel: classroomBreakouts.channel });
      const closed = rows.map((r) => r.channel);
      if (closed.length > 0) {
        await tx
          .delete(classroomGroupMembers)
          .where(inArray(classroomGroupMembers.channel, closed));
      }
      return closed;
    });
  }

  /** Who is in the group rooms of `room` now (`room-1-g1`…`room-1-g10`). */
  async inGroupRooms(room: string): Promise<ClassroomParticipantRow[]> {
    return this.db
      .select()
      .from(classroomParticipants)
      .where(sql`${classroomParticipants.channel} like ${`${room}-g%`}`);
  }
}

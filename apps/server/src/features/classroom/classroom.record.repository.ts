import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database.ts';
import {
  classroomPolls,
  classroomPollVotes,
  classroomSessionEvents,
  classroomSessions,
} from '../../db/schema.ts';
import type { ClassroomSessionEventRow, ClassroomSessionRow } from '../../db/schema.ts';

export interface PersonOfRecord {
  userId: string;
  name: string;
  role: string;
}

/** A vote as the record shows it: the poll's question, and the option (unless anonymous). */
export interface VoteOfRecord {
  userId: string;
  question: string;
  answer: string | null;
  at: Date;
}

/** The class record's SQL (issue 28 §5): sessions and what happened in them. */
export class RecordRepository {
  constructor(private readonly db: AppDb) {}

  /** The class's open session, opened now if there is none (the index decides between processes). */
  async openSession(channel: string): Promise<ClassroomSessionRow> {
    await this.db.insert(classroomSessions).values({ channel }).onConflictDoNothing();
    const [row] = await this.db
      .select()
      .from(classroomSessions)
      .where(and(eq(classroomSessions.channel, channel), isNull(classroomSessions.endedAt)));
    if (!row) throw new Error(`no open class session for ${channel}`);
    return row;
  }

  async currentSession(channel: string): Promise<ClassroomSessionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(classroomSessions)
      .where(and(eq(classroomSessions.channel, channel), isNull(classroomSessions.endedAt)));
    return row;
  }

  async endSession(channel: string, by: string | null): Promise<void> {
    await this.db
      .update(classroomSessions)
      .set({ endedAt: new Date(), endedBy: by })
      .where(and(eq(classroomSessions.channel, channel), isNull(classroomSessions.endedAt)));
  }

  async addEvent(
    sessionId: string,
    who: PersonOfRecord,
    kind: 'join' | 'leave' | 'hand',
    groupNo: number | null = null,
  ) {
    await this.db.insert(classroomSessionEvents).values({ sessionId, ...who, kind, groupNo });
  }

  async session(id: string): Promise<ClassroomSessionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(classroomSessions)
      .where(eq(classroomSessions.id, id));
    return row;
  }

  /** A class's sessions, newest first, with how many people took part; `userId` narrows to theirs. */
  async sessions(
    channel: string,
    userId: string | null,
    limit = 50,
  ): Promise<Array<ClassroomSessionRow & { people: number }>> {
    // Qualified by hand: inside a subquery drizzle names a column without its table, and `id`
    // would then be the event's.
    const people = sql<number>`(select count(distinct e.user_id)::int from classroom_session_events e where e.session_id = "classroom_sessions"."id")`;
    const mine =
      userId === null
        ? undefined
        : sql`exists (select 1 from classroom_session_events e where e.session_id = "classroom_sessions"."id" and e.user_id = ${userId})`;
    return this.db
      .select({
        id: classroomSessions.id,
        channel: classroomSessions.channel,
        startedAt: classroomSessions.startedAt,
        endedAt: classroomSessions.endedAt,
        endedBy: classroomSessions.endedBy,
        people,
      })
      .from(classroomSessions)
      .where(and(eq(classroomSessions.channel, channel), mine))
      .orderBy(desc(classroomSessions.startedAt))
      .limit(limit);
  }

  async events(sessionId: string, userId: string | null): Promise<ClassroomSessionEventRow[]> {
    return this.db
      .select()
      .from(classroomSessionEvents)
      .where(
        and(
          eq(classroomSessionEvents.sessionId, sessionId),
          userId === null ? undefined : eq(classroomSessionEvents.userId, userId),
        ),
      )
      .orderBy(asc(classroomSessionEvents.at));
  }

  /** The answers given to the class's polls while the session ran (an anonymous one: no choice). */
  async votes(session: ClassroomSessionRow, userIds: string[]): Promise<VoteOfRecord[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .select({
        userId: classroomPollVotes.userId,
        question: classroomPolls.question,
        options: classroomPolls.options,
        anonymous: classroomPolls.anonymous,
        choice: classroomPollVotes.choice,
        at: classroomPolls.createdAt,
      })
      .from(classroomPollVotes)
      .innerJoin(classroomPolls, eq(classroomPolls.id, classroomPollVotes.pollId))
      .where(
        and(
          eq(classroomPolls.channel, session.channel),
          gte(classroomPolls.createdAt, session.startedAt),
          session.endedAt ? lte(classroomPolls.createdAt, session.endedAt) : undefined,
          inArray(classroomPollVotes.userId, userIds),
        ),
      )
      .orderBy(asc(classroomPolls.createdAt));
    return rows.map((r) => ({
      userId: r.userId,
      question: r.question,
      answer: r.anonymous ? null : (r.options[r.choice] ?? null),
      at: r.at,
    }));
  }

  /** Deletes what ended before `cutoff`: sessions (with their events) and the class's polls. */
  async purge(cutoff: Date): Promise<number> {
    const gone = await this.db
      .delete(classroomSessions)
      .where(lt(classroomSessions.endedAt, cutoff))
      .returning({ id: classroomSessions.id });
    await this.db
      .delete(classroomPolls)
      .where(
        and(lt(classroomPolls.createdAt, cutoff), sql`${classroomPolls.closedAt} is not null`),
      );
    return gone.length;
  }
}

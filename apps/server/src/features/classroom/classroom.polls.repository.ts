import { and, asc, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { ClassPollCreate } from '@atrium/protocol';
import type { AppDb } from '../../db/database.ts';
import { classroomPollVotes, classroomPolls, classroomSessions } from '../../db/schema.ts';
import type { ClassroomPollRow, ClassroomPollVoteRow } from '../../db/schema.ts';
import { databaseError } from '../../http/database-errors.ts';

/** What became of a vote: counted, or why not (nothing changed then). */
export type PollVoteOutcome =
  | { kind: 'counted'; poll: ClassroomPollRow }
  | { kind: 'missing' }
  | { kind: 'closed' }
  | { kind: 'out-of-range' };

/**
 * The polls' SQL (issue 28 §3). The partial unique index `classroom_polls_one_open_idx` keeps one
 * open poll per class across processes; a vote holds its poll's row, so a close waits for it and
 * counts it, and no vote lands after the close.
 */
export class ClassroomPollsRepository {
  constructor(private readonly db: AppDb) {}

  /** Opens a poll; null when the class already has an open one (the index decides). */
  async create(
    channel: string,
    draft: ClassPollCreate,
    createdBy: string,
  ): Promise<ClassroomPollRow | null> {
    try {
      const [row] = await this.db
        .insert(classroomPolls)
        .values({ channel, ...draft, createdBy })
        .returning();
      return row ?? null;
    } catch (err) {
      const info = databaseError(err);
      if (info?.code === '23505') return null;
      throw err;
    }
  }

  /** The class's poll by id (none when it is another class's). */
  async poll(channel: string, id: string): Promise<ClassroomPollRow | undefined> {
    const [row] = await this.db
      .select()
      .from(classroomPolls)
      .where(and(eq(classroomPolls.id, id), eq(classroomPolls.channel, channel)));
    return row;
  }

  /**
   * The class's open poll, or else its newest poll of this class session: one opened since the
   * class's open session began (`classroom_sessions`, issue 28 §5).
   */
  async current(channel: string): Promise<ClassroomPollRow | undefined> {
    const started = sql`(select ${classroomSessions.startedAt} from ${classroomSessions} where ${and(eq(classroomSessions.channel, channel), isNull(classroomSessions.endedAt))})`;
    const [row] = await this.db
      .select()
      .from(classroomPolls)
      .where(
        and(
          eq(classroomPolls.channel, channel),
          or(isNull(classroomPolls.closedAt), gte(classroomPolls.createdAt, started)),
        ),
      )
      .orderBy(desc(classroomPolls.createdAt))
      .limit(1);
    return row;
  }

  /**
   * Records `userId`'s answer to the class's open poll, or replaces it. The poll's row is held
   * meanwhile (a close waits), and the answer must be one of its options.
   */
  async vote(
    channel: string,
    pollId: string,
    voter: { userId: string; name: string },
    choice: number,
  ): Promise<PollVoteOutcome> {
    return this.db.transaction(async (tx) => {
      const [poll] = await tx
        .select()
        .from(classroomPolls)
        .where(and(eq(classroomPolls.id, pollId), eq(classroomPolls.channel, channel)))
        .for('share');
      if (!poll) return { kind: 'missing' };
      if (poll.closedAt !== null) return { kind: 'closed' };
      if (choice >= poll.options.length) return { kind: 'out-of-range' };
      await tx
        .insert(classroomPollVotes)
        .values({ pollId, userId: voter.userId, name: voter.name, choice })
        .onConflictDoUpdate({
          target: [classroomPollVotes.pollId, classroomPollVotes.userId],
          set: { choice, name: voter.name, votedAt: sql`now()` },
        });
      return { kind: 'counted', poll };
    });
  }

  /** Closes the class's poll `id` if it is open; the poll as it now stands (none: not the class's). */
  async close(channel: string, id: string): Promise<ClassroomPollRow | undefined> {
    const [closed] = await this.db
      .update(classroomPolls)
      .set({ closedAt: sql`now()` })
      .where(
        and(
          eq(classroomPolls.id, id),
          eq(classroomPolls.channel, channel),
          isNull(classroomPolls.closedAt),
        ),
      )
      .returning();
    return closed ?? this.poll(channel, id);
  }

  /** The class session ended: its open poll closes, kept with its answers. */
  async closeOpen(channel: string): Promise<ClassroomPollRow | undefined> {
    const [closed] = await this.db
      .update(classroomPolls)
      .set({ closedAt: sql`now()` })
      .where(and(eq(classroomPolls.channel, channel), isNull(classroomPolls.closedAt)))
      .returning();
    return closed;
  }

  /** Marks a closed poll's results as shown to the class; the poll (none: not closed, or absent). */
  async show(channel: string, id: string): Promise<ClassroomPollRow | undefined> {
    const [row] = await this.db
      .update(classroomPolls)
      .set({ shown: true })
      .where(
        and(
          eq(classroomPolls.id, id),
          eq(classroomPolls.channel, channel),
          sql`${classroomPolls.closedAt} is not null`,
        ),
      )
      .returning();
    return row;
  }

  /** A poll's answers, in the order given. */
  async votes(pollId: string): Promise<ClassroomPollVoteRow[]> {
    return this.db
      .select()
      .from(classroomPollVotes)
      .where(eq(classroomPollVotes.pollId, pollId))
      .orderBy(asc(classroomPollVotes.votedAt), asc(classroomPollVotes.name));
  }
}

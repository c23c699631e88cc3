import { and, asc, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DartsMode } from '@atrium/protocol';
import type { AppDb } from '../../db/database.ts';
import { dartsMatches, dartsSessions, users } from '../../db/schema.ts';
import type { DartsMatchRow, DartsSessionRow } from '../../db/schema.ts';

type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];

export type NewSession = typeof dartsSessions.$inferInsert;
export type NewMatch = typeof dartsMatches.$inferInsert;
export interface SessionResult {
  winnerName: string;
  isWinner: boolean;
  darts: number;
}

/** The only place with SQL for the mini-game: sessions, the leaderboard and matches. */
export class MinigameRepository {
  constructor(private readonly db: AppDb) {}

  async userByName(username: string): Promise<{ id: string; username: string } | undefined> {
    const [row] = await this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return row;
  }

  async createSession(row: NewSession): Promise<string> {
    const [created] = await this.db
      .insert(dartsSessions)
      .values(row)
      .returning({ id: dartsSessions.id });
    if (!created) throw new Error('no session row');
    return created.id;
  }

  async session(id: string): Promise<DartsSessionRow | undefined> {
    const [row] = await this.db.select().from(dartsSessions).where(eq(dartsSessions.id, id));
    return row;
  }

  /**
   * Stores the result unless the session already has one, in one statement, so two finishes
   * racing on two processes store one result. False when it was already finished.
   */
  async finishSession(id: string, result: SessionResult): Promise<boolean> {
    const rows = await this.db
      .update(dartsSessions)
      .set({ ...result, finishedAt: new Date() })
      .where(and(eq(dartsSessions.id, id), isNull(dartsSessions.finishedAt)))
      .returning({ id: dartsSessions.id });
    return rows.length === 1;
  }

  /**
   * Accounts with the most wins in `mode`, then the fewest darts to win. A game against a person
   * reported by one client (`opponent` 'person') does not count: matches are stored by the
   * server as they are played (`match`).
   */
  async leaderboard(mode: DartsMode, limit: number, reportedPerson: string) {
    const wins = sql<number>`count(*)::int`;
    const best = sql<number>`min(${dartsSessions.darts})::int`;
    return this.db
      .select({ username: users.username, wins, best })
      .from(dartsSessions)
      .innerJoin(users, eq(users.id, dartsSessions.userId))
      .where(
        and(
          eq(dartsSessions.mode, mode),
          eq(dartsSessions.isWinner, true),
          isNotNull(dartsSessions.userId),
          ne(dartsSessions.opponent, reportedPerson),
        ),
      )
      .groupBy(users.id, users.username)
      .orderBy(desc(wins), asc(best), asc(users.username))
      .limit(limit);
  }

  // --- Matches between two people.

  async createMatch(row: NewMatch): Promise<DartsMatchRow> {
    const [created] = await this.db.insert(dartsMatches).values(row).returning();
    if (!created) throw new Error('no match row');
    return created;
  }

  async match(id: string): Promise<DartsMatchRow | undefined> {
    const [row] = await this.db.select().from(dartsMatches).where(eq(dartsMatches.id, id));
    return row;
  }

  /**
   * Runs `fn` on the match row locked for update, so darts from two processes are applied one at
   * a time, each on the state the previous one left. `fn` answers the changes to write (or
   * throws to refuse); `results` are finished sessions written in the same transaction.
   */
  async changeMatch<T>(
    id: string,
    fn: (row: DartsMatchRow | undefined) => {
      set?: Partial<Pick<DartsMatchRow, 'status' | 'game'>>;
      results?: NewSession[];
      answer: T;
    },
  ): Promise<T> {
    return this.db.transaction(async (tx: Tx) => {
      const [row] = await tx
        .select()
        .from(dartsMatches)
        .where(eq(dartsMatches.id, id))
        .for('update');
      const change = fn(row);
      if (row && change.set) {
        await tx
          .update(dartsMatches)
          .set({ ...change.set, updatedAt: new Date() })
          .where(eq(dartsMatches.id, id));
      }
      if (change.results?.length) await tx.insert(dartsSessions).values(change.results);
      return change.answer;
    });
  }
}

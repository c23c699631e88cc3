import { and, asc, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DartsMode } from '@atrium/protocol';
import type { AppDb } from '../../db/database.ts';
import { dartsMatches, dartsSessions, users } from '../../db/schema.ts';
import type { DartsMatchRow, DartsSessionRow } from '../../db/schema.ts';

type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];

export type NewSession = typeof dartsSessions.$inferInsert;
export type NewMatch = typeof dartsMatches.$inferInsert;

/** The only place with SQL for the mini-game: games, the leaderboard and matches. */
export class MinigameRepository {
  constructor(private readonly db: AppDb) {}

  async userByName(username: string): Promise<{ id: string; username: string } | undefined> {
    const [row] = await this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return row;
  }

  /**
   * Starts a game for its owner and ends the owner's other games still in play: one game at a
   * time, so games played side by side cannot add up to more darts than a person throws. An
   * advisory lock on the owner keeps two starts at once from both staying open.
   */
  async startSession(row: NewSession & { ownerSub: string }, now: Date): Promise<string> {
    return this.db.transaction(async (tx: Tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`darts:${row.ownerSub}`}))`);
      await tx
        .update(dartsSessions)
        .set({ finishedAt: now })
        .where(
          and(
            eq(dartsSessions.ownerSub, row.ownerSub),
            isNull(dartsSessions.finishedAt),
            isNotNull(dartsSessions.game),
          ),
        );
      const [created] = await tx
        .insert(dartsSessions)
        .values(row)
        .returning({ id: dartsSessions.id });
      if (!created) throw new Error('no session row');
      return created.id;
    });
  }

  /**
   * Runs `fn` on the session row locked for update, so two darts of one game (from two
   * processes, say) are played one after the other; `fn` answers the changes to write, or
   * throws to refuse and change nothing.
   */
  async changeSession<T>(
    id: string,
    fn: (row: DartsSessionRow | undefined) => { set: Partial<NewSession>; answer: T },
  ): Promise<T> {
    return this.db.transaction(async (tx: Tx) => {
      const [row] = await tx
        .select()
        .from(dartsSessions)
        .where(eq(dartsSessions.id, id))
        .for('update');
      const change = fn(row);
      await tx.update(dartsSessions).set(change.set).where(eq(dartsSessions.id, id));
      return change.answer;
    });
  }

  /**
   * Removes an account's entry from a mode's leaderboard: every win of theirs in that mode.
   * Answers their username as stored and how many wins went, or undefined for nobody by that name.
   */
  async removeWins(
    mode: DartsMode,
    username: string,
  ): Promise<{ username: string; removed: number } | undefined> {
    const user = await this.userByName(username);
    if (!user) return undefined;
    const rows = await this.db
      .delete(dartsSessions)
      .where(
        and(
          eq(dartsSessions.mode, mode),
          eq(dartsSessions.userId, user.id),
          eq(dartsSessions.isWinner, true),
        ),
      )
      .returning({ id: dartsSessions.id });
    return { username: user.username, removed: rows.length };
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
      set?: Partial<Pick<DartsMatchRow, 'status' | 'game' | 'seed' | 'readyAt'>>;
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

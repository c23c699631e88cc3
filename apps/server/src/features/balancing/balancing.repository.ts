import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database.ts';
import { playerSlots } from '../../db/schema.ts';

/** Unique violations: two callers raced for the same slot number. */
const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: unknown } | undefined)?.code === '23505' ||
  (error as { cause?: { code?: unknown } } | undefined)?.cause?.code === '23505';

/** The only place with SQL for stream slots. */
export class BalancingRepository {
  constructor(private readonly db: AppDb) {}

  /** Frees every slot whose time ran out. */
  async sweep(now: Date): Promise<void> {
    await this.db.delete(playerSlots).where(lt(playerSlots.expiresAt, now));
  }

  /**
   * Takes the lowest free slot number in 1..total for `subject`, or returns undefined when all
   * are taken. Concurrent callers that pick the same number retry with the next free one.
   */
  async take(
    subject: string,
    total: number,
    expiresAt: Date,
  ): Promise<{ uniqueId: string; playerId: number } | undefined> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const free: unknown = await this.db.execute(sql`
        select n from generate_series(1, ${total}::int) as n
        where not exists (select 1 from ${playerSlots} where ${playerSlots.playerId} = n)
        order by n limit 1`);
      const n = (free as { rows: Array<{ n: number }> }).rows[0]?.n;
      if (n === undefined) return undefined;
      try {
        const [row] = await this.db
          .insert(playerSlots)
          .values({ playerId: Number(n), subject, expiresAt })
          .returning({ uniqueId: playerSlots.uniqueId, playerId: playerSlots.playerId });
        return row;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    return undefined;
  }

  /** Extends a slot the subject holds; undefined if it is not theirs or no longer held. */
  async renew(
    uniqueId: string,
    subject: string,
    expiresAt: Date,
  ): Promise<{ uniqueId: string; playerId: number } | undefined> {
    const [row] = await this.db
      .update(playerSlots)
      .set({ expiresAt })
      .where(and(eq(playerSlots.uniqueId, uniqueId), eq(playerSlots.subject, subject)))
      .returning({ uniqueId: playerSlots.uniqueId, playerId: playerSlots.playerId });
    return row;
  }

  async release(uniqueId: string): Promise<void> {
    await this.db.delete(playerSlots).where(eq(playerSlots.uniqueId, uniqueId));
  }

  async countHeld(now: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(playerSlots)
      .where(sql`${playerSlots.expiresAt} >= ${now}`);
    return row?.n ?? 0;
  }
}

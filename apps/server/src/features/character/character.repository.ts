import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database.ts';
import { characterLooks } from '../../db/schema.ts';

/** The only place with SQL for saved character looks. */
export class CharacterRepository {
  constructor(private readonly db: AppDb) {}

  /** The account's saved look code, if it ever saved one. */
  async code(userId: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ code: characterLooks.code })
      .from(characterLooks)
      .where(eq(characterLooks.userId, userId));
    return row?.code;
  }

  async save(userId: string, code: number): Promise<void> {
    await this.db
      .insert(characterLooks)
      .values({ userId, code })
      .onConflictDoUpdate({
        target: characterLooks.userId,
        set: { code, updatedAt: sql`now()` },
      });
  }
}

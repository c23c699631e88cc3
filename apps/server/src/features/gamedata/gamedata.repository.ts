import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database.ts';
import { gameData } from '../../db/schema.ts';

/** The only place with SQL for the mini games' stored values. */
export class GameDataRepository {
  constructor(private readonly db: AppDb) {}

  async get(userId: string, key: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ value: gameData.value })
      .from(gameData)
      .where(and(eq(gameData.userId, userId), eq(gameData.key, key)));
    return row?.value;
  }

  /**
   * Stores a value: an existing key is always overwritten; a new key only while the user holds
   * fewer than `maxKeys` (one statement, so no read-then-write gap for a single caller). Returns
   * false when the new key was refused.
   */
  async set(userId: string, key: string, value: string, maxKeys: number): Promise<boolean> {
    const result: unknown = await this.db.execute(sql`
      insert into ${gameData} (user_id, key, value)
      select ${userId}::uuid, ${key}::text, ${value}::text
      where exists (select 1 from ${gameData} where user_id = ${userId} and key = ${key})
         or (select count(*) from ${gameData} where user_id = ${userId}) < ${maxKeys}
      on conflict (user_id, key) do update set value = excluded.value, updated_at = now()
      returning 1 as ok`);
    return (result as { rows: unknown[] }).rows.length > 0;
  }
}

import { and, asc, eq, like } from 'drizzle-orm';
import type { AppDb } from '../db/database.ts';
import { settings } from '../db/schema.ts';

/** The only place with SQL for settings. */
export class SettingsRepository {
  constructor(private readonly db: AppDb) {}

  /** A public setting's value, or undefined when the key is unknown or private. */
  async findPublic(key: string): Promise<unknown> {
    const [row] = await this.db
      .select({ value: settings.value })
      .from(settings)
      .where(and(eq(settings.key, key), eq(settings.public, true)));
    return row?.value;
  }

  /** Every setting whose key starts with `prefix`, public or not. */
  async findByPrefix(prefix: string): Promise<{ key: string; value: unknown }[]> {
    return this.db
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(like(settings.key, `${prefix.replace(/[\\%_]/g, '\\$&')}%`));
  }

  /** Writes private settings, replacing the values of keys that exist. */
  async upsertPrivate(values: Record<string, unknown>): Promise<void> {
    const rows = Object.entries(values).map(([key, value]) => ({ key, value, public: false }));
    if (rows.length === 0) return;
    await this.db.transaction(async (tx) => {
      for (const row of rows) {
        await tx
          .insert(settings)
          .values(row)
          .onConflictDoUpdate({
            target: settings.key,
            set: { value: row.value, updatedAt: new Date() },
          });
      }
    });
  }

  /** Every public setting (issue 29's console). */
  async listPublic(): Promise<{ key: string; value: unknown }[]> {
    return this.db
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(eq(settings.public, true))
      .orderBy(asc(settings.key));
  }

  /**
   * Writes a public setting; false when the key belongs to a private setting (which stays
   * private and unchanged).
   */
  async upsertPublic(key: string, value: unknown): Promise<boolean> {
    const rows = await this.db
      .insert(settings)
      .values({ key, value, public: true })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value, updatedAt: new Date() },
        setWhere: eq(settings.public, true),
      })
      .returning({ key: settings.key });
    return rows.length > 0;
  }

  /** Removes a public setting; false when there was none. */
  async deletePublic(key: string): Promise<boolean> {
    const rows = await this.db
      .delete(settings)
      .where(and(eq(settings.key, key), eq(settings.public, true)))
      .returning({ key: settings.key });
    return rows.length > 0;
  }
}

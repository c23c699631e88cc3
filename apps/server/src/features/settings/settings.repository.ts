import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/database.ts';
import { settings } from '../../db/schema.ts';

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
}

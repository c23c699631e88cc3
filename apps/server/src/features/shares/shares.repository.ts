import { asc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/database.ts';
import { shares, type ShareRow } from '../../db/schema.ts';

export type ShareValues = Omit<typeof shares.$inferInsert, 'createdAt' | 'updatedAt'>;

/** The only place with SQL for shares. */
export class SharesRepository {
  constructor(private readonly db: AppDb) {}

  async find(id: string): Promise<ShareRow | undefined> {
    const [row] = await this.db.select().from(shares).where(eq(shares.id, id));
    return row;
  }

  list(): Promise<ShareRow[]> {
    return this.db.select().from(shares).orderBy(asc(shares.id));
  }

  /** Inserts a share; undefined when the id is taken. */
  async insert(values: ShareValues): Promise<ShareRow | undefined> {
    const [row] = await this.db.insert(shares).values(values).onConflictDoNothing().returning();
    return row;
  }

  async update(id: string, values: Partial<ShareValues>): Promise<ShareRow | undefined> {
    const [row] = await this.db
      .update(shares)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(shares.id, id))
      .returning();
    return row;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db.delete(shares).where(eq(shares.id, id)).returning();
    return rows.length > 0;
  }
}

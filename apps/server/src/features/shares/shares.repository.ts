import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/database.ts';
import { shares, type ShareRow } from '../../db/schema.ts';

/** The only place with SQL for shares. */
export class SharesRepository {
  constructor(private readonly db: AppDb) {}

  async find(id: string): Promise<ShareRow | undefined> {
    const [row] = await this.db.select().from(shares).where(eq(shares.id, id));
    return row;
  }
}

import { asc, count, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/database.ts';
import { posters } from '../../db/schema.ts';
import type { PosterRow } from '../../db/schema.ts';

export type PosterValues = Omit<PosterRow, 'id' | 'createdAt' | 'updatedAt'>;

/** The only place with SQL for posters. */
export class PostersRepository {
  constructor(private readonly db: AppDb) {}

  async list(world: string): Promise<PosterRow[]> {
    return this.db
      .select()
      .from(posters)
      .where(eq(posters.world, world))
      .orderBy(asc(posters.slot), asc(posters.id));
  }

  async find(id: number): Promise<PosterRow | undefined> {
    const [row] = await this.db.select().from(posters).where(eq(posters.id, id));
    return row;
  }

  async insert(values: PosterValues): Promise<PosterRow> {
    const [row] = await this.db.insert(posters).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async update(id: number, values: Partial<PosterValues>): Promise<PosterRow | undefined> {
    const [row] = await this.db
      .update(posters)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(posters.id, id))
      .returning();
    return row;
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(posters)
      .where(eq(posters.id, id))
      .returning({ id: posters.id });
    return rows.length === 1;
  }

  /** How many posters show this image (an uploaded file is removed when none does). */
  async countUsing(image: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(posters)
      .where(eq(posters.image, image));
    return row?.n ?? 0;
  }
}

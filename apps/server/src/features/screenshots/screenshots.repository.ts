import { desc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/database.ts';
import { screenshots, users } from '../../db/schema.ts';
import type { ScreenshotRow } from '../../db/schema.ts';

export type NewScreenshot = Pick<
  ScreenshotRow,
  | 'userId'
  | 'screenshotTitle'
  | 'placeId'
  | 'description'
  | 'image'
  | 'imageThumb'
  | 'width'
  | 'height'
  | 'bytes'
>;

/** The only place with SQL for screenshots. */
export class ScreenshotsRepository {
  constructor(private readonly db: AppDb) {}

  async userExists(userId: string): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    return row !== undefined;
  }

  async insert(values: NewScreenshot): Promise<ScreenshotRow> {
    const [row] = await this.db.insert(screenshots).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  /** A user's screenshots, newest first. */
  async listByUser(userId: string): Promise<ScreenshotRow[]> {
    return this.db
      .select()
      .from(screenshots)
      .where(eq(screenshots.userId, userId))
      .orderBy(desc(screenshots.createdAt), desc(screenshots.id));
  }
}

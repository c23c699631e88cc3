import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppDb } from '../../db/database.ts';
import { screenshots, shareLinks, users } from '../../db/schema.ts';
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
> &
  Partial<Pick<ScreenshotRow, 'createdAt'>>;

/** What an update may change; the picture fields come together or not at all. */
export type ScreenshotChanges = Partial<
  Pick<
    ScreenshotRow,
    'screenshotTitle' | 'image' | 'imageThumb' | 'width' | 'height' | 'bytes' | 'modifiedDate'
  >
> & { updatedAt: Date };

export interface Paging {
  limit?: number | undefined;
  offset?: number | undefined;
}

/** The only place with SQL for screenshots. Every lookup by id also names the owner. */
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

  /** A user's screenshots, newest first (served by `screenshots_user_created_idx`). */
  async listByUser(userId: string, paging: Paging = {}): Promise<ScreenshotRow[]> {
    const query = this.db
      .select()
      .from(screenshots)
      .where(eq(screenshots.userId, userId))
      .orderBy(desc(screenshots.createdAt), desc(screenshots.id))
      .$dynamic();
    if (paging.limit !== undefined) query.limit(paging.limit);
    if (paging.offset !== undefined) query.offset(paging.offset);
    return query;
  }

  async findOwned(id: string, userId: string): Promise<ScreenshotRow | undefined> {
    const [row] = await this.db
      .select()
      .from(screenshots)
      .where(and(eq(screenshots.id, id), eq(screenshots.userId, userId)));
    return row;
  }

  async updateOwned(
    id: string,
    userId: string,
    changes: ScreenshotChanges,
  ): Promise<ScreenshotRow | undefined> {
    const [row] = await this.db
      .update(screenshots)
      .set(changes)
      .where(and(eq(screenshots.id, id), eq(screenshots.userId, userId)))
      .returning();
    return row;
  }

  /** Deletes the row (its share links go with it) and returns it, if the user owned it. */
  async deleteOwned(id: string, userId: string): Promise<ScreenshotRow | undefined> {
    const [row] = await this.db
      .delete(screenshots)
      .where(and(eq(screenshots.id, id), eq(screenshots.userId, userId)))
      .returning();
    return row;
  }

  /** The live share token of a screenshot, creating `token` when there is none. */
  async ensureShareLink(screenshotId: string, token: string): Promise<string> {
    // The partial unique index keeps one live link per screenshot, even under concurrent calls.
    await this.db.insert(shareLinks).values({ token, screenshotId }).onConflictDoNothing();
    const [row] = await this.db
      .select({ token: shareLinks.token })
      .from(shareLinks)
      .where(and(eq(shareLinks.screenshotId, screenshotId), isNull(shareLinks.revokedAt)));
    if (!row) throw new Error('share link vanished');
    return row.token;
  }

  /** Revokes the live link of a screenshot; true when there was one. */
  async revokeShareLinks(screenshotId: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(shareLinks)
      .set({ revokedAt: at })
      .where(and(eq(shareLinks.screenshotId, screenshotId), isNull(shareLinks.revokedAt)))
      .returning({ token: shareLinks.token });
    return rows.length > 0;
  }

  /** The screenshot behind a live share token. */
  async findShared(token: string): Promise<ScreenshotRow | undefined> {
    const [row] = await this.db
      .select({ screenshot: screenshots })
      .from(shareLinks)
      .innerJoin(screenshots, eq(screenshots.id, shareLinks.screenshotId))
      .where(and(eq(shareLinks.token, token), isNull(shareLinks.revokedAt)));
    return row?.screenshot;
  }
}

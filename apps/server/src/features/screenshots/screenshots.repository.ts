import { and, desc, eq, isNull, sql } from 'drizzle-orm';
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

  /**
   * What changes whenever a user's album does: the row count, the newest creation, and the sum
   * of every row's update time in milliseconds (any edit moves it, whatever the clocks say).
   */
  async albumStamp(userId: string): Promise<string> {
    const [row] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        created: sql<string | null>`max(${screenshots.createdAt})::text`,
        updated: sql<
          string | null
        >`sum((extract(epoch from ${screenshots.updatedAt}) * 1000)::bigint)::text`,
      })
      .from(screenshots)
      .where(eq(screenshots.userId, userId));
    return `${row?.count ?? 0}|${row?.created ?? ''}|${row?.updated ?? ''}`;
  }

  /**
   * The album list's whole answer (`{ status, screenshots }`, SPEC §7), built by PostgreSQL as
   * one JSON text in the protocol's Screenshot shape, newest first. Decoding 1,000 rows field by
   * field, then validating and serialising them again, costs more than the query itself; the
   * album tests hold this shape equal to the one `get` answers. `fileRoute` is the file route's
   * path; its `:userId` and `:name` are filled in here (uuids and server-made names need no
   * escaping), and a name starting with `/` is kept as it is (SPEC §3).
   */
  async listAnswerByUser(userId: string, paging: Paging, fileRoute: string): Promise<string> {
    const iso = (column: string) =>
      sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
    const file = (column: string) =>
      sql`case when ${sql.raw(column)} like '/%' then ${sql.raw(column)}
        else replace(replace(${fileRoute}, ':userId', s.user_id::text), ':name', ${sql.raw(column)})
      end`;
    const result: unknown = await this.db.execute(sql`
      select json_build_object('status', true, 'screenshots', coalesce(json_agg(json_build_object(
        '_id', s.id, 'user_id', s.user_id, 'screenshot_title', s.screenshot_title,
        'place_id', s.place_id, 'description', s.description,
        'image', ${file('s.image')}, 'image_thumb', ${file('s.image_thumb')},
        'width', s.width, 'height', s.height,
        'createdAt', ${iso('s.created_at')}, 'updatedAt', ${iso('s.updated_at')},
        'modifiedDate', ${iso('s.modified_date')}
      ) order by s.created_at desc, s.id desc), '[]'))::text as answer
      from (
        select * from ${screenshots}
        where ${screenshots.userId} = ${userId}
        order by ${screenshots.createdAt} desc, ${screenshots.id} desc
        limit ${paging.limit ?? null} offset ${paging.offset ?? 0}
      ) s`);
    const answer = (result as { rows: Array<{ answer: string }> }).rows[0]?.answer;
    if (answer === undefined) throw new Error('the album list query answered no row');
    return answer;
  }

  /** Whether the user has screenshots newer than their last look at the album. */
  async hasNewSinceSeen(userId: string): Promise<boolean> {
    const result: unknown = await this.db.execute(sql`
      select exists (
        select 1 from screenshots s
        where s.user_id = ${userId}
          and s.created_at > coalesce(
            (select u.album_seen_at from users u where u.id = ${userId}),
            '-infinity'::timestamptz)
      ) as news`);
    return (result as { rows: Array<{ news: boolean }> }).rows[0]?.news === true;
  }

  /** Records the user's look at the album. */
  async markAlbumSeen(userId: string, at: Date): Promise<void> {
    await this.db.update(users).set({ albumSeenAt: at }).where(eq(users.id, userId));
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

  /** The live share token of a screenshot, if it has one. */
  async findShareLink(screenshotId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ token: shareLinks.token })
      .from(shareLinks)
      .where(and(eq(shareLinks.screenshotId, screenshotId), isNull(shareLinks.revokedAt)));
    return row?.token;
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

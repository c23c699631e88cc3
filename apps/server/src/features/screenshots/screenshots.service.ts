import { randomBytes, randomUUID } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { SHARE_TOKEN, ScreenshotLimits, ScreenshotsApi, ScreenshotText } from '@atrium/protocol';
import type { ScreenshotRow } from '../../db/schema.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { forbidden, notFound, tooManyRequests, unauthorized } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { MINUTE } from '../../lib/time.ts';
import { AlbumListCache } from './album-list-cache.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { decodeImageData, normalizeImage } from './screenshot-image.ts';
import type { Paging, ScreenshotChanges, ScreenshotsRepository } from './screenshots.repository.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Where a user's screenshot file lives in the file store. */
export const screenshotFileKey = (userId: string, name: string) => ['screenshots', userId, name];

/** The rate-limiter key that counts a user's saves. */
export const saveLimitKey = (userId: string) => `screenshot-save:${userId}`;

/** `campus:plaza` → `Campus plaza`. */
export function placeLabel(placeId: string): string {
  const words = placeId
    .split(/[:_\-\s]+/)
    .filter(Boolean)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The default title, e.g. `Campus plaza — 22 Nov 2026, 14:05` (server time, UTC). */
export function defaultTitle(placeId: string, at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
  const time = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
  return `${placeLabel(placeId)} — ${date}, ${time}`;
}

export interface ScreenshotsServiceDeps {
  repo: ScreenshotsRepository;
  files: FileStore;
  limiter: RateLimiter;
  /** The same verification the bearer guard uses, for a token sent in the body. */
  verifyToken: (token: string) => Promise<AuthClaims | undefined>;
  now?: () => Date;
}

export interface SaveInput {
  place_id: string;
  image: string;
  token?: string | undefined;
  username?: string | undefined;
}

export interface UpdateInput {
  screenshot_id: string;
  screenshot_title: string;
  image?: string | undefined;
}

/** The album's caller: an account. No token is 401, a guest 403 (SPEC §6). */
export function requireAlbumUser(claims: AuthClaims | null): AuthClaims {
  if (!claims) throw unauthorized(ScreenshotText.loginRequired);
  if (claims.role === 'guest') throw forbidden(ScreenshotText.guestsHaveNoAlbum);
  return claims;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const screenshotNotFound = () => notFound(ScreenshotText.notFound);

/** A screenshot file opened for its owner. */
export interface ScreenshotFile {
  type: 'image/png' | 'image/webp';
  size: number;
  stream: ReadStream;
}

/** Album rules: who may save and read screenshots, and how a save is stored. */
export class ScreenshotsService {
  /** Large album lists, reused while the album is unchanged (see AlbumListCache). */
  private readonly listCache = new AlbumListCache();

  constructor(private readonly deps: ScreenshotsServiceDeps) {}

  /**
   * The saver: the bearer header, else the body's `token` (SPEC §7 sends it in the body).
   * `username` is never trusted; when given it must name the token's user.
   */
  async authenticate(bearer: AuthClaims | null, input: SaveInput): Promise<AuthClaims> {
    const token = input.token?.replace(/^Bearer\s+/i, '').trim();
    const claims = bearer ?? (token ? await this.deps.verifyToken(token) : undefined);
    if (!claims) throw unauthorized(ScreenshotText.loginRequired);
    if (claims.role === 'guest') throw forbidden(ScreenshotText.guestsHaveNoAlbum);
    const username = input.username?.trim();
    if (username && username.toLowerCase() !== claims.username.toLowerCase()) {
      throw forbidden(ScreenshotText.usernameMismatch);
    }
    return claims;
  }

  /** Checks, re-encodes and stores a screenshot; on any failure nothing stays behind. */
  async save(claims: AuthClaims, input: SaveInput): Promise<ScreenshotRow> {
    const { repo, files, limiter } = this.deps;
    const hit = await limiter.hit(
      saveLimitKey(claims.sub),
      MINUTE,
      ScreenshotLimits.savesPerMinute,
    );
    if (!hit.allowed) {
      throw tooManyRequests(ScreenshotText.tooManySaves, hit.retryAfterMs);
    }
    // A valid token can outlive its account; the row's foreign key would fail later.
    if (!(await repo.userExists(claims.sub))) throw unauthorized(ScreenshotText.loginRequired);

    const picture = await normalizeImage(decodeImageData(input.image));
    const base = randomUUID();
    const image = `${base}.png`;
    const imageThumb = `${base}_thumb.webp`;
    const imageKey = screenshotFileKey(claims.sub, image);
    const thumbKey = screenshotFileKey(claims.sub, imageThumb);
    try {
      await files.write(imageKey, picture.png);
      await files.write(thumbKey, picture.thumb);
      return await repo.insert({
        userId: claims.sub,
        screenshotTitle: defaultTitle(input.place_id, this.deps.now?.() ?? new Date()),
        placeId: input.place_id,
        description: '',
        image,
        imageThumb,
        width: picture.width,
        height: picture.height,
        bytes: picture.png.length,
      });
    } catch (err: unknown) {
      await Promise.allSettled([files.delete(imageKey), files.delete(thumbKey)]);
      throw err;
    }
  }

  /** The album's caller: an account. No token is 401, a guest 403 (SPEC §6). */
  requireAlbumUser(claims: AuthClaims | null): AuthClaims {
    return requireAlbumUser(claims);
  }

  /** The caller's album list as the JSON text of its answer (SPEC §7 `/api/screenshot/list`). */
  async listAnswer(claims: AuthClaims, paging: Paging = {}): Promise<string> {
    const { repo } = this.deps;
    const key = `${claims.sub}|${paging.limit ?? ''}|${paging.offset ?? ''}`;
    const stamp = await repo.albumStamp(claims.sub);
    return this.listCache.get(key, stamp, () =>
      repo.listAnswerByUser(claims.sub, paging, ScreenshotsApi.file.path),
    );
  }

  /** SPEC §2: whether "My Album" shows its dot (photos newer than the last look). */
  hasNews(claims: AuthClaims): Promise<boolean> {
    return this.deps.repo.hasNewSinceSeen(claims.sub);
  }

  /** The caller opened the album: the dot goes out until the next new photo. */
  markSeen(claims: AuthClaims): Promise<void> {
    return this.deps.repo.markAlbumSeen(claims.sub, this.now());
  }

  /** The caller's screenshot; unknown, malformed and other users' ids all answer 404. */
  async get(claims: AuthClaims, id: string): Promise<ScreenshotRow> {
    if (!UUID.test(id)) throw screenshotNotFound();
    const row = await this.deps.repo.findOwned(id.toLowerCase(), claims.sub);
    if (!row) throw screenshotNotFound();
    return row;
  }

  /**
   * Changes the title and, when an image comes, the picture: new files are written under a new
   * name, the row is switched to them, and only then are the old files removed. On any failure
   * the row and the old files stay as they were.
   */
  async update(claims: AuthClaims, input: UpdateInput): Promise<ScreenshotRow> {
    const { repo, files, limiter } = this.deps;
    const old = await this.get(claims, input.screenshot_id);
    const now = this.now();
    const changes: ScreenshotChanges = { screenshotTitle: input.screenshot_title, updatedAt: now };
    if (input.image === undefined) {
      const row = await repo.updateOwned(old.id, claims.sub, changes);
      if (!row) throw screenshotNotFound();
      return row;
    }

    const hit = await limiter.hit(
      saveLimitKey(claims.sub),
      MINUTE,
      ScreenshotLimits.savesPerMinute,
    );
    if (!hit.allowed) {
      throw tooManyRequests(ScreenshotText.tooManySaves, hit.retryAfterMs);
    }
    const picture = await normalizeImage(decodeImageData(input.image));
    const base = randomUUID();
    const image = `${base}.png`;
    const imageThumb = `${base}_thumb.webp`;
    const imageKey = screenshotFileKey(claims.sub, image);
    const thumbKey = screenshotFileKey(claims.sub, imageThumb);
    let row: ScreenshotRow | undefined;
    try {
      await files.write(imageKey, picture.png);
      await files.write(thumbKey, picture.thumb);
      row = await repo.updateOwned(old.id, claims.sub, {
        ...changes,
        image,
        imageThumb,
        width: picture.width,
        height: picture.height,
        bytes: picture.png.length,
        modifiedDate: now,
      });
    } catch (err: unknown) {
      await Promise.allSettled([files.delete(imageKey), files.delete(thumbKey)]);
      throw err;
    }
    if (!row) {
      // Deleted meanwhile: the new files have no row to belong to.
      await Promise.allSettled([files.delete(imageKey), files.delete(thumbKey)]);
      throw screenshotNotFound();
    }
    await this.deleteFiles(old);
    return row;
  }

  /** Deletes the row, then its files; a file left behind is an orphan, never a broken row. */
  async remove(claims: AuthClaims, id: string): Promise<void> {
    if (!UUID.test(id)) throw screenshotNotFound();
    const row = await this.deps.repo.deleteOwned(id.toLowerCase(), claims.sub);
    if (!row) throw screenshotNotFound();
    await this.deleteFiles(row);
  }

  /** The screenshot's live share token, made on first use. */
  async share(claims: AuthClaims, id: string): Promise<string> {
    const row = await this.get(claims, id);
    return this.deps.repo.ensureShareLink(row.id, randomBytes(32).toString('base64url'));
  }

  /** The screenshot's live share token, if any; never makes one. */
  async shareLink(claims: AuthClaims, id: string): Promise<string | undefined> {
    const row = await this.get(claims, id);
    return this.deps.repo.findShareLink(row.id);
  }

  /** Revokes the screenshot's share link; revoking twice is fine. */
  async unshare(claims: AuthClaims, id: string): Promise<void> {
    const row = await this.get(claims, id);
    await this.deps.repo.revokeShareLinks(row.id, this.now());
  }

  /** The screenshot behind a live share link, for anyone; 404 otherwise. */
  async findShared(token: string): Promise<ScreenshotRow> {
    const row = SHARE_TOKEN.test(token) ? await this.deps.repo.findShared(token) : undefined;
    if (!row) throw notFound(ScreenshotText.shareNotFound);
    return row;
  }

  /** The full picture of a live share link. */
  async openShared(token: string): Promise<ScreenshotFile> {
    const row = await this.findShared(token);
    const file = await this.deps.files.read(screenshotFileKey(row.userId, row.image));
    if (!file) throw notFound(ScreenshotText.shareNotFound);
    return { type: 'image/png', ...file };
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private async deleteFiles(row: ScreenshotRow): Promise<void> {
    // Paths starting with a slash (SPEC §3) are not in the file store.
    const names = [row.image, row.imageThumb].filter((n) => !n.startsWith('/'));
    await Promise.allSettled(
      names.map((n) => this.deps.files.delete(screenshotFileKey(row.userId, n))),
    );
  }

  /** A screenshot file for its owner; anyone else learns nothing (404). */
  async openFile(caller: AuthClaims | null, userId: string, name: string): Promise<ScreenshotFile> {
    if (!caller || caller.sub !== userId) throw notFound();
    const file = await this.deps.files.read(screenshotFileKey(userId, name));
    if (!file) throw notFound();
    return { type: name.endsWith('.webp') ? 'image/webp' : 'image/png', ...file };
  }
}

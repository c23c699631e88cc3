import { randomUUID } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { ScreenshotLimits, ScreenshotText } from '@atrium/protocol';
import type { ScreenshotRow } from '../../db/schema.ts';
import type { AuthClaims } from '../auth/tokens.ts';
import { forbidden, notFound, tooManyRequests, unauthorized } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { FileStore } from './file-store.ts';
import { decodeImageData, normalizeImage } from './screenshot-image.ts';
import type { ScreenshotsRepository } from './screenshots.repository.ts';

const MINUTE = 60_000;
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

/** A screenshot file opened for its owner. */
export interface ScreenshotFile {
  type: 'image/png' | 'image/webp';
  size: number;
  stream: ReadStream;
}

/** Album rules: who may save and read screenshots, and how a save is stored. */
export class ScreenshotsService {
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
    const hit = await limiter.hit(saveLimitKey(claims.sub), MINUTE);
    if (hit.count > ScreenshotLimits.savesPerMinute) {
      throw tooManyRequests(ScreenshotText.tooManySaves);
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

  /** A screenshot file for its owner; anyone else learns nothing (404). */
  async openFile(caller: AuthClaims | null, userId: string, name: string): Promise<ScreenshotFile> {
    if (!caller || caller.sub !== userId) throw notFound();
    const file = await this.deps.files.read(screenshotFileKey(userId, name));
    if (!file) throw notFound();
    return { type: name.endsWith('.webp') ? 'image/webp' : 'image/png', ...file };
  }
}

import { randomUUID } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { ScreenshotLimits, ScreenshotText } from '@atrium/protocol';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { forbidden, notFound, tooManyRequests, unauthorized } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { MINUTE } from '../../lib/time.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { decodeImageData, encodePng } from './screenshot-image.ts';
import type { ScreenshotsRepository } from './screenshots.repository.ts';

/** Where a user's uploaded picture lives in the file store: `userfiles/{userId}/{name}`. */
export const userFileKey = (userId: string, name: string) => ['userfiles', userId, name];

/** The rate-limiter key that counts a user's PNG uploads. */
export const uploadLimitKey = (userId: string) => `userfile-upload:${userId}`;

export interface UserFilesServiceDeps {
  repo: Pick<ScreenshotsRepository, 'userExists'>;
  files: FileStore;
  limiter: RateLimiter;
}

export interface UploadPngInput {
  userId: string;
  png_data: string;
}

/** An uploaded picture opened for its owner. */
export interface UserFile {
  type: 'image/png';
  size: number;
  stream: ReadStream;
}

/** The editor's picture uploads (`POST /apiuserfiles/upload-png`): owner-only, re-encoded PNGs. */
export class UserFilesService {
  constructor(private readonly deps: UserFilesServiceDeps) {}

  /**
   * Checks, re-encodes and stores the caller's picture under a random name, and returns the name.
   * `userId` is never trusted: it must be the caller's own id. The file is written atomically, so
   * a refusal or a failure leaves nothing behind.
   */
  async uploadPng(claims: AuthClaims, input: UploadPngInput): Promise<string> {
    const { repo, files, limiter } = this.deps;
    if (input.userId.toLowerCase() !== claims.sub) throw forbidden(ScreenshotText.userIdMismatch);
    const hit = await limiter.hit(
      uploadLimitKey(claims.sub),
      MINUTE,
      ScreenshotLimits.uploadsPerMinute,
    );
    if (!hit.allowed) {
      throw tooManyRequests(ScreenshotText.tooManyUploads, hit.retryAfterMs);
    }
    // A valid token can outlive its account; its files would have no owner.
    if (!(await repo.userExists(claims.sub))) throw unauthorized(ScreenshotText.loginRequired);

    const { png } = await encodePng(decodeImageData(input.png_data));
    const name = `${randomUUID()}.png`;
    await files.write(userFileKey(claims.sub, name), png);
    return name;
  }

  /** An uploaded picture for its owner; anyone else learns nothing (404). */
  async open(caller: AuthClaims | null, userId: string, name: string): Promise<UserFile> {
    if (!caller || caller.sub !== userId) throw notFound();
    const file = await this.deps.files.read(userFileKey(userId, name));
    if (!file) throw notFound();
    return { type: 'image/png', ...file };
  }
}

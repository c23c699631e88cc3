import { randomUUID } from 'node:crypto';
import { ErrorCode, TempUploadTypes, UploadLimits, UploadText } from '@atrium/protocol';
import sharp from 'sharp';
import { AppError, badRequest, tooManyRequests } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { MINUTE } from '../../lib/time.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAccountHolder } from '../../security/policy.ts';
import type { UploadStore } from './upload-store.ts';
import { readSingleFileZip } from './zip-reader.ts';

/** The rate-limiter key that counts a user's uploads of both kinds. */
export const uploadsLimitKey = (userId: string) => `uploads:${userId}`;

/** A file extension worth keeping from an archive name: short, letters and digits only. */
const SAFE_EXTENSION = /\.([a-z0-9]{1,8})$/;

export const tempTooLarge = () =>
  new AppError(413, ErrorCode.payloadTooLarge, UploadText.tempTooLarge);
export const zipTooLarge = () =>
  new AppError(413, ErrorCode.payloadTooLarge, UploadText.zipTooLarge);

/**
 * SPEC §7's temp image and zip uploads. The routes read the multipart body with a byte limit and
 * hand over the bytes; this checks them and stores them under names the server makes.
 */
export class UploadsService {
  constructor(private readonly deps: { store: UploadStore; limiter: RateLimiter }) {}

  /**
   * The uploader: signed in with an account (SPEC §6: guests cannot upload images), and within
   * the per-minute limit. Called before any of the body is read.
   */
  async admit(claims: AuthClaims | null | undefined): Promise<AuthClaims> {
    const account = requireAccountHolder(claims);
    const hit = await this.deps.limiter.hit(
      uploadsLimitKey(account.sub),
      MINUTE,
      UploadLimits.uploadsPerMinute,
    );
    if (!hit.allowed) throw tooManyRequests(UploadText.tooManyUploads, hit.retryAfterMs);
    return account;
  }

  /**
   * Stores a temp image and returns its name. The type comes from the bytes (libvips reads the
   * header through sharp, which the album already uses), never from the file name or the
   * client's content type; only PNG, JPEG, WebP and GIF pass.
   */
  async storeTemp(bytes: Buffer): Promise<string> {
    if (bytes.length === 0) throw badRequest(UploadText.fileRequired);
    if (bytes.length > UploadLimits.tempMaxBytes) throw tempTooLarge();
    const format = await sniffImage(bytes);
    const name = `${randomUUID()}.${TempUploadTypes[format]}`;
    await this.deps.store.write('temp', name, bytes);
    return name;
  }

  /** Checks a zip (see {@link readSingleFileZip}), stores its one file, and returns its path. */
  async storeZip(bytes: Buffer): Promise<string> {
    if (bytes.length === 0) throw badRequest(UploadText.fileRequired);
    if (bytes.length > UploadLimits.zipMaxBytes) throw zipTooLarge();
    const { archiveName, data } = await readSingleFileZip(bytes);
    // Only a short alphanumeric extension survives from the archive; the name itself never does.
    const extension = SAFE_EXTENSION.exec(archiveName.toLowerCase())?.[1];
    const name = extension ? `${randomUUID()}.${extension}` : randomUUID();
    return this.deps.store.write('zip', name, data);
  }
}

type ImageFormat = keyof typeof TempUploadTypes;

async function sniffImage(bytes: Buffer): Promise<ImageFormat> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(bytes, { limitInputPixels: 50_000_000 }).metadata());
  } catch {
    throw badRequest(UploadText.notAnImage);
  }
  if (format === undefined || !Object.hasOwn(TempUploadTypes, format)) {
    throw badRequest(UploadText.notAnImage);
  }
  return format as ImageFormat;
}

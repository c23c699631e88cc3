import { ErrorCode, ScreenshotLimits, ScreenshotText } from '@atrium/protocol';
import sharp from 'sharp';
import { AppError, badRequest } from '../../http/errors.ts';

/** The data-URL prefixes a client may put in front of the base64 text. */
const DATA_URL_PREFIX = /^data:image\/(?:png|jpeg|jpg|webp);base64,/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Body limit of the routes that take a picture as base64: room for the largest image (4/3 of the
 * bytes), URL-encoded in a form (`+`, `/` and `=` grow to three characters each), plus the other
 * fields. An image past the limit, decoded or as a body, is a 400 with the feature's text
 * (issue #6: an oversized upload gets a clear 400).
 */
export const IMAGE_BODY_LIMIT =
  Math.ceil(ScreenshotLimits.maxImageBytes * (4 / 3) * 1.25) + 64 * 1024;

const imageTooLarge = () =>
  new AppError(400, ErrorCode.payloadTooLarge, ScreenshotText.imageTooLarge);

/**
 * Error handler for the plugins whose routes take a picture: a body past IMAGE_BODY_LIMIT is a
 * 413 with the same clear text as a decoded image past the limit (issue 12, item 17); everything
 * else goes to the app's handler.
 */
export function imageUploadErrors(error: unknown): never {
  if ((error as { code?: unknown } | null)?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    throw new AppError(413, ErrorCode.payloadTooLarge, ScreenshotText.imageTooLarge);
  }
  throw error;
}

/**
 * Decodes an image sent as a data URL or bare base64. Strict: only the standard alphabet, with
 * padding, no whitespace; Node's own decoder would skip anything it does not understand.
 */
export function decodeImageData(input: string): Buffer {
  const body = input.replace(DATA_URL_PREFIX, '');
  // Any other data URL (SVG, HTML, text) is refused before decoding.
  if (body.startsWith('data:')) throw badRequest(ScreenshotText.invalidImage);
  if (body.length === 0) throw badRequest(ScreenshotText.imageRequired);
  if ((body.length / 4) * 3 - 2 > ScreenshotLimits.maxImageBytes) throw imageTooLarge();
  if (body.length % 4 !== 0 || !BASE64.test(body)) throw badRequest(ScreenshotText.invalidBase64);
  const bytes = Buffer.from(body, 'base64');
  if (bytes.length > ScreenshotLimits.maxImageBytes) throw imageTooLarge();
  return bytes;
}

export type ImageKind = 'png' | 'jpeg' | 'webp';

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

/** The picture format told by the file's first bytes, never by a name or a declared type. */
export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  return undefined;
}

/** A picture re-encoded as a clean PNG that fits the editor's 1920×1080. */
export interface EncodedPng {
  png: Buffer;
  width: number;
  height: number;
}

/** A picture ready to store: a clean PNG and a small WebP thumbnail. */
export interface NormalizedImage extends EncodedPng {
  thumb: Buffer;
}

/**
 * Re-encodes an upload as PNG, scaled to fit the editor's 1920×1080 (never enlarged), upright,
 * without metadata (sharp drops EXIF, XMP and ICC text unless asked to keep them). Anything
 * sharp cannot decode is a bad upload, not a server error.
 */
export async function encodePng(bytes: Buffer): Promise<EncodedPng> {
  if (!sniffImage(bytes)) throw badRequest(ScreenshotText.invalidImage);
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: ScreenshotLimits.maxInputPixels,
      failOn: 'error',
    })
      .autoOrient()
      .resize({
        width: ScreenshotLimits.maxWidth,
        height: ScreenshotLimits.maxHeight,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch (err: unknown) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw badRequest(ScreenshotText.imageTooManyPixels);
    }
    throw new AppError(400, ErrorCode.validation, ScreenshotText.invalidImage, { cause: err });
  }
}

/** The picture as {@link encodePng} makes it, plus a thumbnail for the album grid. */
export async function normalizeImage(bytes: Buffer): Promise<NormalizedImage> {
  const picture = await encodePng(bytes);
  const thumb = await sharp(picture.png)
    .resize({ width: ScreenshotLimits.thumbWidth, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  return { ...picture, thumb };
}

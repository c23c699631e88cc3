import { z } from 'zod';
import { okWith } from './envelope.ts';

/** Texts of the upload routes; the server, its tests and the web client import them from here. */
export const UploadText = {
  /** SPEC §5: a temp upload over the limit. */
  tempTooLarge: 'File cannot be larger than 2 MB',
  /** SPEC §5: a zip upload needs exactly one file. */
  zipNeedsOneFile: 'The zip file must contain exactly one file.',
  fileRequired: 'Choose a file to upload.',
  notMultipart: 'Send the file as multipart/form-data.',
  badMultipart: 'The upload is not a valid multipart form.',
  notAnImage: 'The file is not a PNG, JPEG, WebP or GIF image.',
  zipTooLarge: 'The zip file cannot be larger than 10 MB.',
  zipUnpackedTooLarge: 'The file inside the zip cannot be larger than 20 MB.',
  notAZip: 'The file is not a valid zip archive.',
  zipUnsafeName: 'The file inside the zip has an unsafe name.',
  /** The inflated file is bigger (or smaller) than the zip's header declared: a forged zip. */
  zipSizeMismatch: 'The zip file is damaged: its declared sizes are wrong.',
  zipEncrypted: 'Encrypted zip files are not supported.',
  tooManyUploads: 'Too many uploads in a short time. Please wait a minute and try again.',
} as const;

/** Limits of the upload routes (SPEC §5 and §9 for the temp upload). */
export const UploadLimits = {
  /** SPEC §5: at most 2,000,000 bytes. */
  tempMaxBytes: 2_000_000,
  /** The uploaded zip itself. */
  zipMaxBytes: 10 * 1024 * 1024,
  /** The file inside it once inflated, declared and actual. */
  zipMaxUnpackedBytes: 20 * 1024 * 1024,
  /** Entries in the archive's central directory (folders included), read before anything else. */
  zipMaxEntries: 16,
  /** Uploads of both kinds per user and minute. */
  uploadsPerMinute: 20,
} as const;

/** The multipart field names of SPEC §7. */
export const UploadField = { temp: 'upload_temp', zip: 'upload_zip' } as const;

/** Image types a temp upload may be, as sniffed from its bytes, with the stored extension. */
export const TempUploadTypes = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif' } as const;

/** Server-made names of stored uploads: a random uuid and a short extension. */
export const UPLOAD_FILE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,8})?$/;

/** SPEC §7 `POST /apipublicfiles/upload-temp`: multipart, one file in `upload_temp`. */
export const TempUploadRequestSchema = z.object({ upload_temp: z.unknown() });

/** `result: 'OK'` and the stored file's server-made name in `message` (SPEC §7). */
export const TempUploadResponseSchema = okWith({
  result: z.literal('OK'),
  message: z.string().regex(UPLOAD_FILE_NAME),
});
export type TempUploadResponse = z.infer<typeof TempUploadResponseSchema>;

/** SPEC §7 `POST upload.php`: multipart, one zip in `upload_zip`. */
export const ZipUploadRequestSchema = z.object({ upload_zip: z.unknown() });

/** `status` and the stored file's path (`zip/{name}`, server-made) (SPEC §7). */
export const ZipUploadResponseSchema = okWith({ path: z.string() });
export type ZipUploadResponse = z.infer<typeof ZipUploadResponseSchema>;

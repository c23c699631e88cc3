import { defineRoute } from '../http/route.ts';
import {
  TempUploadRequestSchema,
  TempUploadResponseSchema,
  ZipUploadRequestSchema,
  ZipUploadResponseSchema,
} from '../uploads.ts';

const tags = ['uploads'] as const;

/** SPEC §7's two file uploads; both need a signed-in account (guests upload no images, §6). */
export const UploadsApi = {
  temp: defineRoute({
    method: 'POST',
    path: '/apipublicfiles/upload-temp',
    body: TempUploadRequestSchema,
    encoding: 'multipart',
    response: TempUploadResponseSchema,
    tags,
    errors: [401, 403, 429],
    summary: 'Upload a temporary image (bearer; legacy `result` envelope)',
    description:
      'Multipart, the file in `upload_temp`: at most 2,000,000 bytes, a PNG, JPEG, WebP or GIF as ' +
      "sniffed from its bytes. Answers the stored file's server-made name in `message`. " +
      'Guests upload no images (SPEC §6).',
  }),
  zip: defineRoute({
    method: 'POST',
    path: '/upload.php',
    body: ZipUploadRequestSchema,
    encoding: 'multipart',
    response: ZipUploadResponseSchema,
    tags,
    errors: [401, 403, 429],
    summary: 'Upload a zip holding one file; the file is stored unpacked (bearer)',
    description:
      "Multipart, the zip in `upload_zip`, holding exactly one file. The archive's entry count and " +
      'unpacked size are checked before anything is stored; its names are never used as paths. ' +
      "Answers the stored file's path in `path`. Guests upload no files (SPEC §6).",
  }),
} as const;

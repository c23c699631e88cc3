import { defineRoute } from '../http/route.ts';
import {
  UploadPngRequestSchema,
  UploadPngResponseSchema,
  UserFileParamsSchema,
} from '../screenshots.ts';

const tags = ['screenshots'] as const;

/** The editor's picture upload (SPEC §7) and the owner-only route that serves the pictures. */
export const UserFilesApi = {
  uploadPng: defineRoute({
    method: 'POST',
    path: '/apiuserfiles/upload-png',
    body: UploadPngRequestSchema,
    response: UploadPngResponseSchema,
    tags,
    errors: [401, 403, 429],
    summary: "Upload the editor's flattened picture (bearer; legacy `result` envelope)",
    description:
      'JSON or a urlencoded form. `userId` must be the signed-in user; `png_data` is a PNG as bare ' +
      'base64 or a data URL. The picture is re-encoded as PNG, fitted into 1920×1080, and served ' +
      'to its owner only at `data.fileUrl`. Guests have no album.',
  }),
  /** Image bytes, for the owner's bearer only. */
  file: defineRoute({
    method: 'GET',
    path: '/api/userfiles/file/:userId/:name',
    params: UserFileParamsSchema,
    tags,
    errors: [404],
    summary: 'An uploaded picture, for its owner (bearer)',
  }),
} as const;

import { defineRoute } from '../http/route.ts';
import {
  UploadPngRequestSchema,
  UploadPngResponseSchema,
  UserFileParamsSchema,
} from '../screenshots.ts';

const tags = ['screenshots'] as const;

/** The editor's picture upload (SPEC §7) and the owner-only route that serves the pictures. */
export const UserFilesApi = {
  /**
   * JSON or a urlencoded form. `userId` must be the signed-in user; `png_data` is a PNG as bare
   * base64 or a data URL. The picture is re-encoded as PNG, fitted into 1920×1080, and served to
   * its owner only at `data.fileUrl` ({@link UserFilesApi.file}). Guests have no album.
   */
  uploadPng: defineRoute({
    method: 'POST',
    path: '/apiuserfiles/upload-png',
    body: UploadPngRequestSchema,
    response: UploadPngResponseSchema,
    tags,
    summary: "Upload the editor's flattened picture (bearer; legacy `result` envelope)",
  }),
  /** Image bytes, for the owner's bearer only. */
  file: defineRoute({
    method: 'GET',
    path: '/api/userfiles/file/:userId/:name',
    params: UserFileParamsSchema,
    tags,
    summary: 'An uploaded picture, for its owner (bearer)',
  }),
} as const;

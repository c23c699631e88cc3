import { defineRoute } from '../http/route.ts';
import {
  AlbumNewsResponseSchema,
  ListScreenshotsRequestSchema,
  ListScreenshotsResponseSchema,
  SaveScreenshotRequestSchema,
  SaveScreenshotResponseSchema,
  ScreenshotFileParamsSchema,
  ScreenshotIdRequestSchema,
  ScreenshotMessageResponseSchema,
  ScreenshotResponseSchema,
  ShareLinkResponseSchema,
  ShareScreenshotResponseSchema,
  ShareTokenParamsSchema,
  UpdateScreenshotRequestSchema,
} from '../screenshots.ts';

const tags = ['screenshots'] as const;

/**
 * The album (SPEC §7): the world's save endpoint, the owner's album calls, the owner-only file
 * route, and share links with their public photo and page.
 */
export const ScreenshotsApi = {
  save: defineRoute({
    method: 'POST',
    path: '/apiscreenshot/save-screenshot',
    body: SaveScreenshotRequestSchema,
    response: SaveScreenshotResponseSchema,
    tags,
    errors: [401, 403, 429],
    summary: 'Save a screenshot from the world into the album (legacy `result` envelope)',
    description:
      'JSON or a urlencoded form. `image` is a PNG as a data URL or bare base64; the access token ' +
      'comes as a bearer header or in the `token` field. Guests have no album.',
  }),
  /** Image bytes: the web app fetches it with the bearer header and shows it as a `blob:`. */
  file: defineRoute({
    method: 'GET',
    path: '/api/screenshot/file/:userId/:name',
    params: ScreenshotFileParamsSchema,
    tags,
    errors: [404],
    summary: 'A screenshot or thumbnail file, for its owner (bearer)',
  }),
  list: defineRoute({
    method: 'POST',
    path: '/api/screenshot/list',
    body: ListScreenshotsRequestSchema,
    response: ListScreenshotsResponseSchema,
    tags,
    errors: [401, 403],
    summary: "The caller's screenshots, newest first (bearer; optional limit and offset)",
  }),
  news: defineRoute({
    method: 'GET',
    path: '/api/screenshot/news',
    response: AlbumNewsResponseSchema,
    tags,
    errors: [401, 403],
    summary: 'Whether the album holds photos newer than the last look (the My Album dot)',
  }),
  seen: defineRoute({
    method: 'POST',
    path: '/api/screenshot/seen',
    response: ScreenshotMessageResponseSchema,
    tags,
    errors: [401, 403],
    summary: 'The caller opened the album: the My Album dot goes out',
  }),
  get: defineRoute({
    method: 'POST',
    path: '/api/screenshot/get',
    body: ScreenshotIdRequestSchema,
    response: ScreenshotResponseSchema,
    tags,
    errors: [401, 403, 404],
    summary: "One of the caller's screenshots; any other id is not found",
  }),
  update: defineRoute({
    method: 'POST',
    path: '/api/screenshot/update',
    body: UpdateScreenshotRequestSchema,
    response: ScreenshotResponseSchema,
    tags,
    errors: [401, 403, 404, 429],
    summary: "Change a screenshot's title and, with `image` (bare base64), its picture",
  }),
  remove: defineRoute({
    method: 'POST',
    path: '/api/screenshot/delete',
    body: ScreenshotIdRequestSchema,
    response: ScreenshotMessageResponseSchema,
    tags,
    errors: [401, 403, 404],
    summary: 'Delete a screenshot, its files and its share links',
  }),
  share: defineRoute({
    method: 'POST',
    path: '/api/screenshot/share',
    body: ScreenshotIdRequestSchema,
    response: ShareScreenshotResponseSchema,
    tags,
    errors: [401, 403, 404],
    summary: 'A public link to a screenshot (the live one, if there is one)',
  }),
  shareLink: defineRoute({
    method: 'GET',
    path: '/api/screenshot/share-link',
    query: ScreenshotIdRequestSchema,
    response: ShareLinkResponseSchema,
    tags,
    errors: [401, 403, 404],
    summary: "A screenshot's live public link, or null; never makes one",
  }),
  unshare: defineRoute({
    method: 'POST',
    path: '/api/screenshot/unshare',
    body: ScreenshotIdRequestSchema,
    response: ScreenshotMessageResponseSchema,
    tags,
    errors: [401, 403, 404],
    summary: "Revoke a screenshot's share link",
  }),
  /** Image bytes, no sign-in: what a share page and a social network's preview show. */
  publicPhoto: defineRoute({
    method: 'GET',
    path: '/api/public/photo/:token',
    params: ShareTokenParamsSchema,
    tags,
    errors: [404],
    summary: 'The picture of a live share link, for anyone',
  }),
  /** An HTML page; its absolute address (`{PUBLIC_URL}/p/{token}`) is the share link. */
  sharePage: defineRoute({
    method: 'GET',
    path: '/p/:token',
    params: ShareTokenParamsSchema,
    tags,
    errors: [404],
    summary: 'The share page of a link, with OpenGraph and Twitter card tags',
  }),
} as const;

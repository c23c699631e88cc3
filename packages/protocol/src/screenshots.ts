import { z } from 'zod';
import { okEnvelope, OkMessageSchema, okWith } from './envelope.ts';
import { lineText } from './text.ts';

/** Texts of the screenshots feature; tests and the web client import them from here. */
export const ScreenshotText = {
  /** SPEC §5: photo actions need a logged-in user. */
  loginRequired: 'Please login to invoke this feature!',
  /** SPEC §6: guests have no photo album. */
  guestsHaveNoAlbum: 'Guests have no photo album. Please register to save screenshots.',
  usernameMismatch: 'The username does not match the signed-in user.',
  placeRequired: 'Place is required.',
  placeTooLong: 'Place must be at most 200 characters.',
  placeInvalid: 'Place must not contain control characters.',
  imageRequired: 'The image is empty.',
  invalidBase64: 'The image is not valid base64 data.',
  invalidImage: 'The image is not a valid PNG.',
  imageTooLarge: 'The image is larger than 12 MB.',
  imageTooManyPixels: 'The image has too many pixels.',
  tooManySaves: 'Too many screenshots in a short time. Please wait a minute and try again.',
  saved: 'Screenshot saved to your album.',
  /** Unknown, malformed and other users' ids all get this, so a stranger learns nothing. */
  notFound: 'Screenshot not found.',
  idRequired: 'screenshot_id is required.',
  titleRequired: 'Title is required.',
  titleTooLong: 'Title must be at most 120 characters.',
  titleInvalid: 'Title must not contain control characters.',
  updated: 'Screenshot updated.',
  deleted: 'Screenshot deleted.',
  shared: 'Share link ready.',
  unshared: 'Share link revoked.',
  /** A revoked, deleted or made-up share link. */
  shareNotFound: 'This photo is not shared, or no longer exists.',
  albumSeen: 'Album marked as seen.',
  shareInvite: 'Taken in the Atrium campus, a 3D world you can walk together in your browser.',
  shareJoin: 'Join the campus',
  /** `POST /apiuserfiles/upload-png` with a `userId` that is not the signed-in user's. */
  userIdMismatch: 'You can only upload pictures to your own account.',
  userIdRequired: 'userId is required.',
  tooManyUploads: 'Too many uploads in a short time. Please wait a minute and try again.',
  uploaded: 'Picture uploaded.',
} as const;

/** Limits of the album uploads. */
export const ScreenshotLimits = {
  /** Largest decoded upload. */
  maxImageBytes: 12 * 1024 * 1024,
  /** Largest decoded picture, so a small file cannot expand into gigabytes of pixels. */
  maxInputPixels: 50_000_000,
  /** SPEC §9: the editor's largest image; saved pictures are scaled to fit inside it. */
  maxWidth: 1920,
  maxHeight: 1080,
  thumbWidth: 480,
  maxPlaceLength: 200,
  savesPerMinute: 10,
  /** Editor PNG uploads (`POST /apiuserfiles/upload-png`) per user and minute. */
  uploadsPerMinute: 10,
  maxTitleLength: 120,
  /** Largest page of `POST /api/screenshot/list` when `limit` is given. */
  maxListLimit: 1000,
} as const;

/** Share tokens: 32 random bytes as base64url, 43 characters. */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Server-made file names: a uuid, optionally `_thumb`, then `.png` or `.webp`. */
export const SCREENSHOT_FILE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(_thumb)?\.(png|webp)$/;

/**
 * SPEC §7 `POST /apiscreenshot/save-screenshot`: `place_id` is the world and spot
 * (`campus:plaza`); `image` is a PNG as a data URL or bare base64; `token` is the access token
 * when no bearer header is sent; `username`, when given, must be the token's user.
 */
export const SaveScreenshotRequestSchema = z.strictObject({
  place_id: lineText(undefined, ScreenshotText.placeInvalid)
    .trim()
    .min(1, ScreenshotText.placeRequired)
    .max(ScreenshotLimits.maxPlaceLength, ScreenshotText.placeTooLong),
  image: lineText().min(1, ScreenshotText.imageRequired),
  token: lineText().max(4096).optional(),
  username: lineText().trim().max(254).optional(),
});
export type SaveScreenshotRequest = z.input<typeof SaveScreenshotRequestSchema>;

/** SPEC §3 Screenshot, with image paths already expanded to their full address. */
export const ScreenshotSchema = z
  .object({
    _id: z.string(),
    user_id: z.string(),
    screenshot_title: z.string(),
    place_id: z.string(),
    description: z.string(),
    image: z.string(),
    image_thumb: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    modifiedDate: z.string(),
  })
  .meta({ id: 'Screenshot' });
export type Screenshot = z.infer<typeof ScreenshotSchema>;

/** The legacy `result` envelope of the save endpoint. */
export const SaveScreenshotResponseSchema = okWith({
  result: z.literal('OK'),
  message: z.string(),
  data: ScreenshotSchema,
});
export type SaveScreenshotResponse = z.infer<typeof SaveScreenshotResponseSchema>;

export const ScreenshotFileParamsSchema = z.strictObject({
  userId: z.uuid(),
  name: z.string().regex(SCREENSHOT_FILE_NAME),
});

/** Server-made names of uploaded pictures: a random uuid and `.png`. */
export const USER_FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.png$/;

/**
 * SPEC §7 `POST /apiuserfiles/upload-png`: the editor's flattened picture. `userId` must be the
 * signed-in user's id; `png_data` is a PNG as base64, with or without a `data:image/png;base64,`
 * prefix.
 */
export const UploadPngRequestSchema = z.strictObject({
  userId: lineText(ScreenshotText.userIdRequired)
    .trim()
    .min(1, ScreenshotText.userIdRequired)
    .max(200),
  png_data: lineText(ScreenshotText.imageRequired).min(1, ScreenshotText.imageRequired),
});
export type UploadPngRequest = z.input<typeof UploadPngRequestSchema>;

/** The legacy `result` envelope with the uploaded picture's owner-only address. */
export const UploadPngResponseSchema = okWith({
  result: z.literal('OK'),
  message: z.string(),
  data: z.object({ fileUrl: z.string() }),
});
export type UploadPngResponse = z.infer<typeof UploadPngResponseSchema>;

export const UserFileParamsSchema = z.strictObject({
  userId: z.uuid(),
  name: z.string().regex(USER_FILE_NAME),
});

/** `{screenshot_id}`; an id that is not a uuid is answered as not found, never as a bad request. */
export const ScreenshotIdRequestSchema = z.strictObject({
  screenshot_id: lineText(ScreenshotText.idRequired).max(200, ScreenshotText.notFound),
});
export type ScreenshotIdRequest = z.input<typeof ScreenshotIdRequestSchema>;

/** SPEC §7 `POST /api/screenshot/list`: the body is optional; paging fields are an extension. */
export const ListScreenshotsRequestSchema = z
  .strictObject({
    limit: z.number().int().min(1).max(ScreenshotLimits.maxListLimit).optional(),
    offset: z.number().int().min(0).optional(),
  })
  .nullish();
export type ListScreenshotsRequest = z.input<typeof ListScreenshotsRequestSchema>;

export const ListScreenshotsResponseSchema = okWith({
  screenshots: z.array(ScreenshotSchema),
});
export type ListScreenshotsResponse = z.infer<typeof ListScreenshotsResponseSchema>;

export const ScreenshotResponseSchema = okEnvelope(ScreenshotSchema).extend({
  message: z.string().optional(),
});
export type ScreenshotResponse = z.infer<typeof ScreenshotResponseSchema>;

/**
 * SPEC §7 `POST /api/screenshot/update`: `image` is base64 without the data prefix (a PNG data
 * URL is accepted too); without `image` only the title changes.
 */
export const UpdateScreenshotRequestSchema = z.strictObject({
  screenshot_id: ScreenshotIdRequestSchema.shape.screenshot_id,
  screenshot_title: lineText(ScreenshotText.titleRequired, ScreenshotText.titleInvalid)
    .trim()
    .min(1, ScreenshotText.titleRequired)
    .max(ScreenshotLimits.maxTitleLength, ScreenshotText.titleTooLong),
  image: lineText().optional(),
});
export type UpdateScreenshotRequest = z.input<typeof UpdateScreenshotRequestSchema>;

/**
 * `GET /api/screenshot/news`: whether the album holds photos newer than the caller's last look
 * (`POST /api/screenshot/seen`), for "My Album"'s dot (SPEC §2).
 */
export const AlbumNewsResponseSchema = okEnvelope(z.object({ has_new: z.boolean() }));
export type AlbumNewsResponse = z.infer<typeof AlbumNewsResponseSchema>;

/** Seen, delete and unshare answers. */
export const ScreenshotMessageResponseSchema = OkMessageSchema;
export type ScreenshotMessageResponse = z.infer<typeof ScreenshotMessageResponseSchema>;

export const ShareScreenshotResponseSchema = okEnvelope(
  z.object({ token: z.string(), url: z.string() }),
).extend({ message: z.string() });
export type ShareScreenshotResponse = z.infer<typeof ShareScreenshotResponseSchema>;

/**
 * `GET /api/screenshot/share-link?screenshot_id=`: the photo's live share link, or null. It never
 * makes one: a public link of a (student's) photo is made only when its owner asks to share it.
 */
export const ShareLinkResponseSchema = okEnvelope(
  ShareScreenshotResponseSchema.shape.data.nullable(),
);
export type ShareLinkResponse = z.infer<typeof ShareLinkResponseSchema>;

/**
 * Any text: a token that is not well formed (control characters included) is answered as not
 * found, before the database sees it, so the public page stays a page.
 */
export const ShareTokenParamsSchema = z.strictObject({ token: z.string() });

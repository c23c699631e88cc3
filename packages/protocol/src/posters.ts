import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, isLineText, lineText, multilineText } from './text.ts';

export const PosterText = {
  /** SPEC §8: the poster popup's failure text. */
  unableToLoadDetail: 'Unable to load detail.',
  onlyAdmins: 'Only admins can manage posters.',
  notFound: 'Poster not found.',
  /** Issue 29: the Content section's image upload. */
  imageTooLarge: 'The image can be at most 10 MB.',
  imageTooManyPixels: 'The image is too large: at most 50 megapixels.',
  imageNotFound: 'Image not found.',
} as const;

/** Issue 29: a poster image an admin uploads; the server stores it as WebP. */
export const PosterImageLimits = {
  /** The upload's size, before the server shrinks it. */
  maxBytes: 10_000_000,
  /** The stored picture fits inside this square; a smaller one keeps its size. */
  maxSide: 2048,
  /** The multipart field that holds the file. */
  field: 'image',
} as const;

/** An uploaded poster image's file name: a server-made uuid. */
export const POSTER_IMAGE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

export const PosterImageParamsSchema = z.strictObject({
  name: z.string().regex(POSTER_IMAGE_NAME, 'Unknown image.'),
});

/** The answer to an upload: the path to put in the poster's `image`, and the stored size. */
export const PosterImageSchema = z
  .object({
    image: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    bytes: z.number().int(),
  })
  .meta({ id: 'PosterImage' });
export type PosterImage = z.infer<typeof PosterImageSchema>;

/** SPEC §5: BUY NFT shows only when the token id and the price are non-empty and contain digits. */
export function hasNftOffer(
  tokenId: string | null | undefined,
  price: string | null | undefined,
): boolean {
  const ok = (v: string | null | undefined) =>
    typeof v === 'string' && v.trim() !== '' && /\d/.test(v);
  return ok(tokenId) && ok(price);
}

const httpUrl = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .refine(isLineText, CONTROL_CHARACTERS_MESSAGE);
/** An image: an absolute http(s) URL or a path on this server. */
const imageRef = z.union([
  httpUrl,
  z.string().regex(/^\/[\w\-./]{1,500}$/, 'image must be a URL or a /path.'),
]);

/** The poster fields, without defaults (an update changes only what it sends). */
const posterFields = {
  world: z.string().regex(/^[a-z0-9-]{1,32}$/),
  title: lineText().trim().min(1, 'Title is required.').max(120),
  image: imageRef,
  description: multilineText().trim().max(4000),
  print_url: httpUrl.nullable(),
  nft_token_id: lineText().trim().max(78).nullable(),
  nft_price: lineText().trim().max(40).nullable(),
  /** Where it hangs: a wall slot number in the gallery hall. */
  slot: z.number().int().min(0).max(99),
};

export const PosterInputSchema = z.strictObject({
  ...posterFields,
  world: posterFields.world.default('campus'),
  description: posterFields.description.default(''),
  print_url: posterFields.print_url.default(null),
  nft_token_id: posterFields.nft_token_id.default(null),
  nft_price: posterFields.nft_price.default(null),
  slot: posterFields.slot.default(0),
});
export type PosterInput = z.input<typeof PosterInputSchema>;

/** A change to a poster: only the fields sent, so a new title does not reset the rest. */
export const PosterUpdateSchema = z
  .strictObject(posterFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update.' });

export const PosterSchema = z
  .object({
    id: z.number().int(),
    world: z.string(),
    title: z.string(),
    image: z.string(),
    description: z.string(),
    print_url: z.string().nullable(),
    nft_token_id: z.string().nullable(),
    nft_price: z.string().nullable(),
    slot: z.number().int(),
  })
  .meta({ id: 'Poster' });
export type Poster = z.infer<typeof PosterSchema>;

export const PosterIdParamsSchema = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});
export const PosterListQuerySchema = z.strictObject({
  world: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/)
    .default('campus'),
});

/** SPEC §7 `GET /apiposterdetail/poster/{id}`: legacy `result` envelope; `url` is the print shop. */
export const PosterDetailResponseSchema = z.object({
  result: z.literal(true),
  data: z.object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    url: z.string().nullable(),
    image: z.string(),
    token_id: z.string().nullable(),
    token_price: z.string().nullable(),
    nft: z.boolean(),
  }),
});

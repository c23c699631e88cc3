import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { lineText } from './text.ts';
import { WorldLocationSchema } from './world.ts';

export const ShareText = {
  /** The embed frame reports this to its host for an unknown share id. */
  unknownShare: 'This world is not available. Check the share id.',
  notFound: 'Share not found.',
} as const;

/** A share id: the last segment of `/embed/{shareId}`. */
export const ShareIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'share id may contain letters, digits, dash and underscore.');

export const ShareIdParamsSchema = z.strictObject({ shareId: ShareIdSchema });

/** What the embed frame needs to know about its share. */
export const PublicShareSchema = z
  .object({
    id: z.string(),
    world: z.string(),
    title: z.string(),
    /** Host origins allowed to frame the share and send it commands (besides this server). */
    allowed_origins: z.array(z.string()),
    default_quality: z.number().int(),
    default_location: WorldLocationSchema.nullable(),
  })
  .meta({ id: 'PublicShare' });
export type PublicShare = z.infer<typeof PublicShareSchema>;

export const PublicShareResponseSchema = okEnvelope(PublicShareSchema).meta({
  id: 'PublicShareResponse',
});

export const ShareAdminText = {
  onlyAdmins: 'Only admins can manage shares.',
  exists: 'A share with this id already exists.',
  badOrigin: 'Each allowed origin must be an http(s) origin such as https://school.example.',
  badQuality: 'The default quality must be 0, 360, 720 or 1080.',
  unknownWorld: 'There is no world with this id.',
  nothingToUpdate: 'Nothing to update.',
  removed: 'Share removed.',
} as const;

/** An origin as a browser sends it: scheme, host and port, nothing else. */
const OriginSchema = lineText()
  .max(200)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
    } catch {
      return false;
    }
  }, ShareAdminText.badOrigin);

const worldId = z.string().regex(/^[a-z0-9-]{1,32}$/);
const title = lineText().trim().min(1, 'Title is required.').max(120);
const allowedOrigins = z.array(OriginSchema).max(50);
const quality = z
  .number()
  .refine((q) => [0, 360, 720, 1080].includes(q), ShareAdminText.badQuality);
const location = WorldLocationSchema.nullable();

export const ShareInputSchema = z.strictObject({
  id: ShareIdSchema,
  world: worldId.default('campus'),
  title,
  allowed_origins: allowedOrigins.default([]),
  default_quality: quality.default(1080),
  default_location: location.default(null),
});
export type ShareInput = z.input<typeof ShareInputSchema>;

/** A change to a share: only the fields sent (no defaults, so nothing else is reset). */
export const ShareUpdateSchema = z
  .strictObject({
    world: worldId.optional(),
    title: title.optional(),
    allowed_origins: allowedOrigins.optional(),
    default_quality: quality.optional(),
    default_location: location.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: ShareAdminText.nothingToUpdate });

export const ShareResponseSchema = okEnvelope(PublicShareSchema);
export const ShareListResponseSchema = okEnvelope(z.array(PublicShareSchema));

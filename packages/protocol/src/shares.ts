import { z } from 'zod';
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

export const PublicShareResponseSchema = z
  .object({ status: z.literal(true), data: PublicShareSchema })
  .meta({ id: 'PublicShareResponse' });

import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

export const BalancingText = {
  noFreeSlot: 'No free stream slot. Please try again shortly.',
  unknownSlot: 'Unknown player id.',
  /** SPEC §8: a start without a player id. */
  missingPlayerId: 'Unable to start. Please provide playerId.',
} as const;

/** SPEC §3 "Player id record". */
export const PlayerIdSchema = z
  .object({ uniqueId: z.uuid(), playerId: z.number().int().min(1) })
  .meta({ id: 'PlayerId' });
export type PlayerId = z.infer<typeof PlayerIdSchema>;

/** `POST /api/balancing/get-player-id`: a new slot, or the renewal of one the caller holds. */
export const GetPlayerIdRequestSchema = z.strictObject({ uniqueId: z.uuid().optional() }).nullish();

export const GetPlayerIdResponseSchema = okEnvelope(PlayerIdSchema).meta({
  id: 'GetPlayerIdResponse',
});

export const UniqueIdParamsSchema = z.strictObject({ uniqueId: z.uuid() });

/** Server availability for the Player SDK's `getServerAvailability` and `onStats`. */
export const ServerAvailabilitySchema = z
  .object({
    availableSlots: z.number().int().min(0),
    totalSlots: z.number().int().min(1),
    waitingTime: z.number().min(0),
  })
  .meta({ id: 'ServerAvailability' });

export const ServerAvailabilityResponseSchema = okEnvelope(ServerAvailabilitySchema);

/** Server metadata for the Player SDK's `getServerMetadata`. */
export const ServerMetadataSchema = z
  .object({ version: z.string(), region: z.string(), publicUrl: z.string() })
  .meta({ id: 'ServerMetadata' });

export const ServerMetadataResponseSchema = okEnvelope(ServerMetadataSchema);

import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

export const BalancingText = {
  noFreeSlot: 'No free stream slot. Please try again shortly.',
  unknownSlot: 'Unknown player id.',
  /** SPEC §8: a start without a player id. */
  missingPlayerId: 'Unable to start. Please provide playerId.',
  /** Issue 31: a render node with a wrong or missing secret. */
  unknownNode: 'Unknown render node.',
} as const;

/** SPEC §3 "Player id record". */
export const PlayerIdSchema = z
  .object({ uniqueId: z.uuid(), playerId: z.number().int().min(1) })
  .meta({ id: 'PlayerId' });
export type PlayerId = z.infer<typeof PlayerIdSchema>;

/**
 * `POST /api/balancing/get-player-id`: a new slot, or the renewal of one the caller holds.
 * `stream` (issue 31): the visitor wants the world streamed, so the slot also takes a place on a
 * render node with room, when one has.
 */
export const GetPlayerIdRequestSchema = z
  .strictObject({ uniqueId: z.uuid().optional(), stream: z.boolean().optional() })
  .nullish();

/** Issue 31: where a streamed session is drawn. */
export const StreamPlaceSchema = z
  .object({
    node: z.object({ id: z.string(), name: z.string(), region: z.string() }),
    /** 1..capacity on that node. */
    slot: z.number().int().min(1),
  })
  .meta({ id: 'StreamPlace' });
export type StreamPlace = z.infer<typeof StreamPlaceSchema>;

/**
 * The slot, and with `stream` asked for: its place on a render node, or null when no node has
 * room (or its node died): the page then draws the world itself.
 */
export const PlayerSlotSchema = PlayerIdSchema.extend({
  stream: StreamPlaceSchema.nullable().optional(),
}).meta({ id: 'PlayerSlot' });
export type PlayerSlot = z.infer<typeof PlayerSlotSchema>;

export const GetPlayerIdResponseSchema = okEnvelope(PlayerSlotSchema).meta({
  id: 'GetPlayerIdResponse',
});

export const UniqueIdParamsSchema = z.strictObject({ uniqueId: z.uuid() });

/** Server availability for the Player SDK's `getServerAvailability` and `onStats`. */
export const ServerAvailabilitySchema = z
  .object({
    availableSlots: z.number().int().min(0),
    totalSlots: z.number().int().min(1),
    waitingTime: z.number().min(0),
    /** Issue 31: each live render node's free streamed sessions. */
    nodes: z
      .array(
        z.object({
          name: z.string(),
          region: z.string(),
          availableSlots: z.number().int().min(0),
          totalSlots: z.number().int().min(0),
        }),
      )
      .optional(),
  })
  .meta({ id: 'ServerAvailability' });

export const ServerAvailabilityResponseSchema = okEnvelope(ServerAvailabilitySchema);

/** Server metadata for the Player SDK's `getServerMetadata`. */
export const ServerMetadataSchema = z
  .object({ version: z.string(), region: z.string(), publicUrl: z.string() })
  .meta({ id: 'ServerMetadata' });

export const ServerMetadataResponseSchema = okEnvelope(ServerMetadataSchema);

/** Issue 31: what a render node says every few seconds (`POST /api/render/nodes/heartbeat`). */
export const RenderNodeReportSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/),
    name: z.string().min(1).max(80),
    region: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
    version: z.string().min(1).max(40),
    capacity: z.number().int().min(0).max(256),
  })
  .meta({ id: 'RenderNodeReport' });
export type RenderNodeReport = z.infer<typeof RenderNodeReportSchema>;

/** The sessions the node should be drawing now, and how soon it must report again. */
export const RenderNodeOrdersSchema = z
  .object({
    sessions: z.array(z.object({ uniqueId: z.uuid(), slot: z.number().int().min(1) })),
    reportWithinSeconds: z.number().int().min(1),
  })
  .meta({ id: 'RenderNodeOrders' });
export type RenderNodeOrders = z.infer<typeof RenderNodeOrdersSchema>;

export const RenderNodeOrdersResponseSchema = okEnvelope(RenderNodeOrdersSchema);

export const RenderNodeParamsSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/),
});

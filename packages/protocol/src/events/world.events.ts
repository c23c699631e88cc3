import { z } from 'zod';
import {
  AvatarStateSchema,
  EmoteSchema,
  WorldEmoteSchema,
  WorldJoinAckSchema,
  WorldJoinSchema,
  WorldMoveSchema,
} from '../world.ts';
import type { DomainEvents } from './event-spec.ts';

/** The shared 3D world: joining an instance, moving, emoting, leaving. */
export const worldClientEvents = {
  'world:join': { payload: WorldJoinSchema, ack: WorldJoinAckSchema },
  'world:move': { payload: WorldMoveSchema },
  'world:emote': { payload: WorldEmoteSchema },
  /**
   * Wear another look now: a guest's visit-only choice (validated like the join's); an account
   * wears its saved look whatever it sends. Answers the look now worn.
   */
  'world:look': {
    payload: z.strictObject({ look: z.number().int().min(0).max(0xffffffff) }),
    ack: z.object({ look: z.number().int() }),
  },
  'world:leave': { payload: z.strictObject({}), ack: z.object({}) },
} as const satisfies DomainEvents<'world'>;

export const worldServerEvents = {
  /**
   * Avatars that changed since the last tick, among those this client may see: `encodeSnapshot`
   * bytes as base64 text (one WebSocket frame; `decodeSnapshot` reads it).
   */
  'world:snapshot': { payload: z.string() },
  /** Someone entered the instance: name, role and index, sent once. */
  'world:joined': { payload: AvatarStateSchema },
  'world:left': { payload: z.object({ id: z.string() }) },
  'world:emoted': { payload: z.object({ id: z.string(), emote: EmoteSchema }) },
  /** Someone's look changed (a saved character) while in the instance. */
  'world:look': {
    payload: z.object({ id: z.string(), look: z.number().int().min(0).max(0xffffffff) }),
  },
  /** The server refused a move (too fast, through a wall): the client snaps back here. */
  'world:correction': { payload: AvatarStateSchema },
} as const satisfies DomainEvents<'world'>;

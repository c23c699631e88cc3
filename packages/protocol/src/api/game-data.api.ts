import { defineRoute } from '../http/route.ts';
import {
  GameDataGetRequestSchema,
  GameDataGetResponseSchema,
  GameDataSetRequestSchema,
  GameDataSetResponseSchema,
} from '../game-data.ts';

const tags = ['game-data'] as const;

/**
 * SPEC §7's mini-game storage: one value per user and key. The user is always the token's; a
 * `userId` naming anyone else is refused. Guests are refused (SPEC §6).
 */
export const GameDataApi = {
  set: defineRoute({
    method: 'POST',
    path: '/apimember/game-data-set',
    body: GameDataSetRequestSchema,
    response: GameDataSetResponseSchema,
    tags,
    errors: [401, 403, 429],
    summary: "Store a value under a key in the caller's game data (bearer)",
  }),
  get: defineRoute({
    method: 'POST',
    path: '/apimember/game-data-get',
    body: GameDataGetRequestSchema,
    response: GameDataGetResponseSchema,
    tags,
    errors: [401, 403],
    summary: "Read a key of the caller's game data; `data` is null when never set (bearer)",
  }),
} as const;

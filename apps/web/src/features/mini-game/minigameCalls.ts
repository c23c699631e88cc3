import {
  MinigameApi,
  type BoardPoint,
  type DartsMode,
  type Leaderboard,
  type Opponent,
  type ThrownDarts,
} from '@atrium/protocol';
import type { ApiClient } from '../../shared/api/client.ts';

/** The darts server's HTTP calls (issues 17 and 27): start a game, throw a dart, leaderboard. */
export interface MinigameHttp {
  register: (mode: DartsMode, opponent: Opponent) => Promise<string>;
  throwDart: (sessionId: string, aim: BoardPoint) => Promise<ThrownDarts>;
  leaderboard: (mode: DartsMode) => Promise<Leaderboard>;
}

/**
 * The calls over the app's client. This module (with the route descriptors and their response
 * schemas) is loaded on the first call, not with the page: the game's first load stays within
 * the event pages' 170 KB budget (bench/web-size.mjs). `useMinigame.ts` is its only importer.
 */
export function minigameCalls(client: ApiClient): MinigameHttp {
  return {
    async register(mode, opponent) {
      return (await client.call(MinigameApi.register, { body: { mode, opponent } })).data.sessionId;
    },
    async throwDart(sessionId, aim) {
      return (await client.call(MinigameApi.throwDart, { params: { sessionId }, body: { aim } }))
        .data;
    },
    async leaderboard(mode) {
      return (await client.call(MinigameApi.leaderboard, { params: { mode } })).data;
    },
  };
}

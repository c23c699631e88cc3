import {
  MinigameApi,
  type DartsMode,
  type FinishGame,
  type GameResult,
  type Leaderboard,
  type Opponent,
} from '@atrium/protocol';
import type { ApiClient } from '../../shared/api/client.ts';

/** The darts server's HTTP calls (issue 17): register, finish with every dart, leaderboard. */
export interface MinigameHttp {
  register: (mode: DartsMode, opponent: Opponent) => Promise<string>;
  finish: (game: FinishGame) => Promise<GameResult>;
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
    async finish(game) {
      return (await client.call(MinigameApi.finish, { body: game })).data;
    },
    async leaderboard(mode) {
      return (await client.call(MinigameApi.leaderboard, { params: { mode } })).data;
    },
  };
}

import {
  MinigameApi,
  type DartsMode,
  type FinishGame,
  type GameResult,
  type Leaderboard,
  type Opponent,
} from '@atrium/protocol';
import { createApiClient, type ApiClient } from '../../shared/api/client.ts';

/** The darts server's HTTP calls (issue 17): register, finish with every dart, leaderboard. */
export interface MinigameHttp {
  register: (mode: DartsMode, opponent: Opponent) => Promise<string>;
  finish: (game: FinishGame) => Promise<GameResult>;
  leaderboard: (mode: DartsMode) => Promise<Leaderboard>;
}

/** Builds the calls over `window.fetch`, reading the token at call time. */
export function createMinigameHttp(getToken: () => string | null): MinigameHttp {
  const client: ApiClient = createApiClient({
    fetch: (input, init) => window.fetch(input, init),
    getToken,
  });
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

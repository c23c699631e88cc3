import { MinigameApi } from '@atrium/protocol';
import { createApiClient, type ApiClient } from '../../shared/api/client.ts';
import type { MinigameHttp } from './minigameApi.ts';

/** Builds the calls over `window.fetch`, reading the token at call time. */
export function minigameCalls(getToken: () => string | null): MinigameHttp {
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

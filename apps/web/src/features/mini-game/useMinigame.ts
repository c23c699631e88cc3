import type { DartsMode } from '@atrium/protocol';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../shared/api/client.ts';
import { useApi } from '../../shared/api/useApi.ts';
import type { MinigameHttp } from './minigameCalls.ts';

/** Query keys of the darts server data. */
export const minigameKeys = {
  leaderboards: ['minigame', 'leaderboard'] as const,
  leaderboard: (mode: DartsMode, version: number) =>
    ['minigame', 'leaderboard', mode, version] as const,
};

/** The calls, loaded on first use (see minigameCalls.ts: the game's first-load budget). */
async function calls(client: ApiClient): Promise<MinigameHttp> {
  return (await import('./minigameCalls.ts')).minigameCalls(client);
}

/**
 * A mode's top 10. Asked afresh whenever shown: on each tab, and again when the page says a game
 * was won (`version`); no retry, the board offers its own.
 */
export function useLeaderboard(mode: DartsMode, version: number) {
  const client = useApi();
  return useQuery({
    queryKey: minigameKeys.leaderboard(mode, version),
    queryFn: async () => (await calls(client)).leaderboard(mode),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/**
 * A game against the computer on the server: started, then played dart by dart (the dart that
 * ends it changes the leaderboards). Answers the calls' shape, for `serverComputer`. A plain
 * function rather than a hook: the page makes it as a game starts, from play.ts, which loads then
 * (see MiniGamePage); `client` reads the token at call time.
 */
export function minigameHttp(client: ApiClient, queryClient: QueryClient): MinigameHttp {
  return {
    register: async (mode, opponent) => (await calls(client)).register(mode, opponent),
    throwDart: async (sessionId, aim) => {
      const thrown = await (await calls(client)).throwDart(sessionId, aim);
      if (thrown.result)
        void queryClient.invalidateQueries({ queryKey: minigameKeys.leaderboards });
      return thrown;
    },
    leaderboard: async (mode) => (await calls(client)).leaderboard(mode),
  };
}

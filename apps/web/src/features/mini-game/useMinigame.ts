import type { BoardPoint, DartsMode, Opponent } from '@atrium/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
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
 * ends it changes the leaderboards). Answers the calls' shape, for `serverComputer`.
 */
export function useMinigameHttp(): MinigameHttp {
  const client = useApi();
  const queryClient = useQueryClient();
  const { mutateAsync: register } = useMutation({
    mutationFn: async (game: { mode: DartsMode; opponent: Opponent }) =>
      (await calls(client)).register(game.mode, game.opponent),
  });
  const { mutateAsync: throwDart } = useMutation({
    mutationFn: async (dart: { sessionId: string; aim: BoardPoint }) =>
      (await calls(client)).throwDart(dart.sessionId, dart.aim),
    onSuccess: (thrown) => {
      if (thrown.result)
        void queryClient.invalidateQueries({ queryKey: minigameKeys.leaderboards });
    },
  });
  return useMemo(
    () => ({
      register: (mode, opponent) => register({ mode, opponent }),
      throwDart: (sessionId, aim) => throwDart({ sessionId, aim }),
      leaderboard: async (mode) => (await calls(client)).leaderboard(mode),
    }),
    [client, register, throwDart],
  );
}

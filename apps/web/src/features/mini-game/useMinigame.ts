import type { DartsMode, FinishGame, Opponent } from '@atrium/protocol';
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
 * A game as the server hears of it: registered as it starts, finished with every dart (which
 * changes the leaderboards). Answers the calls' shape, for `startServerSession`.
 */
export function useMinigameHttp(): MinigameHttp {
  const client = useApi();
  const queryClient = useQueryClient();
  const { mutateAsync: register } = useMutation({
    mutationFn: async (game: { mode: DartsMode; opponent: Opponent }) =>
      (await calls(client)).register(game.mode, game.opponent),
  });
  const { mutateAsync: finish } = useMutation({
    mutationFn: async (game: FinishGame) => (await calls(client)).finish(game),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: minigameKeys.leaderboards }),
  });
  return useMemo(
    () => ({
      register: (mode, opponent) => register({ mode, opponent }),
      finish,
      leaderboard: async (mode) => (await calls(client)).leaderboard(mode),
    }),
    [client, register, finish],
  );
}

import type { DartsMode, FinishGame, GameResult, Leaderboard, Opponent } from '@atrium/protocol';

/** The darts server's HTTP calls (issue 17): register, finish with every dart, leaderboard. */
export interface MinigameHttp {
  register: (mode: DartsMode, opponent: Opponent) => Promise<string>;
  finish: (game: FinishGame) => Promise<GameResult>;
  leaderboard: (mode: DartsMode) => Promise<Leaderboard>;
}

/**
 * The calls, with their route descriptors and response schemas loaded on the first call rather
 * than with the page: the game's first load stays within the event pages' 170 KB budget
 * (bench/web-size.mjs). A game registers as it starts, so they are there by its end.
 */
export function createMinigameHttp(getToken: () => string | null): MinigameHttp {
  let calls: Promise<MinigameHttp> | null = null;
  const load = () =>
    (calls ??= import('./minigameCalls.ts').then((module) => module.minigameCalls(getToken)));
  return {
    register: async (mode, opponent) => (await load()).register(mode, opponent),
    finish: async (game) => (await load()).finish(game),
    leaderboard: async (mode) => (await load()).leaderboard(mode),
  };
}

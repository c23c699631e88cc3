import type { DartsMode } from '@atrium/protocol';

/** The leaderboard view's texts (the server's own texts are `MinigameText` in the protocol). */
export const LeaderboardText = {
  title: 'Leaderboard',
  modes: { '501': '501', 'around-the-clock': 'Around the Clock' } satisfies Record<
    DartsMode,
    string
  >,
  loading: 'Loading the leaderboard…',
  empty: 'No winners yet. Win a game to be the first on the board.',
  failed: 'The leaderboard could not be loaded.',
  retry: 'Try again',
  rank: 'Rank',
  player: 'Player',
  wins: 'Wins',
  best: 'Best (darts)',
  bestHint: 'Fewest darts to win a game',
} as const;

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

/** The match against a person on the campus (the server's refusals are `MinigameText`). */
export const PersonMatchText = {
  username: 'Their username',
  usernameHint: 'They must be on the campus now.',
  invite: 'Invite',
  inviting: (name: string) => `Waiting for ${name} to accept…`,
  cancel: 'Cancel invitation',
  invited: (name: string, mode: string) => `${name} invites you to a game of ${mode}.`,
  accept: 'Play',
  decline: 'Decline',
  declined: (name: string) => `${name} declined your invitation.`,
  signInFirst: 'Register to play against people on the campus.',
  offline: 'Connecting to the campus…',
  stored: 'Matches against people are stored on the leaderboard by the server.',
  leaderboard: 'Leaderboard',
  back: 'Back',
} as const;

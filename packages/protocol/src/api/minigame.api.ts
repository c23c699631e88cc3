import { defineRoute } from '../http/route.ts';
import {
  FinishedGameSchema,
  FinishGameSchema,
  LeaderboardParamsSchema,
  LeaderboardSchema,
  RegisteredGameSchema,
  RegisterGameSchema,
} from '../minigame.ts';

const tags = ['minigame'] as const;

/**
 * Issue 17's darts on the server: a game is registered, then finished with every dart it
 * threw; the server replays the darts itself to decide the winner and the score. Matches between
 * two people are socket events (`events/minigame.events.ts`).
 */
export const MinigameApi = {
  register: defineRoute({
    method: 'POST',
    path: '/api/minigame/sessions',
    body: RegisterGameSchema,
    response: RegisteredGameSchema,
    tags,
    errors: [401],
    summary: 'Register a new darts game (mode, and the computer at level 1-3 or a person)',
  }),
  finish: defineRoute({
    method: 'POST',
    path: '/api/minigame/sessions/finish',
    body: FinishGameSchema,
    response: FinishedGameSchema,
    tags,
    errors: [401, 404, 409, 429],
    summary:
      'Finish a registered game with its darts in order; the server replays them, decides the winner and stores the result once',
  }),
  leaderboard: defineRoute({
    method: 'GET',
    path: '/api/minigame/leaderboard/:mode',
    params: LeaderboardParamsSchema,
    response: LeaderboardSchema,
    tags,
    errors: [],
    summary: 'The top 10 of a mode: wins, and the fewest darts to win',
  }),
};

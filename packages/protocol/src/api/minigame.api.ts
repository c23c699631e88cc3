import { z } from 'zod';
import { defineRoute } from '../http/route.ts';
import {
  LeaderboardEntryParamsSchema,
  LeaderboardParamsSchema,
  LeaderboardSchema,
  RegisteredGameSchema,
  RegisterGameSchema,
  RemovedEntrySchema,
  SessionParamsSchema,
  ThrowDartSchema,
  ThrownDartsSchema,
} from '../minigame.ts';

const tags = ['minigame'] as const;

/**
 * Darts on the server (issues 17 and 27): a game against the computer is started, then played
 * dart by dart; the server lands each dart, throws the computer's, decides when the game ends
 * and stores the result. Matches between two people are socket events
 * (`events/minigame.events.ts`).
 */
export const MinigameApi = {
  register: defineRoute({
    method: 'POST',
    path: '/api/minigame/sessions',
    body: RegisterGameSchema,
    response: RegisteredGameSchema,
    tags,
    errors: [401, 429],
    summary: 'Start a darts game against the computer (mode, level 1-3); the player throws first',
  }),
  throwDart: defineRoute({
    method: 'POST',
    path: '/api/minigame/sessions/:sessionId/darts',
    params: SessionParamsSchema,
    body: ThrowDartSchema,
    response: ThrownDartsSchema,
    tags,
    errors: [401, 404, 409, 429],
    summary:
      "Throw the player's next dart; the server lands it, throws the computer's darts and ends the game when someone wins",
    description:
      "A dart sooner than the minimum interval after the previous one (MinigameConstants.dartIntervalMs, each of the computer's darts counting as one) is a 429.",
  }),
  finish: defineRoute({
    method: 'POST',
    path: '/api/minigame/sessions/finish',
    body: z.unknown(),
    tags,
    errors: [],
    summary: 'Gone: a finished game can not be posted (issue 27); every call is a 400',
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
  removeEntry: defineRoute({
    method: 'DELETE',
    path: '/api/minigame/leaderboard/:mode/:username',
    params: LeaderboardEntryParamsSchema,
    response: RemovedEntrySchema,
    tags,
    errors: [401, 403, 404],
    summary: "Admins: remove a player's entry (all their wins) from a mode's leaderboard",
    audit: 'leaderboard.remove',
  }),
};

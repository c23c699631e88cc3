import { z } from 'zod';
import {
  DartsAnswerSchema,
  DartsInvitedSchema,
  DartsInviteSchema,
  DartsMatchIdSchema,
  DartsMatchSchema,
  DartsThrowSchema,
  MinigameLeaderboardSchema,
  MinigameWinnerSchema,
} from '../minigame.ts';
import type { DomainEvents } from './event-spec.ts';

/**
 * A darts match between two people on the campus (issue 17), on the main socket. The server
 * keeps the match and applies every dart itself; both players hear each new state.
 */
export const dartsClientEvents = {
  /** Invite an online user; answered with the new match (status `invited`). */
  'darts:invite': { payload: DartsInviteSchema, ack: DartsMatchSchema },
  /** The invitee accepts (the match starts) or declines. */
  'darts:answer': { payload: DartsAnswerSchema, ack: DartsMatchSchema },
  /** One dart of the player whose turn it is, as the hand sent it; the server lands it. */
  'darts:throw': { payload: DartsThrowSchema, ack: DartsMatchSchema },
  /** Leave a match (or withdraw an invitation); the other player hears `darts:state`. */
  'darts:leave': { payload: DartsMatchIdSchema, ack: z.object({ left: z.boolean() }) },
} as const satisfies DomainEvents<'darts'>;

export const dartsServerEvents = {
  'darts:invited': { payload: DartsInvitedSchema },
  /** The match as it stands, to both players, after every change. */
  'darts:state': { payload: DartsMatchSchema },
} as const satisfies DomainEvents<'darts'>;

/** The world announcement: to every connected client, on every process. */
export const minigameServerEvents = {
  'minigame:winner': { payload: MinigameWinnerSchema },
  /** An admin removed a leaderboard entry: boards load again. */
  'minigame:leaderboard': { payload: MinigameLeaderboardSchema },
} as const satisfies DomainEvents<'minigame'>;

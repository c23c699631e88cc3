import { z } from 'zod';
import type { DartsGame, DartsMode, Hit } from './darts/rules.ts';
import { okEnvelope } from './envelope.ts';
import { lineText } from './text.ts';

/** Limits of the mini-game server (issue 17). */
export const MinigameConstants = {
  /**
   * The most darts one finished game may list. A 501 between two players who bust a lot or an
   * Around the Clock against the weakest computer stays far below it (about 150 darts each).
   */
  maxHits: 1000,
  /** Players in one game: the caller and one opponent (the computer or a person). */
  maxPlayers: 2,
  maxNameLength: 40,
  /** Rows of the leaderboard answer, and rows shown on the plaza's board. */
  leaderboardSize: 10,
  boardSize: 5,
  /** Finishes per user per minute. */
  finishLimit: 20,
  finishWindowMs: 60_000,
  /** An invitation to a match waits this long for its answer. */
  inviteTtlMs: 2 * 60_000,
} as const;

/** Every text of the mini-game server, copied by the web app and the tests from here. */
export const MinigameText = {
  invalidHit: 'That dart does not exist on a dartboard.',
  afterWinner: 'A dart was thrown after the game was won.',
  notFinished: 'The game has not finished: nobody has won yet.',
  tooManyHits: `A game can list at most ${MinigameConstants.maxHits} darts.`,
  players: 'A game has two players.',
  playerIndex: 'Your place in the player list is not one of its players.',
  sessionUnknown: 'This game session does not exist.',
  alreadyFinished: 'This game has already been finished and its result stored.',
  modeMismatch: 'This game session was registered for another mode.',
  guestNotStored: 'Guest results are not stored on the leaderboard. Register to get on it.',
  stored: 'Your result is stored on the leaderboard.',
  lost: 'Your game is stored. Win one to climb the leaderboard.',
  tooManyFinishes: 'Too many games finished. Please wait a minute.',
  matchStoredByServer:
    'A match against a person is stored by the server as it is played, not from this report.',
  // Matches between two people on the campus.
  usernameEmpty: 'Username can not be empty.',
  inviteSelf: 'You can not play against yourself.',
  notOnline: 'User not online right now.',
  matchUnknown: 'This match does not exist.',
  notYourMatch: 'You are not a player in this match.',
  notInvited: 'This invitation is not for you.',
  notPending: 'This invitation has already been answered.',
  expired: 'This invitation has expired.',
  notPlaying: 'This match is not being played.',
  notYourTurn: 'It is not your turn.',
  /** The world announcement (toast) of a win. */
  winner: (username: string, mode: DartsMode) =>
    `${username} won a game of ${mode === '501' ? '501' : 'Around the Clock'} darts!`,
} as const;

export const DartsModeSchema = z.enum(['501', 'around-the-clock']);

export const HitSchema = z.strictObject({
  ring: z.enum(['miss', 'single', 'double', 'treble', 'outer-bull', 'bull']),
  number: z.number().int().min(0).max(25),
}) satisfies z.ZodType<Hit>;

export const DartsGameSchema = z.object({
  mode: DartsModeSchema,
  players: z.array(
    z.object({ name: z.string(), remaining: z.number().int(), target: z.number().int() }),
  ),
  current: z.number().int(),
  dartsInTurn: z.array(HitSchema),
  turnStartRemaining: z.number().int(),
  winner: z.number().int().nullable(),
  throws: z.array(z.object({ player: z.number().int(), hit: HitSchema })),
}) satisfies z.ZodType<DartsGame>;

export const OpponentSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('computer'), level: z.number().int().min(1).max(3) }),
  z.strictObject({ kind: z.literal('person') }),
]);
export type Opponent = z.infer<typeof OpponentSchema>;

// --- HTTP

export const RegisterGameSchema = z.strictObject({
  mode: DartsModeSchema,
  opponent: OpponentSchema,
});
export type RegisterGame = z.infer<typeof RegisterGameSchema>;
export const RegisteredGameSchema = okEnvelope(z.object({ sessionId: z.uuid() }));

const PlayerNameSchema = lineText().trim().min(1).max(MinigameConstants.maxNameLength);

export const FinishGameSchema = z.strictObject({
  sessionId: z.uuid(),
  mode: DartsModeSchema,
  /** Names in throwing order; the first throws first. */
  players: z
    .array(PlayerNameSchema)
    .min(2, { message: MinigameText.players })
    .max(MinigameConstants.maxPlayers, { message: MinigameText.players }),
  /** The caller's index in `players` (0 when left out). */
  me: z.number().int().min(0).optional(),
  /** Every dart of the game, in order, as the board read it. */
  hits: z.array(HitSchema).max(MinigameConstants.maxHits, { message: MinigameText.tooManyHits }),
});
export type FinishGame = z.infer<typeof FinishGameSchema>;

export const GameResultSchema = z.object({
  /** The winner's name, as listed in `players`. */
  winner: z.string(),
  isWinner: z.boolean(),
  /** Darts the caller threw in this game (a leaderboard "best" counts the fewest to win). */
  score: z.number().int(),
  /** Whether the result counts on the leaderboard (false for guests). */
  stored: z.boolean(),
  message: z.string(),
});
export type GameResult = z.infer<typeof GameResultSchema>;
export const FinishedGameSchema = okEnvelope(GameResultSchema);

export const LeaderboardParamsSchema = z.strictObject({ mode: DartsModeSchema });
export const LeaderboardEntrySchema = z.object({
  username: z.string(),
  wins: z.number().int(),
  /** Fewest darts the player needed to win a game of this mode. */
  best: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;
export const LeaderboardSchema = okEnvelope(
  z.object({ mode: DartsModeSchema, entries: z.array(LeaderboardEntrySchema) }),
);
export type Leaderboard = z.infer<typeof LeaderboardSchema>['data'];

// --- Socket: a match between two people on the campus

export const DartsInviteSchema = z.strictObject({
  username: lineText().trim().max(254),
  mode: DartsModeSchema,
});
export const DartsMatchIdSchema = z.strictObject({ matchId: z.uuid() });
export const DartsAnswerSchema = z.strictObject({ matchId: z.uuid(), accept: z.boolean() });
export const DartsThrowSchema = z.strictObject({ matchId: z.uuid(), hit: HitSchema });

export const DartsMatchPlayerSchema = z.object({ userId: z.string(), username: z.string() });
export const DartsMatchSchema = z.object({
  matchId: z.string(),
  mode: DartsModeSchema,
  status: z.enum(['invited', 'playing', 'finished', 'declined', 'left']),
  /** Players in throwing order: the inviter throws first. */
  players: z.array(DartsMatchPlayerSchema),
  game: DartsGameSchema.nullable(),
});
export type DartsMatch = z.infer<typeof DartsMatchSchema>;

export const DartsInvitedSchema = z.object({
  matchId: z.string(),
  mode: DartsModeSchema,
  from: z.string(),
  from_id: z.string(),
});
export type DartsInvited = z.infer<typeof DartsInvitedSchema>;

export const MinigameWinnerSchema = z.object({
  username: z.string(),
  mode: DartsModeSchema,
});
export type MinigameWinner = z.infer<typeof MinigameWinnerSchema>;

import { z } from 'zod';
import type { BoardPoint, DartsGame, DartsMode, Hit } from './darts/rules.ts';
import { okEnvelope } from './envelope.ts';
import { lineText } from './text.ts';

/** Limits of the mini-game server (issue 17). */
export const MinigameConstants = {
  /**
   * The most darts one game may hold. A 501 between two players who bust a lot or an Around the
   * Clock against the weakest computer stays far below it (about 150 darts each).
   */
  maxHits: 1000,
  /** Rows of the leaderboard answer, and rows shown on the plaza's board. */
  leaderboardSize: 10,
  boardSize: 5,
  /**
   * The least time between two darts of a game (issue 27): nobody throws faster. In the game a
   * dart flies for 280 ms (`FLIGHT_MS`, during which the board takes no throw) and the next one
   * needs a press and a release on top (a quick tap is about 70 ms); the computer lines up each
   * of its darts for longer still (650 ms). The server refuses a dart sooner than this after the
   * previous one, and counts each dart the computer throws meanwhile as one such interval.
   */
  dartIntervalMs: 350,
  /** Games started per user per minute. */
  startLimit: 20,
  startWindowMs: 60_000,
  /** An invitation to a match waits this long for its answer. */
  inviteTtlMs: 2 * 60_000,
} as const;

/** Every text of the mini-game server, copied by the web app and the tests from here. */
export const MinigameText = {
  /** The computer's name on the scoreboard and in a result. */
  computer: 'Computer',
  tooManyHits: `A game can list at most ${MinigameConstants.maxHits} darts.`,
  sessionUnknown: 'This game session does not exist.',
  alreadyFinished: 'This game has already been finished and its result stored.',
  gameLeft: 'You started another game, so this one has ended.',
  finishGone:
    'A game against the computer is played dart by dart on the server, which ends it itself: a finished game can not be posted.',
  personByInvitation: 'A game against a person is a match: invite them from the game.',
  tooFast: 'That dart came faster than a person can throw. Wait a moment, then throw again.',
  guestNotStored: 'Guest results are not stored on the leaderboard. Register to get on it.',
  stored: 'Your result is stored on the leaderboard.',
  lost: 'Your game is stored. Win one to climb the leaderboard.',
  tooManyGames: 'Too many games started. Please wait a minute.',
  // The leaderboard's keeping (admins).
  onlyAdmins: 'Only admins can remove a leaderboard entry.',
  noEntry: 'This player has no entry on that leaderboard.',
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

/** A point on the board (mm from the centre, y up); anything this far out is a miss anyway. */
const boardMm = z.number().min(-1000).max(1000);
export const BoardPointSchema = z.strictObject({
  x: boardMm,
  y: boardMm,
}) satisfies z.ZodType<BoardPoint>;

/** One dart of a game: who threw it, what it hit and, once the server threw it, where it landed. */
const DartThrownSchema = z.object({
  player: z.number().int(),
  hit: HitSchema,
  at: BoardPointSchema.optional(),
});

export const DartsGameSchema = z.object({
  mode: DartsModeSchema,
  players: z.array(
    z.object({ name: z.string(), remaining: z.number().int(), target: z.number().int() }),
  ),
  current: z.number().int(),
  dartsInTurn: z.array(HitSchema),
  turnStartRemaining: z.number().int(),
  winner: z.number().int().nullable(),
  throws: z.array(DartThrownSchema),
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

/**
 * One dart of the player, as the hand sent it: the point it was thrown at (the aim with the
 * hand's wobble and the power's drop, mm). Where it lands and what it hits is the server's: it
 * adds the release's scatter from its own generator and reads the board there.
 */
export const ThrowDartSchema = z.strictObject({ aim: BoardPointSchema });
export type ThrowDart = z.infer<typeof ThrowDartSchema>;
export const SessionParamsSchema = z.strictObject({ sessionId: z.uuid() });

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

export const ThrownDartsSchema = okEnvelope(
  z.object({
    /** The darts this throw made, in order: the player's, then the computer's until its turn ends. */
    darts: z.array(DartThrownSchema),
    /** The game after them, as the server keeps it. */
    game: DartsGameSchema,
    /** How long from now the server takes the player's next dart. */
    readyInMs: z.number().int(),
    /** Once somebody has won: the result as the server stored it; null until then. */
    result: GameResultSchema.nullable(),
  }),
);
export type ThrownDarts = z.infer<typeof ThrownDartsSchema>['data'];

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

export const LeaderboardEntryParamsSchema = z.strictObject({
  mode: DartsModeSchema,
  username: lineText().trim().min(1).max(254),
});
export const RemovedEntrySchema = okEnvelope(
  z.object({
    mode: DartsModeSchema,
    username: z.string(),
    /** The wins removed with the entry. */
    removed: z.number().int(),
  }),
);
export type RemovedEntry = z.infer<typeof RemovedEntrySchema>['data'];

// --- Socket: a match between two people on the campus

export const DartsInviteSchema = z.strictObject({
  username: lineText().trim().max(254),
  mode: DartsModeSchema,
});
export const DartsMatchIdSchema = z.strictObject({ matchId: z.uuid() });
export const DartsAnswerSchema = z.strictObject({ matchId: z.uuid(), accept: z.boolean() });
/** One dart of a match, as the hand sent it (see ThrowDartSchema). */
export const DartsThrowSchema = z.strictObject({ matchId: z.uuid(), aim: BoardPointSchema });

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

/** A leaderboard changed other than by a win (an admin removed an entry): boards load again. */
export const MinigameLeaderboardSchema = z.object({ mode: DartsModeSchema });

import type { DartsMode, GameResult, Hit } from '@atrium/protocol';
import { finishMiniGame, registerMiniGame } from '../../shared/miniGameData.ts';
import type { ServerSession } from './serverSession.ts';

/** The finished game as the page knows it; the local player is always index 0. */
export interface FinishedDartsGame {
  mode: DartsMode;
  /** Every dart of the game, in order (the server replays them to check the score). */
  hits: Hit[];
  players: string[];
  winnerIndex: number;
}

/** The person playing in this browser. */
export interface DartsPlayer {
  username: string;
  isGuest: boolean;
}

/** SPEC §4 Mini-game, step 1: a new game is registered (the local mini-game data is reset). */
export function registerSession(player: DartsPlayer): void {
  registerMiniGame(player);
}

/**
 * SPEC §4 Mini-game, step 2: the game finished. Writes the local mini-game data that the
 * metaverse polls, then posts every dart to the server session (when the game has one: a game
 * against the computer by someone signed in), which replays them, decides the winner itself,
 * stores the result for the leaderboard and announces a win to the campus. Answers the server's
 * verdict, or null without a session; rejects with the server's words.
 */
export async function reportFinished(
  game: FinishedDartsGame,
  server: ServerSession | null = null,
): Promise<GameResult | null> {
  finishMiniGame(game.winnerIndex === 0);
  if (!server) return null;
  return server.finish({ players: game.players, me: 0, hits: game.hits });
}

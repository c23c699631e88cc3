import type { DartsMode, Hit } from '@atrium/protocol';
import { finishMiniGame, registerMiniGame } from '../../shared/miniGameData.ts';

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
 * metaverse polls; the server report (leaderboard, world announcement) plugs in here.
 */
export async function reportFinished(game: FinishedDartsGame): Promise<void> {
  finishMiniGame(game.winnerIndex === 0);
  return Promise.resolve();
}

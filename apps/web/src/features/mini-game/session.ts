import { finishMiniGame, registerMiniGame } from '../../shared/miniGameData.ts';

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
 * SPEC §4 Mini-game, step 2: the game finished; the local mini-game data that the metaverse
 * polls says whether the local player won. (The leaderboard's result is the server's, stored
 * as the game's last dart landed.)
 */
export function reportFinished(isWinner: boolean): void {
  finishMiniGame(isWinner);
}

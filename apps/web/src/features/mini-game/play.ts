import { MinigameText } from '@atrium/protocol';

/**
 * The game's code, which MiniGamePage loads as the first game starts rather than with the page:
 * the opponents (the computer on the server, the practice computer with the protocol's rules and
 * throws, a person over `darts:*`) and the result screen. See MiniGamePage for the measurement.
 */
export { practiceComputer } from './opponent.ts';
export { personOpponent } from './personOpponent.ts';
export { ResultScreen } from './screens/ResultScreen.tsx';
export { serverComputer } from './serverComputer.ts';
export { minigameHttp } from './useMinigame.ts';

/** The computer's name on the scoreboard (the server's, from the protocol's texts). */
export const computerName = MinigameText.computer;

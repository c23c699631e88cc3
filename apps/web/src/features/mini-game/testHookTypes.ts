import type { DartsGame } from '@atrium/protocol';

/** What e2e tests (and the benchmark) drive: `window.__darts`. */
export interface DartsTestHook {
  /**
   * Throws the local player's dart at (x, y) mm with a steady hand and a perfect release (where
   * it lands is the server's: the release's scatter is a millimetre or two); false when it is
   * not their turn.
   */
  throwAt(x: number, y: number): boolean;
  state(): { screen: string; game: DartsGame | null; busy: boolean; localTurn: boolean };
}

declare global {
  interface Window {
    __darts?: DartsTestHook;
  }
}

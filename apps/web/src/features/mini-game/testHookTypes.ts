import type { DartsGame } from '@atrium/protocol';

/** What e2e tests (and the benchmark) drive: `window.__darts`. */
export interface DartsTestHook {
  /** Throws the local player's dart exactly at (x, y) mm, no wobble; false when it is not their turn. */
  throwAt(x: number, y: number): boolean;
  state(): { screen: string; game: DartsGame | null; busy: boolean; localTurn: boolean };
}

declare global {
  interface Window {
    __darts?: DartsTestHook;
  }
}

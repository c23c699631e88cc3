import type { DartsGame } from '@atrium/protocol';
import { computerThrow, type DartsLevel, type Point } from './throwModel.ts';

/**
 * The other side of a game. The page asks it for a dart whenever it is the opponent's turn and
 * tells it about the local player's darts. `computer` is here; a person on the campus (over
 * socket.io) is another implementation of the same interface, added by the darts server work.
 */
export interface DartsOpponent {
  kind: 'computer' | 'person';
  /** The name on the scoreboard. */
  name: string;
  /** The opponent's next dart as a landing point (mm); the page animates and scores it. */
  nextDart(game: DartsGame): Promise<Point>;
  /** The local player threw (a remote opponent forwards it). */
  onLocalDart?(point: Point, game: DartsGame): void;
  /** The game screen is going away. */
  dispose?(): void;
}

/** Pauses like a person lining up a dart (shorter for tests). */
const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

export function computerOpponent(
  level: DartsLevel,
  name: string,
  options: { thinkMs?: number; random?: () => number } = {},
): DartsOpponent {
  const thinkMs = options.thinkMs ?? 650;
  return {
    kind: 'computer',
    name,
    async nextDart(game) {
      await wait(thinkMs);
      return computerThrow(game, level, options.random);
    },
  };
}

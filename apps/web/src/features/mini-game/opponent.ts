import {
  aimPointFor,
  playAgainstComputer,
  type DartsGame,
  type GameResult,
  type Hit,
} from '@atrium/protocol';
import type { DartsLevel, Point } from './throwModel.ts';

/** A dart as it landed: where, and what the board reads there. */
export interface LandedDart {
  at: Point;
  hit: Hit;
}

/**
 * The other side of a game, and its referee (issue 27: the server decides). The page sends the
 * local player's darts through it and asks it for the opponent's whenever it is their turn.
 * `serverComputer` is the computer on the server; `personOpponent` a person on the campus over
 * `darts:*`; `practiceComputer` the computer in the browser, for a visitor without a session.
 */
export interface DartsOpponent {
  kind: 'computer' | 'person';
  /** The name on the scoreboard. */
  name: string;
  /** The local player's dart, sent at `aim` (mm): answers where it landed; rejects with a refusal. */
  throwDart(aim: Point, game: DartsGame): Promise<LandedDart>;
  /** The opponent's next dart; the page animates and scores it. */
  nextDart(game: DartsGame): Promise<LandedDart>;
  /** `performance.now()` from which the next local dart is taken (the server's pace). */
  readyAt(): number;
  /** The server's verdict once the game is over; null without one. */
  result(): GameResult | null;
  /** The game screen is going away. */
  dispose?(): void;
}

/** A dart of the server's game, for the page (one thrown before darts had a spot: its segment's centre). */
export const toLanded = (dart: { at?: Point; hit: Hit }): LandedDart => ({
  at: dart.at ?? aimPointFor(dart.hit),
  hit: dart.hit,
});

/** Pauses like a person lining up a dart (shorter for tests). */
export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until `performance.now()` reaches `at`: a dart is not sent before the server takes it. */
export async function until(at: number): Promise<void> {
  const rest = at - performance.now();
  if (rest > 0) await wait(rest);
}

/** Hands darts that arrived together (a turn of the computer's) to the page one at a time. */
export function dartQueue(thinkMs: number) {
  const queue: LandedDart[] = [];
  return {
    push: (darts: readonly { at?: Point; hit: Hit }[]) => {
      queue.push(...darts.map(toLanded));
    },
    async next(): Promise<LandedDart> {
      await wait(thinkMs);
      const dart = queue.shift();
      if (!dart) throw new Error('The opponent has no dart to throw.');
      return dart;
    },
  };
}

/**
 * The computer in this browser, for a visitor without a session (nothing reaches the server or
 * the leaderboard): the same rules as the server's computer, with `Math.random`.
 */
export function practiceComputer(
  level: DartsLevel,
  name: string,
  options: { thinkMs?: number; random?: () => number } = {},
): DartsOpponent {
  const darts = dartQueue(options.thinkMs ?? 650);
  const random = options.random ?? Math.random;
  return {
    kind: 'computer',
    name,
    throwDart(aim, game) {
      const after = playAgainstComputer(game, aim, level, () => random);
      const [mine, ...theirs] = after.throws.slice(game.throws.length);
      darts.push(theirs);
      return Promise.resolve(toLanded(mine!));
    },
    nextDart: () => darts.next(),
    readyAt: () => 0,
    result: () => null,
  };
}

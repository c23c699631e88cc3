/**
 * Where darts land (issue 27): the release's scatter and the computer player. The server runs
 * them with its own seeded generator for every game that counts; the web game runs them only to
 * practise without an account. Pure, like `rules.ts`: the randomness is passed in.
 */
import {
  aimPointFor,
  applyThrow,
  hitAt,
  type BoardPoint,
  type DartsGame,
  type Hit,
} from './rules.ts';

/** The computer's levels, weakest first; the API numbers them 1 to 3. */
export type DartsLevel = 'easy' | 'medium' | 'hard';
export const DARTS_LEVELS: readonly DartsLevel[] = ['easy', 'medium', 'hard'];

/** The computer's scatter (one standard deviation, mm) around the point it aims at. */
export const COMPUTER_SIGMA_MM: Record<DartsLevel, number> = { easy: 38, medium: 20, hard: 9 };

/** The release is never perfect: a small scatter (mm) around where the hand sent the dart. */
export const RELEASE_SIGMA_MM = 1.5;

/** A standard normal sample (Box–Muller) from a uniform source. */
export function gaussian(random: () => number): number {
  const u = Math.max(random(), Number.EPSILON);
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Where a dart the hand sent at `aim` lands: the release's scatter around it. */
export function releaseScatter(aim: BoardPoint, random: () => number): BoardPoint {
  return {
    x: aim.x + gaussian(random) * RELEASE_SIGMA_MM,
    y: aim.y + gaussian(random) * RELEASE_SIGMA_MM,
  };
}

/** Checkout targets for 501 the computer knows: a double for even numbers up to 40, the bull for 50. */
function checkoutTarget(remaining: number): Hit | null {
  if (remaining === 50) return { ring: 'bull', number: 25 };
  if (remaining <= 40 && remaining % 2 === 0 && remaining >= 2) {
    return { ring: 'double', number: remaining / 2 };
  }
  return null;
}

/** The segment a sensible player goes for now: T20, a set-up single, the checkout double, the ATC target. */
export function computerTarget(game: DartsGame): Hit {
  const player = game.players[game.current]!;
  if (game.mode === 'around-the-clock') {
    return player.target >= 25
      ? { ring: 'bull', number: 25 }
      : { ring: 'single', number: player.target };
  }
  const left = player.remaining;
  const checkout = checkoutTarget(left);
  if (checkout) return checkout;
  // Odd, or too much for one double: a single that leaves a favourite double (32, then 40, then any).
  if (left <= 60) {
    for (const leave of [32, 40, 16, 20, 24, 36, 8, 2]) {
      const single = left - leave;
      if (single >= 1 && single <= 20) return { ring: 'single', number: single };
    }
    if (left % 2 === 1 && left <= 41) return { ring: 'single', number: 1 };
  }
  // A treble that leaves a checkout, else the treble 20.
  if (left <= 100) {
    for (let n = 20; n >= 10; n--) {
      if (checkoutTarget(left - 3 * n)) return { ring: 'treble', number: n };
    }
  }
  return { ring: 'treble', number: 20 };
}

/** The computer's dart: it aims at computerTarget's centre with a Gaussian scatter by level. */
export function computerThrow(
  game: DartsGame,
  level: DartsLevel,
  random: () => number,
): BoardPoint {
  const aim = aimPointFor(computerTarget(game));
  const sigma = COMPUTER_SIGMA_MM[level];
  return { x: aim.x + gaussian(random) * sigma, y: aim.y + gaussian(random) * sigma };
}

/** The dart that landed at `at`, applied to the game as the board reads it there (and kept). */
export function placeDart(game: DartsGame, at: BoardPoint): DartsGame {
  const next = applyThrow(game, hitAt(at.x, at.y));
  if (next === game) return game;
  const last = next.throws.length - 1;
  const throws = next.throws.map((t, i) => (i === last ? { ...t, at: { x: at.x, y: at.y } } : t));
  return { ...next, throws };
}

/** A uniform source in [0, 1) for dart `index` of a game (the server derives it from a secret seed). */
export type DartRandom = (index: number) => () => number;

/**
 * A dart the player (index 0) sent at `aim` in a game against the computer: it lands with the
 * release's scatter; when that ends the player's turn, the computer throws until it is the
 * player's turn again or somebody has won. Answers the game after all of them.
 */
export function playAgainstComputer(
  game: DartsGame,
  aim: BoardPoint,
  level: DartsLevel,
  random: DartRandom,
): DartsGame {
  let next = placeDart(game, releaseScatter(aim, random(game.throws.length)));
  while (next.winner === null && next.current !== 0) {
    next = placeDart(next, computerThrow(next, level, random(next.throws.length)));
  }
  return next;
}

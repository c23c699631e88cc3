import { BOARD, aimPointFor, type DartsGame, type Hit } from '@atrium/protocol';

/** A point on the board in millimetres from the centre, x right, y up (as the rules module). */
export interface Point {
  x: number;
  y: number;
}

export type DartsLevel = 'easy' | 'medium' | 'hard';
export const DARTS_LEVELS: readonly DartsLevel[] = ['easy', 'medium', 'hard'];

/** The computer's scatter (one standard deviation, mm) around the point it aims at. */
export const COMPUTER_SIGMA_MM: Record<DartsLevel, number> = { easy: 38, medium: 20, hard: 9 };

/** The player's hand: the wobble at rest (mm) and how much it grows per second held. */
export const WOBBLE: Record<DartsLevel, { base: number; growth: number; max: number }> = {
  easy: { base: 2, growth: 5, max: 16 },
  medium: { base: 3.5, growth: 8, max: 24 },
  hard: { base: 5, growth: 12, max: 34 },
};

/** Power: the meter fills in POWER_RISE_MS, then empties again (and so on) while held. */
export const POWER_RISE_MS = 900;
/** The sweet spot of the power meter; outside it the dart drops low or flies high. */
export const POWER_SWEET = { low: 0.68, high: 0.82 } as const;
/** Millimetres the dart lands low (or high) per unit of power off the sweet spot. */
export const POWER_DROP_MM = 140;
/** The release is never perfect: a small scatter (mm) on top of everything. */
export const RELEASE_SIGMA_MM = 1.5;

/** The meter's value (0..1..0, a triangle wave) after holding for `heldMs`. */
export function powerAt(heldMs: number): number {
  const phase = (Math.max(0, heldMs) / POWER_RISE_MS) % 2;
  return phase <= 1 ? phase : 2 - phase;
}

/** How far (mm, y up) the power moves the landing point: too weak drops, too strong flies high. */
export function powerOffset(power: number): number {
  if (power < POWER_SWEET.low) return (power - POWER_SWEET.low) * POWER_DROP_MM;
  if (power > POWER_SWEET.high) return (power - POWER_SWEET.high) * POWER_DROP_MM;
  return 0;
}

/** The wobble's size (mm) after holding for `heldMs` (0 when not holding). */
export function wobbleAmplitude(level: DartsLevel, heldMs: number): number {
  const w = WOBBLE[level];
  return Math.min(w.max, w.base + (w.growth * Math.max(0, heldMs)) / 1000);
}

/**
 * The hand's drift at time `t` (ms): a sum of slow sines of unrelated periods, so it wanders
 * smoothly without repeating visibly; scaled by the amplitude. (A few sines instead of a noise
 * library: it is all this needs.)
 */
export function wobbleAt(tMs: number, amplitude: number, seed = 0): Point {
  const t = tMs / 1000;
  const x = 0.6 * Math.sin(1.7 * t + seed) + 0.4 * Math.sin(2.9 * t + 1.3 + seed * 2);
  const y = 0.6 * Math.cos(1.3 * t + 0.7 + seed) + 0.4 * Math.sin(3.7 * t + 2.1 + seed * 3);
  return { x: x * amplitude, y: y * amplitude };
}

/** A standard normal sample (Box–Muller) from a uniform source. */
export function gaussian(random: () => number = Math.random): number {
  const u = Math.max(random(), Number.EPSILON);
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Where a thrown dart lands: the aim, the wobble at release, the power error, a little scatter. */
export function landingPoint(
  aim: Point,
  wobble: Point,
  power: number,
  random: () => number = Math.random,
): Point {
  return {
    x: aim.x + wobble.x + gaussian(random) * RELEASE_SIGMA_MM,
    y: aim.y + wobble.y + powerOffset(power) + gaussian(random) * RELEASE_SIGMA_MM,
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
  random: () => number = Math.random,
): Point {
  const aim = aimPointFor(computerTarget(game));
  const sigma = COMPUTER_SIGMA_MM[level];
  return { x: aim.x + gaussian(random) * sigma, y: aim.y + gaussian(random) * sigma };
}

/** The furthest a dart is drawn from the centre (mm): the board's edge plus the number ring. */
export const VIEW_RADIUS_MM = BOARD.doubleOuter + 55;

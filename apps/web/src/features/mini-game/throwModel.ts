import { BOARD, type BoardPoint, type DartsLevel } from '@atrium/protocol';

/**
 * The player's hand (issue 17): the aim's wobble and the power meter. Where the hand sends a dart
 * is the player's; where it lands is the server's (the release's scatter, `@atrium/protocol`'s
 * `releaseScatter`), and so is the computer (`computerThrow`).
 */
export type Point = BoardPoint;
export { DARTS_LEVELS, type DartsLevel } from '@atrium/protocol';

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

/** Where the hand sends a dart: the aim, the wobble at release and the power's drop or rise. */
export function thrownAt(aim: Point, wobble: Point, power: number): Point {
  return { x: aim.x + wobble.x, y: aim.y + wobble.y + powerOffset(power) };
}

/** The furthest a dart is drawn from the centre (mm): the board's edge plus the number ring. */
export const VIEW_RADIUS_MM = BOARD.doubleOuter + 55;

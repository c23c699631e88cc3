/** Durations in milliseconds, so a lifetime reads as `30 * DAY` and not as a bare number. */
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A duration in whole seconds, for JWT lifetimes and cookie `Max-Age`. */
export const inSeconds = (ms: number): number => Math.floor(ms / SECOND);

/** What the countdown shows: whole days, hours, minutes and seconds left; `done` at the date. */
export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  done: boolean;
}

/**
 * The time left from `now` to `target` (milliseconds since the epoch), rounded up to the next
 * whole second, so the display reaches 00:00:00:00 exactly at the date and never before.
 */
export function countdownParts(now: number, target: number): CountdownParts {
  const left = Math.max(0, Math.ceil((target - now) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor(left / 3600) % 24,
    minutes: Math.floor(left / 60) % 60,
    seconds: left % 60,
    done: now >= target,
  };
}

/** SPEC §2/§9: `?skip-countdown=1` reveals the page at once. */
export function skipsCountdown(search: string, param: string): boolean {
  return new URLSearchParams(search).get(param) === '1';
}

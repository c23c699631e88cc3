import { describe, expect, it } from 'vitest';
import { countdownParts, skipsCountdown } from './countdown.ts';

describe('countdownParts', () => {
  const target = Date.parse('2022-05-04T19:00:00+08:00');
  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = target - ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
    expect(countdownParts(now, target)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      done: false,
    });
  });
  it('rounds a part second up, so it shows 1 s until the date itself', () => {
    expect(countdownParts(target - 200, target)).toMatchObject({ seconds: 1, done: false });
    expect(countdownParts(target, target)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      done: true,
    });
    expect(countdownParts(target + 10_000, target).done).toBe(true);
  });
  it('reads skip-countdown=1 only', () => {
    expect(skipsCountdown('?skip-countdown=1', 'skip-countdown')).toBe(true);
    expect(skipsCountdown('?skip-countdown=true', 'skip-countdown')).toBe(false);
    expect(skipsCountdown('', 'skip-countdown')).toBe(false);
  });
});

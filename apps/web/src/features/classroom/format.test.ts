import { describe, expect, it } from 'vitest';
import { formatElapsed, initials } from './format.ts';

describe('formatElapsed', () => {
  it('shows minutes and seconds under an hour', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(999)).toBe('00:00');
    expect(formatElapsed(1000)).toBe('00:01');
    expect(formatElapsed(61_000)).toBe('01:01');
    expect(formatElapsed(3_599_999)).toBe('59:59');
  });

  it('adds hours from one hour on', () => {
    expect(formatElapsed(3_600_000)).toBe('1:00:00');
    expect(formatElapsed((2 * 3600 + 5 * 60 + 9) * 1000)).toBe('2:05:09');
    expect(formatElapsed(100 * 3600 * 1000)).toBe('100:00:00');
  });

  it('reads a negative or broken duration as zero', () => {
    expect(formatElapsed(-5000)).toBe('00:00');
    expect(formatElapsed(Number.NaN)).toBe('00:00');
    expect(formatElapsed(Number.POSITIVE_INFINITY)).toBe('00:00');
  });
});

describe('initials', () => {
  it('takes the first and last word', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('  grace  brewster murray hopper ')).toBe('GH');
    expect(initials('alan_turing')).toBe('AT');
  });

  it('copes with one word, emoji and nothing', () => {
    expect(initials('grace')).toBe('G');
    expect(initials('😀 smile')).toBe('😀S');
    expect(initials('   ')).toBe('?');
  });
});

import { describe, expect, it } from 'vitest';
import { clampPercent } from './clampPercent.ts';

describe('clampPercent', () => {
  it('keeps whole percentages inside the range', () => {
    expect(clampPercent(0)).toBe(0);
    expect(clampPercent(42)).toBe(42);
    expect(clampPercent(100)).toBe(100);
  });

  it('rounds to the nearest whole percent', () => {
    expect(clampPercent(12.4)).toBe(12);
    expect(clampPercent(12.5)).toBe(13);
    expect(clampPercent(99.6)).toBe(100);
  });

  it('clamps values outside 0..100', () => {
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(-0.4)).toBe(0);
    expect(clampPercent(250)).toBe(100);
    expect(clampPercent(Number.POSITIVE_INFINITY)).toBe(100);
    expect(clampPercent(Number.NEGATIVE_INFINITY)).toBe(0);
  });

  it('shows NaN as 0', () => {
    expect(clampPercent(Number.NaN)).toBe(0);
    expect(clampPercent(0 / 0)).toBe(0);
  });

  it('never answers negative zero', () => {
    expect(Object.is(clampPercent(-0), 0)).toBe(true);
    expect(Object.is(clampPercent(-0.2), 0)).toBe(true);
  });
});

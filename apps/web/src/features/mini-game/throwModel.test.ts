import { hitAt } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import {
  POWER_SWEET,
  powerAt,
  powerOffset,
  thrownAt,
  wobbleAmplitude,
  wobbleAt,
} from './throwModel.ts';

describe('the throw', () => {
  it('fills and empties the power meter; the sweet spot flies true, weak drops, strong rises', () => {
    expect(powerAt(0)).toBe(0);
    expect(powerAt(450)).toBeCloseTo(0.5);
    expect(powerAt(900)).toBeCloseTo(1);
    expect(powerAt(1350)).toBeCloseTo(0.5);
    expect(powerOffset((POWER_SWEET.low + POWER_SWEET.high) / 2)).toBe(0);
    expect(powerOffset(0.2)).toBeLessThan(-50);
    expect(powerOffset(1)).toBeGreaterThan(10);
  });

  it('wobbles more the longer it is held and the harder the level', () => {
    expect(wobbleAmplitude('medium', 2000)).toBeGreaterThan(wobbleAmplitude('medium', 0));
    expect(wobbleAmplitude('hard', 500)).toBeGreaterThan(wobbleAmplitude('easy', 500));
    expect(wobbleAmplitude('hard', 60_000)).toBe(34);
    for (let t = 0; t < 5000; t += 97) {
      const w = wobbleAt(t, 10);
      expect(Math.hypot(w.x, w.y)).toBeLessThanOrEqual(10 * Math.SQRT2 + 1e-9);
    }
  });

  it('sends the dart where it is aimed with a steady hand and a good release, low when weak', () => {
    const steady = thrownAt({ x: 0, y: 103 }, { x: 0, y: 0 }, 0.75);
    expect(hitAt(steady.x, steady.y)).toEqual({ ring: 'treble', number: 20 });
    const wobbly = thrownAt({ x: 0, y: 103 }, { x: 3, y: -2 }, 0.75);
    expect(wobbly).toEqual({ x: 3, y: 101 });
    expect(thrownAt({ x: 0, y: 103 }, { x: 0, y: 0 }, 0.2).y).toBeLessThan(60);
  });
});

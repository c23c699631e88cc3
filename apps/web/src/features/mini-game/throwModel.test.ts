import { applyThrow, hitAt, newGame, type Hit } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import {
  COMPUTER_SIGMA_MM,
  POWER_SWEET,
  computerTarget,
  computerThrow,
  gaussian,
  landingPoint,
  powerAt,
  powerOffset,
  wobbleAmplitude,
  wobbleAt,
} from './throwModel.ts';
import { mulberry32 } from '@atrium/protocol/testing';

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

  it('lands where it is aimed with a perfect release', () => {
    const random = mulberry32(1);
    const p = landingPoint({ x: 0, y: 103 }, { x: 0, y: 0 }, 0.75, random);
    expect(hitAt(p.x, p.y)).toEqual({ ring: 'treble', number: 20 });
    expect(Math.abs(gaussian(mulberry32(2)))).toBeLessThan(6);
  });
});

describe('the computer', () => {
  it('goes for T20, then the checkout double, and the ATC target', () => {
    const g = newGame('501', ['You', 'Computer']);
    expect(computerTarget(g)).toEqual({ ring: 'treble', number: 20 });
    const at = (remaining: number) => ({
      ...g,
      players: [{ ...g.players[0]!, remaining }, g.players[1]!],
    });
    expect(computerTarget(at(32))).toEqual({ ring: 'double', number: 16 });
    expect(computerTarget(at(50))).toEqual({ ring: 'bull', number: 25 });
    expect(computerTarget(at(41))).toEqual({ ring: 'single', number: 9 });
    expect(computerTarget(at(3))).toEqual({ ring: 'single', number: 1 });
    expect(computerTarget(at(100))).toEqual({ ring: 'treble', number: 20 });
    expect(computerTarget(at(97))).toEqual({ ring: 'treble', number: 19 });
    const atc = newGame('around-the-clock', ['You', 'Computer']);
    expect(computerTarget(atc)).toEqual({ ring: 'single', number: 1 });
  });

  it('scatters by level: hard hits its ATC target far more often than easy', () => {
    const rate = (level: 'easy' | 'hard') => {
      const random = mulberry32(42);
      let hits = 0;
      const game = newGame('around-the-clock', ['Computer']);
      for (let i = 0; i < 400; i++) {
        const p = computerThrow(game, level, random);
        const hit: Hit = hitAt(p.x, p.y);
        if (applyThrow(game, hit).players[0]!.target === 2) hits++;
      }
      return hits / 400;
    };
    expect(COMPUTER_SIGMA_MM.hard).toBeLessThan(COMPUTER_SIGMA_MM.easy);
    expect(rate('hard')).toBeGreaterThan(0.8);
    expect(rate('easy')).toBeLessThan(0.5);
  });
});

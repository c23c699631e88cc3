import { describe, expect, it } from 'vitest';
import { lookFromSeed } from './avatar-look.ts';

describe('avatar look', () => {
  it('is the same for the same seed, every time', () => {
    expect(lookFromSeed(123_456_789)).toEqual(lookFromSeed(123_456_789));
  });

  it('varies across seeds, part by part', () => {
    const looks = Array.from({ length: 200 }, (_, seed) => lookFromSeed(seed));
    for (const part of ['shirt', 'pants', 'skin', 'hair', 'hairStyle'] as const) {
      expect(new Set(looks.map((look) => look[part])).size).toBeGreaterThan(2);
    }
    const whole = new Set(looks.map((look) => JSON.stringify(look)));
    expect(whole.size).toBeGreaterThan(150);
  });

  it('accepts the whole unsigned 32-bit range', () => {
    const look = lookFromSeed(0xffffffff);
    expect(look.shirt).toMatch(/^#[0-9a-f]{6}$/);
    expect([0, 1, 2]).toContain(look.hairStyle);
  });
});

import {
  BODY_SHAPES,
  BOTTOM_COLOURS,
  encodeLook,
  HAIR_COLOURS,
  HAIR_STYLES,
  SKIN_TONES,
  TOP_COLOURS,
} from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { bodyProportions, lookFromSeed } from './avatar-look.ts';

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

  it('gives a hashed seed one of the original looks: average body, short, bun or long hair', () => {
    for (let seed = 0; seed < 300; seed += 1) {
      const look = lookFromSeed(seed * 7919);
      expect(look.body).toBe(0);
      expect(look.special).toBeNull();
      expect([1, 2, 3]).toContain(look.hairStyle);
    }
  });

  it('accepts the whole unsigned 32-bit range', () => {
    for (const seed of [0, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff]) {
      const look = lookFromSeed(seed);
      expect(look.shirt).toMatch(/^#[0-9a-f]{6}$/);
      expect(look.hairStyle).toBeGreaterThanOrEqual(0);
      expect(look.hairStyle).toBeLessThan(HAIR_STYLES.length);
    }
  });

  it('draws a chosen look exactly as chosen', () => {
    const code = encodeLook({
      body: 3,
      skin: 5,
      hairColour: 7,
      hairStyle: 4,
      top: 9,
      bottom: 6,
      special: 'wizard',
    });
    expect(lookFromSeed(code)).toEqual({
      shirt: TOP_COLOURS[9].hex,
      pants: BOTTOM_COLOURS[6].hex,
      skin: SKIN_TONES[5].hex,
      hair: HAIR_COLOURS[7].hex,
      hairStyle: 4,
      body: 3,
      special: 'wizard',
    });
  });

  it('gives every body shape its own proportions', () => {
    const shapes = BODY_SHAPES.map((_, i) => JSON.stringify(bodyProportions(i)));
    expect(new Set(shapes).size).toBe(BODY_SHAPES.length);
    expect(bodyProportions(0)).toEqual([1, 1, 1]);
    const tall = BODY_SHAPES.findIndex((b) => b.id === 'tall');
    const short = BODY_SHAPES.findIndex((b) => b.id === 'short');
    expect(bodyProportions(tall)[1]).toBeGreaterThan(1);
    expect(bodyProportions(short)[1]).toBeLessThan(1);
  });
});

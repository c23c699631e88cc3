import { describe, expect, it } from 'vitest';
import {
  BODY_SHAPES,
  BOTTOM_COLOURS,
  CHOSEN_LOOK_FLAG,
  CharacterLookSchema,
  decodeLook,
  encodeLook,
  HAIR_COLOURS,
  HAIR_STYLES,
  isChosenLook,
  randomLook,
  SKIN_TONES,
  SPECIAL_LOOKS,
  TOP_COLOURS,
  unlockedSpecials,
  type CharacterLook,
} from './character.ts';
import { CATALOGUE } from './wallet.ts';

const base: CharacterLook = {
  body: 0,
  skin: 0,
  hairColour: 0,
  hairStyle: 0,
  top: 0,
  bottom: 0,
  special: null,
};

describe('character look', () => {
  it('offers at least six choices for every part, and bald among the hair styles', () => {
    for (const list of [
      BODY_SHAPES,
      SKIN_TONES,
      HAIR_COLOURS,
      HAIR_STYLES,
      TOP_COLOURS,
      BOTTOM_COLOURS,
    ]) {
      expect(list.length).toBeGreaterThanOrEqual(6);
      expect(new Set(list.map((o) => o.id)).size).toBe(list.length);
    }
    expect(HAIR_STYLES.map((s) => s.id)).toContain('bald');
  });

  it('round-trips every value of every part exactly, with the flag set', () => {
    const parts = {
      body: BODY_SHAPES.length,
      skin: SKIN_TONES.length,
      hairColour: HAIR_COLOURS.length,
      hairStyle: HAIR_STYLES.length,
      top: TOP_COLOURS.length,
      bottom: BOTTOM_COLOURS.length,
    } as const;
    for (const [part, count] of Object.entries(parts)) {
      for (let i = 0; i < count; i += 1) {
        for (const special of [null, ...SPECIAL_LOOKS]) {
          const look = { ...base, [part]: i, special };
          const code = encodeLook(look);
          expect(code).toBeGreaterThanOrEqual(CHOSEN_LOOK_FLAG);
          expect(code).toBeLessThanOrEqual(0xffffffff);
          expect(isChosenLook(code)).toBe(true);
          expect(decodeLook(code)).toEqual(look);
        }
      }
    }
  });

  it('round-trips random looks and gives different looks different codes', () => {
    let seed = 1;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const codes = new Map<number, string>();
    for (let i = 0; i < 2000; i += 1) {
      const look = { ...randomLook(random), special: SPECIAL_LOOKS[i % 4] ?? null };
      const code = encodeLook(look);
      expect(decodeLook(code)).toEqual(look);
      const json = JSON.stringify(look);
      expect(codes.get(code) ?? json).toBe(json);
      codes.set(code, json);
    }
  });

  it('reads an unflagged number as an old hashed seed, not a chosen look', () => {
    for (const seed of [0, 1, 123456, 0x7fffffff]) {
      expect(isChosenLook(seed)).toBe(false);
      expect(decodeLook(seed)).toBeNull();
    }
  });

  it('refuses codes with an index out of range or stray bits', () => {
    // Body 7 (there are six shapes), top 15 (ten tops), bits above the parts.
    expect(decodeLook((CHOSEN_LOOK_FLAG | 7) >>> 0)).toBeNull();
    expect(decodeLook((CHOSEN_LOOK_FLAG | (15 << 12)) >>> 0)).toBeNull();
    expect(decodeLook((CHOSEN_LOOK_FLAG | (1 << 25)) >>> 0)).toBeNull();
    expect(decodeLook(-1)).toBeNull();
    expect(decodeLook(1.5)).toBeNull();
  });

  it('bounds every part in the schema', () => {
    expect(CharacterLookSchema.safeParse(base).success).toBe(true);
    expect(CharacterLookSchema.safeParse({ ...base, body: BODY_SHAPES.length }).success).toBe(
      false,
    );
    expect(CharacterLookSchema.safeParse({ ...base, skin: -1 }).success).toBe(false);
    expect(CharacterLookSchema.safeParse({ ...base, top: 1.5 }).success).toBe(false);
    expect(CharacterLookSchema.safeParse({ ...base, special: 'pirate' }).success).toBe(false);
    expect(CharacterLookSchema.safeParse({ ...base, extra: 1 }).success).toBe(false);
  });

  it('unlocks each special look with the avatar token the catalogue names for it', () => {
    for (const item of CATALOGUE.filter((i) => i.unlocksLook)) {
      expect(unlockedSpecials([item.id])).toEqual([item.unlocksLook]);
    }
    expect(unlockedSpecials([101, 111])).toEqual([]);
    expect(unlockedSpecials([201, 202, 203])).toEqual(['astronaut', 'robot', 'wizard']);
  });
});

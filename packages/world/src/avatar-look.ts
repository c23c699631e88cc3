import {
  BODY_SHAPES,
  BOTTOM_COLOURS,
  decodeLook,
  HAIR_COLOURS,
  HAIR_STYLES,
  SKIN_TONES,
  TOP_COLOURS,
  type CharacterLook,
  type SpecialLook,
} from '@atrium/protocol';

/**
 * How one avatar looks: colours as CSS hex strings, the body shape and hair style by id, and the
 * special look an avatar NFT unlocked (drawn over the rest), if any.
 */
export interface LookColors {
  shirt: string;
  pants: string;
  skin: string;
  hair: string;
  /** Index into `HAIR_STYLES` (0 bald, 1 short, 2 bun, 3 long, 4 mohawk, 5 curly). */
  hairStyle: number;
  /** Index into `BODY_SHAPES`. */
  body: number;
  special: SpecialLook | null;
}

/** murmur3's finaliser: neighbouring seeds get unrelated bits, so each part varies on its own. */
const mix = (seed: number): number => {
  let h = seed >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

/** The first six skin tones, seven hair colours and six trousers: the looks seeds always had. */
const SEED_SKINS = 6;
const SEED_HAIRS = 7;
const SEED_PANTS = 6;

/** The colours and shapes of a chosen look. */
export const lookColours = (look: CharacterLook): LookColors => ({
  shirt: (TOP_COLOURS[look.top] ?? TOP_COLOURS[0]).hex,
  pants: (BOTTOM_COLOURS[look.bottom] ?? BOTTOM_COLOURS[0]).hex,
  skin: (SKIN_TONES[look.skin] ?? SKIN_TONES[0]).hex,
  hair: (HAIR_COLOURS[look.hairColour] ?? HAIR_COLOURS[0]).hex,
  hairStyle: Math.min(Math.max(look.hairStyle, 0), HAIR_STYLES.length - 1),
  body: Math.min(Math.max(look.body, 0), BODY_SHAPES.length - 1),
  special: look.special,
});

/**
 * The chosen look a world `look` number stands for: a chosen look's code decodes to that look; any
 * other number is a seed derived from the account, hashed into one of the original looks (average
 * body; short hair, bun or long hair; the first skins, hair colours and trousers), so an account
 * that never chose looks the same in every session and to every viewer.
 */
export const characterLookOf = (seed: number): CharacterLook => {
  const chosen = decodeLook(seed);
  if (chosen) return chosen;
  const h = mix(seed);
  return {
    body: 0,
    skin: (h >>> 8) % SEED_SKINS,
    hairColour: (h >>> 12) % SEED_HAIRS,
    hairStyle: 1 + ((h >>> 16) % 3),
    top: h % TOP_COLOURS.length,
    bottom: (h >>> 4) % SEED_PANTS,
    special: null,
  };
};

/** The colours and shapes of the avatar with this world `look` number (see `characterLookOf`). */
export const lookFromSeed = (seed: number): LookColors => lookColours(characterLookOf(seed));

/** How a body shape scales the avatar: width (x), height (y) and depth (z). */
export const bodyProportions = (body: number): [number, number, number] => {
  switch (BODY_SHAPES[body]?.id) {
    case 'slim':
      return [0.84, 1.03, 0.84];
    case 'broad':
      return [1.22, 1.02, 1.08];
    case 'tall':
      return [0.97, 1.13, 0.97];
    case 'short':
      return [1.02, 0.85, 1.02];
    case 'round':
      return [1.3, 0.94, 1.3];
    default:
      return [1, 1, 1];
  }
};

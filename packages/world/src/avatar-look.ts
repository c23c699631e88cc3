/** How one avatar looks: colours as CSS hex strings and one of three hair styles. */
export interface LookColors {
  shirt: string;
  pants: string;
  skin: string;
  hair: string;
  hairStyle: number;
}

/** Shirt colours that stay distinct side by side and sit well with the campus palette. */
const SHIRTS = [
  '#6366f1',
  '#14b8a6',
  '#f59e0b',
  '#e11d48',
  '#0ea5e9',
  '#8b5cf6',
  '#22c55e',
  '#f97316',
  '#ec4899',
  '#64748b',
] as const;
const PANTS = ['#3b4a6b', '#2f3a4f', '#6b5b45', '#4a5568', '#1f4e5f', '#5b4a6e'] as const;
const SKIN = ['#f6d7c3', '#eec4a4', '#d9a27e', '#b97a56', '#8d5a3b', '#6b4330'] as const;
const HAIR = ['#2b2220', '#4a3226', '#7a4b2a', '#c58b4a', '#e3c27f', '#9c9ca6', '#b5523b'] as const;

const pick = <T>(list: readonly T[], h: number): T => list[h % list.length] as T;

/** murmur3's finaliser: neighbouring seeds get unrelated bits, so each part varies on its own. */
const mix = (seed: number): number => {
  let h = seed >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

/**
 * The look of the avatar with this seed (the server's `look`, derived from the account), so an
 * account looks the same in every session and to every viewer.
 */
export const lookFromSeed = (seed: number): LookColors => {
  const h = mix(seed);
  return {
    shirt: pick(SHIRTS, h),
    pants: pick(PANTS, h >>> 4),
    skin: pick(SKIN, h >>> 8),
    hair: pick(HAIR, h >>> 12),
    hairStyle: (h >>> 16) % 3,
  };
};

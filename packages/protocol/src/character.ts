import { z } from 'zod';

/**
 * Issue 18: the character a visitor chooses. Every part is an index into one of the option lists
 * below, so the look travels as one number (the world's `look`) and is drawn the same everywhere.
 */

/** A choice with its label (for the customiser) and, for colours, its CSS hex value. */
export interface LookOption {
  id: string;
  label: string;
}
export interface ColourOption extends LookOption {
  hex: string;
}

/** Body shapes: proportions of the one avatar model. */
export const BODY_SHAPES = [
  { id: 'average', label: 'Average' },
  { id: 'slim', label: 'Slim' },
  { id: 'broad', label: 'Broad' },
  { id: 'tall', label: 'Tall' },
  { id: 'short', label: 'Short' },
  { id: 'round', label: 'Round' },
] as const satisfies readonly LookOption[];

export const SKIN_TONES = [
  { id: 'porcelain', label: 'Porcelain', hex: '#f6d7c3' },
  { id: 'light', label: 'Light', hex: '#eec4a4' },
  { id: 'warm', label: 'Warm', hex: '#d9a27e' },
  { id: 'tan', label: 'Tan', hex: '#b97a56' },
  { id: 'brown', label: 'Brown', hex: '#8d5a3b' },
  { id: 'deep', label: 'Deep', hex: '#6b4330' },
  { id: 'olive', label: 'Olive', hex: '#c9a37a' },
  { id: 'ebony', label: 'Ebony', hex: '#4a2e22' },
] as const satisfies readonly ColourOption[];

export const HAIR_COLOURS = [
  { id: 'black', label: 'Black', hex: '#2b2220' },
  { id: 'dark-brown', label: 'Dark brown', hex: '#4a3226' },
  { id: 'brown', label: 'Brown', hex: '#7a4b2a' },
  { id: 'caramel', label: 'Caramel', hex: '#c58b4a' },
  { id: 'blond', label: 'Blond', hex: '#e3c27f' },
  { id: 'grey', label: 'Grey', hex: '#9c9ca6' },
  { id: 'auburn', label: 'Auburn', hex: '#b5523b' },
  { id: 'blue', label: 'Blue', hex: '#3b6fd1' },
] as const satisfies readonly ColourOption[];

export const HAIR_STYLES = [
  { id: 'bald', label: 'Bald' },
  { id: 'short', label: 'Short' },
  { id: 'bun', label: 'Bun' },
  { id: 'long', label: 'Long' },
  { id: 'mohawk', label: 'Mohawk' },
  { id: 'curly', label: 'Curly' },
] as const satisfies readonly LookOption[];

export const TOP_COLOURS = [
  { id: 'indigo', label: 'Indigo', hex: '#6366f1' },
  { id: 'teal', label: 'Teal', hex: '#14b8a6' },
  { id: 'amber', label: 'Amber', hex: '#f59e0b' },
  { id: 'rose', label: 'Rose', hex: '#e11d48' },
  { id: 'sky', label: 'Sky', hex: '#0ea5e9' },
  { id: 'violet', label: 'Violet', hex: '#8b5cf6' },
  { id: 'green', label: 'Green', hex: '#22c55e' },
  { id: 'orange', label: 'Orange', hex: '#f97316' },
  { id: 'pink', label: 'Pink', hex: '#ec4899' },
  { id: 'slate', label: 'Slate', hex: '#64748b' },
] as const satisfies readonly ColourOption[];

export const BOTTOM_COLOURS = [
  { id: 'navy', label: 'Navy', hex: '#3b4a6b' },
  { id: 'charcoal', label: 'Charcoal', hex: '#2f3a4f' },
  { id: 'khaki', label: 'Khaki', hex: '#6b5b45' },
  { id: 'grey', label: 'Grey', hex: '#4a5568' },
  { id: 'petrol', label: 'Petrol', hex: '#1f4e5f' },
  { id: 'plum', label: 'Plum', hex: '#5b4a6e' },
  { id: 'denim', label: 'Denim', hex: '#4f6fa8' },
  { id: 'olive', label: 'Olive', hex: '#556b2f' },
] as const satisfies readonly ColourOption[];

/** Looks that an avatar NFT unlocks (`CATALOGUE[].unlocksLook` in `wallet.ts`). */
export const SPECIAL_LOOKS = ['astronaut', 'robot', 'wizard'] as const;
export const SpecialLookSchema = z.enum(SPECIAL_LOOKS);
export type SpecialLook = z.infer<typeof SpecialLookSchema>;

/** The avatar NFT token of each special look, and its name for the locked-look hint. */
export const SPECIAL_LOOK_TOKENS: Record<SpecialLook, { tokenId: number; name: string }> = {
  astronaut: { tokenId: 201, name: 'Astronaut' },
  robot: { tokenId: 202, name: 'Robot' },
  wizard: { tokenId: 203, name: 'Wizard' },
};

/** The special looks the given owned avatar token ids unlock. */
export const unlockedSpecials = (ownedAvatarIds: readonly number[]): SpecialLook[] =>
  SPECIAL_LOOKS.filter((s) => ownedAvatarIds.includes(SPECIAL_LOOK_TOKENS[s].tokenId));

const index = (list: readonly unknown[], part: string) =>
  z
    .number({ error: `${part} must be a number` })
    .int(`${part} must be a whole number`)
    .min(0, `${part} must be between 0 and ${list.length - 1}`)
    .max(list.length - 1, `${part} must be between 0 and ${list.length - 1}`);

export const CharacterLookSchema = z.strictObject({
  body: index(BODY_SHAPES, 'body'),
  skin: index(SKIN_TONES, 'skin'),
  hairColour: index(HAIR_COLOURS, 'hairColour'),
  hairStyle: index(HAIR_STYLES, 'hairStyle'),
  top: index(TOP_COLOURS, 'top'),
  bottom: index(BOTTOM_COLOURS, 'bottom'),
  /** A look unlocked by an avatar NFT, drawn over the parts above; null for none. */
  special: SpecialLookSchema.nullable(),
});
export type CharacterLook = z.infer<typeof CharacterLookSchema>;

/** Set on a look code that holds a chosen look; without it the code is a hashed account seed. */
export const CHOSEN_LOOK_FLAG = 0x8000_0000;

/** Bit offset and width of each part in a look code (21 bits under the flag). */
const FIELDS = [
  ['body', 0, 3],
  ['skin', 3, 3],
  ['hairColour', 6, 3],
  ['hairStyle', 9, 3],
  ['top', 12, 4],
  ['bottom', 16, 3],
] as const;
const SPECIAL_SHIFT = 19;
const USED_BITS = (1 << 21) - 1;

/** The look as one unsigned 32-bit number for the world's `look` field (flag bit set). */
export const encodeLook = (look: CharacterLook): number => {
  let code = 0;
  for (const [part, shift] of FIELDS) code |= look[part] << shift;
  const special = look.special === null ? 0 : SPECIAL_LOOKS.indexOf(look.special) + 1;
  code |= special << SPECIAL_SHIFT;
  return (code | CHOSEN_LOOK_FLAG) >>> 0;
};

/** True when `code` holds a chosen look (not a hashed seed). */
export const isChosenLook = (code: number): boolean =>
  Number.isInteger(code) && code >= 0 && code <= 0xffff_ffff && (code & CHOSEN_LOOK_FLAG) !== 0;

/**
 * The chosen look in `code`, or null when the code is an old hashed seed or does not decode to a
 * valid look (an index out of range, bits set beyond the parts).
 */
export const decodeLook = (code: number): CharacterLook | null => {
  if (!isChosenLook(code)) return null;
  const bits = (code & ~CHOSEN_LOOK_FLAG) >>> 0;
  if ((bits & ~USED_BITS) !== 0) return null;
  const field = (shift: number, width: number) => (bits >>> shift) & ((1 << width) - 1);
  const specialIndex = field(SPECIAL_SHIFT, 2);
  const look = {
    body: field(0, 3),
    skin: field(3, 3),
    hairColour: field(6, 3),
    hairStyle: field(9, 3),
    top: field(12, 4),
    bottom: field(16, 3),
    special: specialIndex === 0 ? null : (SPECIAL_LOOKS[specialIndex - 1] ?? null),
  };
  const parsed = CharacterLookSchema.safeParse(look);
  return parsed.success ? parsed.data : null;
};

/** A look made of random choices (no special look), for the customiser's Randomise. */
export const randomLook = (random: () => number = Math.random): CharacterLook => {
  const pick = (list: readonly unknown[]) => Math.floor(random() * list.length) % list.length;
  return {
    body: pick(BODY_SHAPES),
    skin: pick(SKIN_TONES),
    hairColour: pick(HAIR_COLOURS),
    hairStyle: pick(HAIR_STYLES),
    top: pick(TOP_COLOURS),
    bottom: pick(BOTTOM_COLOURS),
    special: null,
  };
};

/** The customiser's texts. */
export const CharacterText = {
  title: 'Customise your character',
  open: 'Customise character',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  randomise: 'Randomise',
  saved: 'Your character has been saved.',
  savedForVisit: 'Your character is set for this visit.',
  saveFailed: 'Your character could not be saved. Please try again.',
  loading: 'Loading your character…',
  loadFailed: 'Your character could not be loaded.',
  preview: 'Preview of your character. Drag to turn it.',
  previewUnavailable: 'The preview cannot be shown in this browser.',
  body: 'Body',
  skin: 'Skin',
  hairColour: 'Hair colour',
  hairStyle: 'Hair style',
  top: 'Top',
  bottom: 'Bottom',
  special: 'Avatar looks',
  noSpecial: 'None',
  locked: 'Locked',
  /** A special look whose avatar NFT the account does not own. */
  lockedLook: (name: string) => `Own the ${name} avatar NFT to wear this look.`,
  /** What a guest is told in the customiser (the guest warning: the character is not kept). */
  guestNote:
    'As a guest, your customised character cannot be saved: it is kept for this visit only.',
  /** A guest's save, refused by the server. */
  guestCannotSave: 'As a guest, your customised character cannot be saved. Register to keep it.',
  guestNoSpecial: 'Guests cannot wear avatar NFT looks.',
  lookInvalid: 'This character look does not exist.',
} as const;

/** `GET`/`PUT /api/character/look`: the account's look and what it may wear. */
export const CharacterLookResponseSchema = z.object({
  /** The chosen look; null when the account never chose one. */
  look: CharacterLookSchema.nullable(),
  /** The number the world shows for this account (the chosen look's code, else its seed). */
  code: z.number().int().min(0).max(0xffff_ffff),
  /** The special looks the account's avatar NFTs unlock. */
  unlocked: z.array(SpecialLookSchema),
  guest: z.boolean(),
});
export type CharacterLookResponse = z.infer<typeof CharacterLookResponseSchema>;

export const CharacterLookRequestSchema = z.strictObject({ look: CharacterLookSchema });
export type CharacterLookRequest = z.infer<typeof CharacterLookRequestSchema>;

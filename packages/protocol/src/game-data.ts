import { z } from 'zod';
import { okWith } from './envelope.ts';
import { lineText, multilineText } from './text.ts';

/** Texts of the mini-game data store (SPEC §5 names the rules, not the words). */
export const GameDataText = {
  keyRequired: 'Key is required.',
  valueRequired: 'Value is required.',
  keyTooLong: 'Key must be at most 100 characters.',
  valueTooLong: 'Value must be at most 10000 characters.',
  userIdMismatch: 'You can only use your own game data.',
  tooManyKeys: 'You have stored too many game data keys. Please remove some first.',
  tooManyWrites: 'Too many game data changes in a short time. Please wait a minute and try again.',
} as const;

export const GameDataLimits = {
  maxKeyLength: 100,
  maxValueLength: 10_000,
  /** Keys one user may hold; a set of an existing key always works. */
  maxKeysPerUser: 200,
  writesPerMinute: 120,
} as const;

/**
 * The optional `userId` of SPEC §7. The data always belongs to the token's user; a `userId` for
 * anyone else is refused (403) rather than silently ignored, so a caller's bug shows.
 */
const UserIdField = lineText('userId must be text.').trim().max(200).optional();

const KeyField = lineText(GameDataText.keyRequired)
  .trim()
  .min(1, GameDataText.keyRequired)
  .max(GameDataLimits.maxKeyLength, GameDataText.keyTooLong);

/** A game's value: text (numbers and booleans are kept as their text). */
const ValueField = z
  .union([z.string(), z.number().finite(), z.boolean()], { error: GameDataText.valueRequired })
  .transform(String)
  .pipe(
    multilineText()
      .min(1, GameDataText.valueRequired)
      .max(GameDataLimits.maxValueLength, GameDataText.valueTooLong),
  );

/** SPEC §7 `POST /apimember/game-data-set`: userId, key, value. */
export const GameDataSetRequestSchema = z.object({
  userId: UserIdField,
  key: KeyField,
  value: ValueField,
});
export type GameDataSetRequest = z.input<typeof GameDataSetRequestSchema>;

/** SPEC §7 `POST /apimember/game-data-get`: userId, key. */
export const GameDataGetRequestSchema = z.object({ userId: UserIdField, key: KeyField });
export type GameDataGetRequest = z.input<typeof GameDataGetRequestSchema>;

export const GameDataSetResponseSchema = okWith({ result: z.literal('OK') });
export type GameDataSetResponse = z.infer<typeof GameDataSetResponseSchema>;

/** `data` is the stored value, or null for a key never set. */
export const GameDataGetResponseSchema = okWith({
  result: z.literal('OK'),
  data: z.string().nullable(),
});
export type GameDataGetResponse = z.infer<typeof GameDataGetResponseSchema>;

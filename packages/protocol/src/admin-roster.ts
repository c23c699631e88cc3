// Issue 29: the roster import: accounts created from a CSV, checked row by row first.
import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

export const ROSTER_MAX_ROWS = 1000;
export const ROSTER_COLUMNS = ['username', 'email', 'role', 'class'] as const;
/** The template an admin downloads: the header and two example rows. */
export const ROSTER_TEMPLATE_CSV =
  'username,email,role,class\r\nada.l,ada@school.example,member,Year 7 Blue\r\nmr.babbage,babbage@school.example,teacher,\r\n';

export const RosterText = {
  duplicateUsername: 'This username is twice in the file.',
  duplicateEmail: 'This email address is twice in the file.',
  usernameTaken: 'An account with this username exists.',
  emailTaken: 'An account with this email address exists.',
  roleUnknown: 'The role must be member or teacher.',
  tooMany: `At most ${ROSTER_MAX_ROWS} rows at once.`,
  empty: 'The file has no rows.',
  fixFirst: 'Some rows have problems: fix them, then import.',
  imported: '{count} accounts created. Their activation mails are on their way.',
} as const;

/** One row as read from the CSV: the server checks each field and says what is wrong. */
export const RosterRowSchema = z.object({
  username: z.string().max(200),
  email: z.string().max(400),
  role: z.string().max(40),
  class: z.string().max(200).default(''),
});
export type RosterRow = z.input<typeof RosterRowSchema>;

export const RosterBodySchema = z.strictObject({
  rows: z.array(RosterRowSchema).min(1, RosterText.empty).max(ROSTER_MAX_ROWS, RosterText.tooMany),
});

export const RosterProblemSchema = z.object({
  /** The row's index in `rows` (0 is the first row after the header). */
  row: z.number().int(),
  problems: z.array(z.string()),
});
export type RosterProblem = z.infer<typeof RosterProblemSchema>;
export const RosterCheckResponseSchema = okEnvelope(
  z.object({ rows: z.number().int(), problems: z.array(RosterProblemSchema) }),
);

/**
 * The import's answer is a stream of JSON lines: `{done, total}` as accounts are written, then
 * one last line, `{status: true, message, created}` or the failure envelope.
 */
export const RosterProgressSchema = z.union([
  z.object({ done: z.number().int(), total: z.number().int() }),
  z.object({ status: z.literal(true), message: z.string(), created: z.number().int() }),
  z.object({ status: z.literal(false), message: z.string() }),
]);
export type RosterProgress = z.infer<typeof RosterProgressSchema>;

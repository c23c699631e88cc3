// Issue 29: moderation: members' reports and the queue admins work through, and the sanctions
// (warn, mute, kick, ban) an admin gives a person or a network address.
import { z } from 'zod';
import { okEnvelope, okWith } from './envelope.ts';
import { pageNumber, pageSize } from './admin-paging.ts';
import { AdminText } from './admin-text.ts';

// --- Reports.

export const REPORT_REASONS = ['harassment', 'spam', 'inappropriate', 'cheating', 'other'] as const;
export const reportReasonLabels: Record<(typeof REPORT_REASONS)[number], string> = {
  harassment: 'Harassment or bullying',
  spam: 'Spam',
  inappropriate: 'Inappropriate content',
  cheating: 'Cheating',
  other: 'Something else',
};
export const ReportReasonSchema = z.enum(REPORT_REASONS, { error: 'Choose a reason.' });
export const REPORT_NOTE_MAX = 500;

/** A member's report. The server reads the message itself; the page only names it. */
export const ReportCreateSchema = z.strictObject({
  username: z.string().trim().min(1, 'Choose the person to report.').max(64),
  reason: ReportReasonSchema,
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX, `The note must be at most ${REPORT_NOTE_MAX} characters.`)
    .default(''),
  /** Where it happened: a chat room or a class. */
  room: z.string().trim().max(64).optional(),
  /** The reported chat message's id. */
  message_id: z
    .number({ error: 'That message does not exist.' })
    .int('That message does not exist.')
    .min(1, 'That message does not exist.')
    .optional(),
});
export type ReportCreate = z.input<typeof ReportCreateSchema>;

export const REPORT_STATES = ['open', 'resolved'] as const;
export const ReportSchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    reporter: z.string(),
    target: z.string(),
    target_id: z.string(),
    reason: ReportReasonSchema,
    note: z.string(),
    room: z.string().nullable(),
    /** The reported message as it was stored when reported, and its id (to remove it). */
    message: z.string().nullable(),
    message_id: z.number().int().nullable(),
    state: z.enum(REPORT_STATES),
    resolution: z.string().nullable(),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof ReportSchema>;

export const ReportsQuerySchema = z.strictObject({
  state: z.enum(REPORT_STATES, { error: 'The state must be open or resolved.' }).default('open'),
  page: pageNumber.default(1),
  page_size: pageSize.default(25),
});
export const ReportsPageResponseSchema = okEnvelope(
  z.object({
    rows: z.array(ReportSchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
);
export const ReportIdParamsSchema = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});
export const ReportResolveSchema = z.strictObject({
  resolution: z.string().trim().min(1, 'Say what was done.').max(200),
});

// --- Sanctions.

export const SANCTION_KINDS = ['warn', 'mute', 'kick', 'ban'] as const;
export const SanctionKindSchema = z.enum(SANCTION_KINDS, {
  error: 'The action must be warn, mute, kick or ban.',
});
export type SanctionKind = z.infer<typeof SanctionKindSchema>;

/** Durations the console offers, in minutes; a ban may also be for good (no minutes). */
export const SANCTION_MINUTES_MAX = 60 * 24 * 366;

export const SanctionCreateSchema = z
  .strictObject({
    kind: SanctionKindSchema,
    user_id: z.uuid(AdminText.personNotFound).optional(),
    /** A guest's network address (bans only). */
    address: z.union([z.ipv4(), z.ipv6()], { error: 'That is not a network address.' }).optional(),
    /** How long a mute or ban lasts; a ban without minutes is for good. */
    minutes: z
      .number()
      .int('Minutes must be a whole number.')
      .min(1, 'At least 1 minute.')
      .max(SANCTION_MINUTES_MAX, 'At most a year.')
      .optional(),
    reason: z
      .string()
      .trim()
      .min(1, 'Give a reason.')
      .max(500, 'The reason must be at most 500 characters.'),
    report_id: z.number().int().min(1).optional(),
  })
  .refine((v) => (v.user_id === undefined) !== (v.address === undefined), {
    message: AdminText.sanctionNeedsTarget,
  })
  .refine((v) => v.address === undefined || v.kind === 'ban', { message: AdminText.addressOnlyBan })
  .refine((v) => v.kind !== 'mute' || v.minutes !== undefined, {
    message: 'Say how many minutes the mute lasts.',
  });
export type SanctionCreate = z.infer<typeof SanctionCreateSchema>;

export const SanctionSchema = z
  .object({
    id: z.number().int(),
    kind: SanctionKindSchema,
    at: z.string(),
    by: z.string(),
    target: z.string(),
    user_id: z.string().nullable(),
    address: z.string().nullable(),
    /** null: for good (bans) or at once (warn, kick). */
    until: z.string().nullable(),
    reason: z.string(),
    lifted_at: z.string().nullable(),
  })
  .meta({ id: 'Sanction' });
export type Sanction = z.infer<typeof SanctionSchema>;

export const SanctionResponseSchema = okWith({ message: z.string(), data: SanctionSchema });
export const SanctionsQuerySchema = z.strictObject({
  /** Only mutes and bans in force (default), or everything. */
  active: z.enum(['1', '0']).default('1'),
  page: pageNumber.default(1),
  page_size: pageSize.default(25),
});
export const SanctionsPageResponseSchema = okEnvelope(
  z.object({
    rows: z.array(SanctionSchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
);
export const SanctionIdParamsSchema = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

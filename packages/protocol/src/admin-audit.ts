// Issue 29: the audit log: who did what to whom, from the console and from other features' admin
// calls.
import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { pageNumber, pageSize, searchText } from './admin-paging.ts';

export const AUDIT_ACTIONS = [
  'person.create',
  'person.update',
  'person.role',
  'person.deactivate',
  'person.reactivate',
  'person.delete',
  'person.activation',
  'report.resolve',
  'sanction.warn',
  'sanction.mute',
  'sanction.kick',
  'sanction.ban',
  'sanction.lift',
  'settings.access',
  'roster.import',
  'classroom.end',
  'classroom.policy',
  'settings.public',
  // Admin calls of other features (`RouteSpec.audit`): the path and what was sent.
  'poster.create',
  'poster.update',
  'poster.delete',
  'poster.image',
  'share.create',
  'share.update',
  'share.delete',
  'settings.limits',
  'settings.wallet',
  'settings.classroom',
  'settings.popup_allowlist',
  'events.gallery',
  'events.countdown',
  'chat.remove',
  'chat.clear',
  'leaderboard.remove',
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS, { error: 'Unknown action.' });
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const AuditQuerySchema = z.strictObject({
  q: searchText.optional(),
  action: AuditActionSchema.optional(),
  page: pageNumber.default(1),
  page_size: pageSize.default(25),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    /** Who acted: an account's name, or `cli` for the command line. */
    actor: z.string(),
    actor_id: z.string().nullable(),
    action: AuditActionSchema,
    target: z.string(),
    target_id: z.string().nullable(),
    address: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageResponseSchema = okEnvelope(
  z.object({
    rows: z.array(AuditEntrySchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
);

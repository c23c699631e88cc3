// Issue 29: the admin console's tables: the audit log, reports, sanctions and token revocations.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Every admin action and role change, from the console or the CLI. No foreign key: an entry
 * outlives the accounts it names (deleting a person keeps their audit entries).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The acting account, or null for the command line. */
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label').notNull(),
    address: text('address'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_action_idx').on(t.action, t.at)],
);
export type AuditRow = typeof auditLog.$inferSelect;

/** A member's report of another person; the admins' queue. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reporterName: text('reporter_name').notNull(),
    targetId: uuid('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetName: text('target_name').notNull(),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    room: text('room'),
    messageId: bigint('message_id', { mode: 'number' }),
    /** The reported message's text as stored when reported (it may be removed later). */
    message: text('message'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by'),
    resolution: text('resolution'),
  },
  (t) => [index('reports_open_idx').on(t.resolvedAt, t.at)],
);
export type ReportRow = typeof reports.$inferSelect;

/**
 * Warnings, chat mutes, kicks and bans. A ban names an account or a guest's network address;
 * `until` null is for good (a ban) or at once (warn, kick). `lifted_at` ends one early.
 */
export const sanctions = pgTable(
  'sanctions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['warn', 'mute', 'kick', 'ban'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    address: text('address'),
    targetLabel: text('target_label').notNull(),
    until: timestamp('until', { withTimezone: true }),
    reason: text('reason').notNull(),
    byId: uuid('by_id'),
    byName: text('by_name').notNull(),
    reportId: integer('report_id'),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
  },
  (t) => [
    index('sanctions_user_idx').on(t.userId, t.kind),
    index('sanctions_address_idx').on(t.address),
    check('sanctions_target_check', sql`(${t.userId} is null) <> (${t.address} is null)`),
  ],
);
export type SanctionRow = typeof sanctions.$inferSelect;

/**
 * Access tokens of a subject (an account id or a guest's `guest:` id) issued before
 * `valid_after` are refused: a kick, a ban, a deactivation or a deletion ends every session at
 * once. Rows older than the longest token's life are pruned.
 */
export const tokenRevocations = pgTable('token_revocations', {
  subject: text('subject').primaryKey(),
  validAfter: timestamp('valid_after', { withTimezone: true }).notNull(),
});

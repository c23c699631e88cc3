// Accounts, settings, sign-in tokens, the mail outbox and OpenID Connect links.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Accounts. `status`: 0 waiting for activation, 1 active, 2 disabled. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['admin', 'teacher', 'member'] })
      .notNull()
      .default('member'),
    status: integer('status').notNull().default(0),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    profilePicture: text('profile_picture').notNull().default(''),
    description: text('description').notNull().default(''),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    lastSeen: timestamp('last_seen', { withTimezone: true }),
    /** When the user last opened the album: newer screenshots light "My Album"'s dot. */
    albumSeenAt: timestamp('album_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // Issue 29: the console's search matches the start of a username or email; these serve
    // `lower(…) like 'q%'` whatever the database's collation.
    index('users_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    index('users_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    check('users_role_check', sql`${t.role} in ('admin', 'teacher', 'member')`),
  ],
);
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** Key/value settings; `public` ones are readable through GET /api/public/custom-setting. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  public: boolean('public').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Refresh tokens, stored hashed. Each login starts a family; every refresh rotates to a new
 * token of the same family. Presenting a rotated (used) token revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/** Single-use activation and recovery tokens, stored hashed. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['activation', 'recovery'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('user_tokens_hash_idx').on(t.tokenHash)],
);

/** Mails kept when no SMTP server is configured; listed at /dev/mail in development. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Accounts linked to an OpenID Connect provider's subject. */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
);

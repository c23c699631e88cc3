// Mini-games, event forms, characters and the wallet.
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { users } from './accounts.ts';

// ---- gamedata (issue 17): SPEC §7 `/apimember/game-data-set` and `-get` ----

/** A mini game's stored value for one user and key (SPEC §5: per user, guests have none). */
export const gameData = pgTable(
  'game_data',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
export type GameDataRow = typeof gameData.$inferSelect;

// --- Mini-game (issue 17): darts sessions, results and matches between two people.

/**
 * One darts game from its start to its result. `owner_sub` is the token's subject (a guest's
 * too); `user_id` is set for accounts only, and only their won rows make the leaderboard.
 * A game against the computer is played here (issue 27): `game` is its state, `seed` the secret
 * from which the server draws where its darts land, `ready_at` the soonest the next dart is taken.
 * `finished_at` is set once, by the server, when somebody wins.
 */
export const dartsSessions = pgTable(
  'darts_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerSub: text('owner_sub').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    isGuest: boolean('is_guest').notNull().default(false),
    mode: text('mode').notNull(),
    /** 'computer-1' … 'computer-3', or 'person'. */
    opponent: text('opponent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    winnerName: text('winner_name'),
    isWinner: boolean('is_winner'),
    /** Darts the owner threw in the game. */
    darts: integer('darts'),
    seed: text('seed'),
    game: jsonb('game'),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (t) => [
    index('darts_sessions_board_idx')
      .on(t.mode, t.userId)
      .where(sql`${t.isWinner} and ${t.userId} is not null`),
  ],
);
export type DartsSessionRow = typeof dartsSessions.$inferSelect;

/**
 * A match between two people on the campus. The game state lives here (not in one process's
 * memory), and every dart is applied under a row lock, so players on two processes agree.
 */
export const dartsMatches = pgTable('darts_matches', {
  id: uuid('id').primaryKey().defaultRandom(),
  mode: text('mode').notNull(),
  inviterId: uuid('inviter_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  inviterName: text('inviter_name').notNull(),
  inviteeId: uuid('invitee_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  inviteeName: text('invitee_name').notNull(),
  /** invited, playing, finished, declined, left. */
  status: text('status').notNull().default('invited'),
  game: jsonb('game'),
  /** As on a session: the secret the darts' scatter is drawn from, the soonest next dart. */
  seed: text('seed'),
  readyAt: timestamp('ready_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type DartsMatchRow = typeof dartsMatches.$inferSelect;

// ---- events (issue 17): the voting and record-breaking forms ----

/**
 * SPEC §3's voting and record-breaking payloads, one row each, trimmed. `email_key` is the email
 * lowercased: one vote per email address (a partial unique index, so the record form is free).
 */
export const eventSubmissions = pgTable(
  'event_submissions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    voteTeam: integer('vote_team'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailKey: text('email_key').notNull(),
    phoneNumber: text('phone_number').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_submissions_one_vote_idx')
      .on(t.emailKey)
      .where(sql`kind = 'voting'`),
    index('event_submissions_kind_idx').on(t.kind, t.id),
    check('event_submissions_kind_check', sql`${t.kind} in ('voting', 'record')`),
    check(
      'event_submissions_team_check',
      sql`(${t.kind} = 'voting' and ${t.voteTeam} in (1, 2)) or (${t.kind} = 'record' and ${t.voteTeam} is null)`,
    ),
  ],
);
export type EventSubmissionRow = typeof eventSubmissions.$inferSelect;

/**
 * Issue 18: the character look an account chose in the customiser, as the world's look code
 * (`encodeLook`: flag bit 31 and the parts' indexes). Accounts without a row wear their seed.
 */
export const characterLooks = pgTable(
  'character_looks',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: bigint('code', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('character_looks_code_range', sql`${t.code} between 2147483648 and 4294967295`)],
);

/**
 * Issue 18: the wallet address linked to an account by Sign-In with Ethereum. One address links to
 * one account and one account to one address; the address is stored lowercase.
 */
export const walletLinks = pgTable(
  'wallet_links',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    chainId: integer('chain_id').notNull(),
    signature: text('signature').notNull(),
    message: text('message').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_links_address_idx').on(t.address),
    check('wallet_links_address_lower', sql`${t.address} = lower(${t.address})`),
  ],
);
export type WalletLinkRow = typeof walletLinks.$inferSelect;

/**
 * One-use SIWE nonces, in the database so that every server process accepts a nonce another one
 * issued, and only once (`used_at` is set by a conditional update).
 */
export const siweNonces = pgTable(
  'siwe_nonces',
  {
    nonce: text('nonce').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('siwe_nonces_expires_idx').on(t.expiresAt)],
);

// What admins put in the worlds and what visitors keep: posters, shares, screenshots, share links
// and the streamed player's slots.
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Posters hung in a world (SPEC "Poster description popup"); managed by admins. */
export const posters = pgTable('posters', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  world: text('world').notNull().default('campus'),
  title: text('title').notNull(),
  image: text('image').notNull(),
  description: text('description').notNull().default(''),
  printUrl: text('print_url'),
  nftTokenId: text('nft_token_id'),
  nftPrice: text('nft_price'),
  slot: integer('slot').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PosterRow = typeof posters.$inferSelect;

/**
 * Shares: an embeddable world at `/embed/{id}` (the Player SDK's share id). `allowedOrigins` are
 * the host pages that may frame it and send it commands; the server's own origin always may.
 */
export const shares = pgTable('shares', {
  id: text('id').primaryKey(),
  world: text('world').notNull().default('campus'),
  title: text('title').notNull(),
  allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull().default([]),
  /** Vertical resolution: 0 (auto), 360, 720 or 1080. */
  defaultQuality: integer('default_quality').notNull().default(1080),
  /** The named spot where visitors arrive (e.g. `plaza`, `gallery`). */
  defaultLocation: text('default_location'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ShareRow = typeof shares.$inferSelect;

/**
 * Album screenshots (SPEC §3). `image` and `imageThumb` are bare server-made file names under
 * `{DATA_DIR}/files/screenshots/{userId}/`; `modifiedDate` is when the picture last changed.
 */
export const screenshots = pgTable(
  'screenshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    screenshotTitle: text('screenshot_title').notNull(),
    placeId: text('place_id').notNull(),
    description: text('description').notNull().default(''),
    image: text('image').notNull(),
    imageThumb: text('image_thumb').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedDate: timestamp('modified_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('screenshots_user_created_idx').on(t.userId, t.createdAt.desc())],
);
export type ScreenshotRow = typeof screenshots.$inferSelect;

/**
 * Public share links of album screenshots. `token` is 32 random bytes as base64url; a screenshot
 * has at most one live (unrevoked) link, and its links go with it when it is deleted.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    token: text('token').primaryKey(),
    screenshotId: uuid('screenshot_id')
      .notNull()
      .references(() => screenshots.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('share_links_screenshot_idx').on(t.screenshotId),
    uniqueIndex('share_links_live_idx')
      .on(t.screenshotId)
      .where(sql`revoked_at is null`),
  ],
);
export type ShareLinkRow = typeof shareLinks.$inferSelect;

/**
 * Stream slots (SPEC §7 balancing): each open world session holds one numbered slot. A slot that
 * is not renewed before `expiresAt` is free again; reclaiming frees it at once.
 */
export const playerSlots = pgTable(
  'player_slots',
  {
    uniqueId: uuid('unique_id').primaryKey().defaultRandom(),
    playerId: integer('player_id').notNull(),
    /** The account or guest subject that took it. */
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('player_slots_player_id_idx').on(t.playerId)],
);

/**
 * Issue 31: render nodes (processes that draw the world in headless Chromium and stream it), as
 * each last said it was alive. A node that stops saying so is removed with its render slots.
 */
export const renderNodes = pgTable('render_nodes', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  region: text('region').notNull(),
  version: text('version').notNull(),
  /** Streamed sessions it holds at once. */
  capacity: integer('capacity').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

/** Issue 31: a stream slot's place on a render node; goes with its slot or its node. */
export const renderSlots = pgTable(
  'render_slots',
  {
    uniqueId: uuid('unique_id')
      .primaryKey()
      .references(() => playerSlots.uniqueId, { onDelete: 'cascade' }),
    nodeId: text('node_id')
      .notNull()
      .references(() => renderNodes.id, { onDelete: 'cascade' }),
    /** 1..capacity on its node. */
    slot: integer('slot').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('render_slots_node_slot_idx').on(t.nodeId, t.slot)],
);

// Chat and the social layer: messages, chat-room data, friendships, the inbox, notifications and
// blocks.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Chat messages per room (SPEC §3): room-1..3 or any typed-in classroom name. `username` is the
 * poster's name when it was sent, so a message outlives a renamed or deleted account; the serial
 * id orders a room's history and is the paging cursor.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    room: text('room').notNull(),
    userId: uuid('user_id').notNull(),
    username: text('username').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_room_id_idx').on(t.room, t.id.desc())],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** Chat-room data (SPEC §3): one value per key and room. */
export const chatRoomData = pgTable(
  'chat_room_data',
  {
    room: text('room').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.room, t.key] })],
);

/**
 * Friendships (SPEC §3 `UserFriends/{userId}/{friendId}` and `AllUserFriends`): one record on each
 * side, written together in one transaction so both always agree. `status` 0 pending, 1 friends,
 * 2 rejected; `requested_by` says who sent the request, so only the other side answers it.
 */
export const friendships = pgTable(
  'friendships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: uuid('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: integer('status').notNull(),
    requestedBy: uuid('requested_by').notNull(),
    requestedOn: timestamp('requested_on', { withTimezone: true }).notNull(),
    approvedOn: timestamp('approved_on', { withTimezone: true }),
    rejectedOn: timestamp('rejected_on', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.friendId] }),
    check('friendships_status_check', sql`${t.status} in (0, 1, 2)`),
    check('friendships_not_self', sql`${t.userId} <> ${t.friendId}`),
  ],
);
export type FriendshipRow = typeof friendships.$inferSelect;

/**
 * SPEC §3 `UsersInbox_{type}/{username}`: at most one pending message per recipient and type
 * (the primary key); a message older than one hour counts as gone.
 */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inbox: text('inbox').notNull(),
    type: text('type').notNull(),
    fromId: uuid('from_id').notNull(),
    fromName: text('from_name').notNull(),
    isFriend: boolean('is_friend').notNull().default(false),
    userActionType: text('user_action_type'),
    channel: text('channel'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recipientId, t.inbox] })],
);
export type InboxMessageRow = typeof inboxMessages.$inferSelect;

/** SPEC §3 `UsersNotification/{userId}/{pushKey}`; the serial id orders them. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    sendBy: uuid('send_by').notNull(),
    sendByUsername: text('send_by_username').notNull(),
    requestBy: uuid('request_by').notNull(),
    requestByUsername: text('request_by_username').notNull(),
    userAction: text('user_action'),
    requestedOn: timestamp('requested_on', { withTimezone: true }),
    approvedOn: timestamp('approved_on', { withTimezone: true }),
    rejectedOn: timestamp('rejected_on', { withTimezone: true }),
    status: integer('status').notNull().default(0),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_id_idx').on(t.userId, t.id.desc())],
);
export type NotificationRow = typeof notifications.$inferSelect;

/** A user's blocks: the blocked user's requests, calls and invites to the blocker are refused. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

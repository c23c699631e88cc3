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
 * Classrooms (SPEC §9 room-1..3, created by the migration): the global mute flags of SPEC §3,
 * and who shares the screen (one sharer per room; PostgreSQL decides between processes).
 */
export const classroomChannels = pgTable('classroom_channels', {
  channel: text('channel').primaryKey(),
  globalMuteAudio: boolean('global_mute_audio').notNull().default(false),
  globalMuteVideo: boolean('global_mute_video').notNull().default(false),
  /** The account sharing its screen, or null. */
  screenSharer: uuid('screen_sharer'),
  /** Issue 28: `open`, or `ask` (students wait in the lobby until a teacher admits them). */
  entryPolicy: text('entry_policy', { enum: ['open', 'ask'] })
    .notNull()
    .default('open'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ClassroomChannelRow = typeof classroomChannels.$inferSelect;

/**
 * Who is in which classroom, one row per joined socket (any process). `feed` is the participant
 * id: Janus's id of that person's publisher; the mids are known once they publish.
 */
export const classroomParticipants = pgTable(
  'classroom_participants',
  {
    socketId: text('socket_id').primaryKey(),
    channel: text('channel')
      .notNull()
      .references(() => classroomChannels.channel, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    role: text('role').notNull(),
    name: text('name').notNull(),
    feed: bigint('feed', { mode: 'number' }).notNull(),
    audioMid: text('audio_mid'),
    videoMid: text('video_mid'),
    /** The m-line of the screen share: its own stream, untouched by a camera mute (issue 27). */
    screenMid: text('screen_mid'),
    /** What the person's browser says it sends (their own switches); see MediaState. */
    audioOn: boolean('audio_on').notNull().default(false),
    videoOn: boolean('video_on').notNull().default(false),
    audioProhibited: boolean('audio_prohibited').notNull().default(false),
    videoProhibited: boolean('video_prohibited').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('classroom_participants_channel_idx').on(t.channel),
    uniqueIndex('classroom_participants_feed_idx').on(t.channel, t.feed),
  ],
);
export type ClassroomParticipantRow = typeof classroomParticipants.$inferSelect;

/**
 * Which Janus (its URL in JANUS_URLS) carries a video room, so that every process sends that
 * room's people to the same one (issue 28 §6). A room on a Janus that died is moved by the next
 * join that finds it so; rows are never deleted before their room's row.
 */
export const classroomMediaPlacements = pgTable('classroom_media_placements', {
  channel: text('channel')
    .primaryKey()
    .references(() => classroomChannels.channel, { onDelete: 'cascade' }),
  server: text('server').notNull(),
  placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ClassroomMediaPlacementRow = typeof classroomMediaPlacements.$inferSelect;

/**
 * Raised hands (issue 28): one per person and class, kept while its person reconnects; the queue
 * is ordered by `raisedAt`. A deliberate leave lowers it; the class emptying clears them all.
 */
export const classroomHands = pgTable(
  'classroom_hands',
  {
    channel: text('channel')
      .notNull()
      .references(() => classroomChannels.channel, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.userId] })],
);
export type ClassroomHandRow = typeof classroomHands.$inferSelect;

/**
 * The lobby of a class (issue 28 §1), per person: `waiting` (with the socket that waits, so a
 * closed tab leaves the list), `admitted` (may enter until the class session ends, reconnects
 * included) or `removed` (taken out by a teacher: a rejoin waits again, whatever the policy).
 * Rows other than `waiting` end with the class session (the class emptying).
 */
export const classroomLobby = pgTable(
  'classroom_lobby',
  {
    channel: text('channel')
      .notNull()
      .references(() => classroomChannels.channel, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    state: text('state', { enum: ['waiting', 'admitted', 'removed'] }).notNull(),
    socketId: text('socket_id'),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.userId] })],
);
export type ClassroomLobbyRow = typeof classroomLobby.$inferSelect;

/**
 * A class's polls (issue 28 §3): single choice over 2–6 `options`, optionally anonymous. At most
 * one open poll per class (`closed_at` null), which the partial unique index holds across
 * processes. `shown`: the teacher showed the results to the class.
 */
export const classroomPolls = pgTable(
  'classroom_polls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel')
      .notNull()
      .references(() => classroomChannels.channel, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    options: jsonb('options').$type<string[]>().notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    shown: boolean('shown').notNull().default(false),
  },
  (t) => [
    index('classroom_polls_channel_idx').on(t.channel, t.createdAt),
    uniqueIndex('classroom_polls_one_open_idx')
      .on(t.channel)
      .where(sql`${t.closedAt} is null`),
  ],
);
export type ClassroomPollRow = typeof classroomPolls.$inferSelect;

/** One answer per person and poll (changed in place until the poll closes). */
export const classroomPollVotes = pgTable(
  'classroom_poll_votes',
  {
    pollId: uuid('poll_id')
      .notNull()
      .references(() => classroomPolls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    choice: integer('choice').notNull(),
    votedAt: timestamp('voted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] })],
);
export type ClassroomPollVoteRow = typeof classroomPollVotes.$inferSelect;

/**
 * A class session (issue 28 §5): from the first person joining a class to the last leaving, or a
 * teacher's End class. At most one open (`ended_at` null) per class, which the partial unique
 * index holds across processes. Deleted with its events after the admin's retention period.
 */
export const classroomSessions = pgTable(
  'classroom_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel')
      .notNull()
      .references(() => classroomChannels.channel, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The teacher or admin who ended the class, or null when its last person left. */
    endedBy: uuid('ended_by'),
  },
  (t) => [
    index('classroom_sessions_channel_idx').on(t.channel, t.startedAt),
    uniqueIndex('classroom_sessions_one_open_idx')
      .on(t.channel)
      .where(sql`${t.endedAt} is null`),
  ],
);
export type ClassroomSessionRow = typeof classroomSessions.$inferSelect;

/** What happened in a class session, per person: `join`, `leave` (each stay) and `hand`. */
export const classroomSessionEvents = pgTable(
  'classroom_session_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => classroomSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    kind: text('kind', { enum: ['join', 'leave', 'hand'] }).notNull(),
    /** A stay in a breakout group (issue 28 §4): its number; null in the class's main room. */
    groupNo: integer('group_no'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('classroom_session_events_session_idx').on(t.sessionId, t.at)],
);
export type ClassroomSessionEventRow = typeof classroomSessionEvents.$inferSelect;

/**
 * A class's breakout groups (issue 28 §4): the teacher's plan (saved with the classroom, before
 * or during class) and, while `open`, the countdown and the closing warning. One row per class.
 */
export const classroomBreakouts = pgTable('classroom_breakouts', {
  channel: text('channel')
    .primaryKey()
    .references(() => classroomChannels.channel, { onDelete: 'cascade' }),
  state: text('state', { enum: ['prepared', 'open'] }).notNull(),
  count: integer('count').notNull(),
  mode: text('mode', { enum: ['random', 'manual', 'choose'] }).notNull(),
  minutes: integer('minutes'),
  /** By hand: account id → group number. */
  assignments: jsonb('assignments').$type<Record<string, number>>().notNull().default({}),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  closingAt: timestamp('closing_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ClassroomBreakoutRow = typeof classroomBreakouts.$inferSelect;

/** Who is in which group while groups are open (one group per person and class). */
export const classroomGroupMembers = pgTable(
  'classroom_group_members',
  {
    channel: text('channel')
      .notNull()
      .references(() => classroomBreakouts.channel, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    groupNo: integer('group_no').notNull(),
    /** "Call the teacher", not answered yet. */
    calling: boolean('calling').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.channel, t.userId] })],
);
export type ClassroomGroupMemberRow = typeof classroomGroupMembers.$inferSelect;

/**
 * Who may join a call's own video room (issue 16): the caller and the accepter once a call is
 * accepted, and each friend who accepts an invite to it. Classrooms (room-1..3) go by role and
 * have no rows here. A row lapses at `expiresAt`.
 */
export const callRoomMembers = pgTable(
  'call_room_members',
  {
    channel: text('channel').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.channel, t.userId] }),
    index('call_room_members_expiry_idx').on(t.expiresAt),
  ],
);

/**
 * The room socket's state per classroom (issue 15): the open whiteboard and the pushed pop-up
 * browser, read by every process so that a latecomer's `welcome` carries them.
 */
export const roomStates = pgTable('room_states', {
  room: text('room').primaryKey(),
  /** `{owner, url, readonly}` while a whiteboard is open, else null. */
  whiteboard: jsonb('whiteboard').$type<{ owner: string; url: string; readonly: boolean }>(),
  /** `{url, from}` while a pop-up browser is pushed, else null. */
  popup: jsonb('popup').$type<{ url: string; from: string }>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The latest scene of each whiteboard, one row per Excalidraw element: an update touches only
 * the elements it carries, and the newer version wins as in Excalidraw's own reconciliation.
 */
export const roomBoardElements = pgTable(
  'room_board_elements',
  {
    board: text('board').notNull(),
    elementId: text('element_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    versionNonce: bigint('version_nonce', { mode: 'number' }).notNull(),
    /** The element's JSON size, summed to hold a board under ROOM_SCENE_MAX_BYTES. */
    bytes: integer('bytes').notNull(),
    data: jsonb('data').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.board, t.elementId] })],
);

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

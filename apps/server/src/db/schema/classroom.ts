// The live classroom (issues 14, 16, 28): channels, who is in them, the media server's place,
// hands, the lobby, polls, the class record, breakout groups, call rooms, and the room socket's
// boards.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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

import { z } from 'zod';
import { AuthText } from './auth.ts';
import { okEnvelope } from './envelope.ts';
import { lineText, multilineText } from './text.ts';

/** The longest chat message, in characters, after trimming. */
export const CHAT_MESSAGE_MAX = 500;
/** At most this many messages per user in {@link CHAT_RATE_WINDOW_MS}, across every process. */
export const CHAT_RATE_LIMIT = 3;
export const CHAT_RATE_WINDOW_MS = 1000;
/** A classroom name: room-1..3 or any name typed into the second chat panel. */
export const CHAT_ROOM_MAX = 64;
/** History pages: the default and largest number of messages one `GET /api/chat/all` answers. */
export const CHAT_PAGE_DEFAULT = 50;
export const CHAT_PAGE_MAX = 200;
/** SPEC §3 chat-room data: key and value size limits (the value in UTF-8 bytes). */
export const CHAT_DATA_KEY_MAX = 64;
export const CHAT_DATA_VALUE_MAX_BYTES = 4096;
/**
 * SPEC §7's no-auth `/rte/{channel}/publisher/uid/{uid}` row: a read token for one classroom's
 * chat lives this long, in seconds. The panel asks for a fresh one whenever it (re)watches.
 */
export const CHAT_READ_TOKEN_TTL_S = 120;
/** Read tokens one address may ask for in {@link CHAT_READ_TOKEN_WINDOW_MS}. */
export const CHAT_READ_TOKEN_LIMIT = 60;
export const CHAT_READ_TOKEN_WINDOW_MS = 60_000;
/** The uid of a token request: 1 to 64 letters, digits, dashes or underscores. */
export const CHAT_UID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** SPEC §9: scrolling the list to the newest message is retried 100 times, 100 ms apart. */
export const CHAT_SCROLL_RETRIES = 100;
export const CHAT_SCROLL_RETRY_MS = 100;

/** The chat's user-facing texts: SPEC §5 letter for letter, and our own refusals and labels. */
export const ChatText = {
  /** SPEC §5: no token (the same words as `SocketText.notLoggedIn`). */
  notLoggedIn: 'User not logged-in.',
  /** SPEC §5: a guest. */
  registerRequired: AuthText.registerRequired,
  emptyMessage: 'Type a message first.',
  tooLong: `A message has at most ${CHAT_MESSAGE_MAX} characters.`,
  tooFast: 'You are sending messages too fast. Please slow down.',
  roomName: `A classroom name has 1 to ${CHAT_ROOM_MAX} characters on one line.`,
  hostsOnly: 'Only teachers and admins can do this.',
  unknownMessage: 'This message does not exist.',
  keyRequired: 'A key is required.',
  keyTooLong: `A key has at most ${CHAT_DATA_KEY_MAX} characters.`,
  valueTooLarge: `A value has at most ${CHAT_DATA_VALUE_MAX_BYTES} bytes.`,
  invalidUid: 'The uid must be 1 to 64 letters, digits, dashes or underscores.',
  readTokenInvalid: 'This chat access has expired or is not valid. Open the classroom again.',
  readTokenOtherRoom: 'This chat access is for another classroom.',
  /** A class with "ask to join" shows its chat to those a teacher let in (issue 28 §1). */
  readTokenClassAsks:
    'This class lets people in one by one. Sign in and ask to join to read its chat.',
  tooManyTokens: 'Too many requests for chat access. Please wait a minute.',
  // The panel.
  title: 'Chat',
  placeholder: 'Type a message',
  send: 'Send',
  emoji: 'Emoji',
  emojiSearch: 'Search emoji',
  emojiNone: 'No emoji found.',
  emojiLoading: 'Loading emoji…',
  delete: (username: string) => `Delete message from ${username}`,
  message: 'Message',
  clear: 'Clear chat',
  clearConfirm: 'Clear every message of this chat?',
  empty: 'No messages yet.',
  loadingOlder: 'Loading older messages…',
  sendFailed: 'The message could not be sent.',
  messages: 'Messages',
  secondTitle: 'Classroom chat',
  classroomName: 'Classroom name',
  open: 'Open',
  change: 'Change',
  /** The second panel's input for a visitor who may read but not post. */
  loginToPost: 'Log in to post in this chat.',
  registerToPost: 'Register to post in this chat.',
  /** The window that holds the second panel. */
  openSecond: 'Classroom chat',
  closeSecond: 'Close classroom chat',
} as const;

/** A classroom name, trimmed; one line, 1 to 64 characters. */
export const ChatRoomSchema = lineText(undefined, ChatText.roomName)
  .trim()
  .min(1, ChatText.roomName)
  .max(CHAT_ROOM_MAX, ChatText.roomName);

/** A message as typed: trimmed, never empty, at most 500 characters; newlines allowed. */
export const ChatMessageTextSchema = multilineText()
  .trim()
  .min(1, ChatText.emptyMessage)
  .max(CHAT_MESSAGE_MAX, ChatText.tooLong);

/** SPEC §3 chat message (room, username, message), with the id and time history paging needs. */
export const ChatMessageSchema = z
  .object({
    id: z.number().int(),
    room: z.string(),
    username: z.string(),
    message: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** SPEC §7 `POST /api/chat/add`: the form's `username` is ignored (the token says who). */
export const ChatAddSchema = z.object({
  room: ChatRoomSchema,
  username: z.string().max(254).optional(),
  message: ChatMessageTextSchema,
});

export const ChatAllQuerySchema = z.strictObject({
  room: ChatRoomSchema,
  /** Messages older than this id (the oldest one shown), for paging back. */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).optional(),
});

export const ChatRoomQuerySchema = z.strictObject({ room: ChatRoomSchema });

/** `{status, data}`: oldest first, at most one page (the newest, or those before `before`). */
export const ChatListSchema = okEnvelope(z.array(ChatMessageSchema));
export const ChatAddedSchema = okEnvelope(ChatMessageSchema);
export const ChatStatusSchema = z.object({ status: z.literal(true) });

export const ChatMessageParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive(),
});

const KeySchema = lineText()
  .min(1, ChatText.keyRequired)
  .max(CHAT_DATA_KEY_MAX, ChatText.keyTooLong);

const utf8Bytes = (value: string) => new TextEncoder().encode(value).length;

export const ChatDataQuerySchema = z.strictObject({ room: ChatRoomSchema, key: KeySchema });

/** SPEC §3 chat-room data entry: key and value, scoped to a room. */
export const ChatDataEntrySchema = z.strictObject({
  key: KeySchema,
  value: multilineText().refine(
    (value) => utf8Bytes(value) <= CHAT_DATA_VALUE_MAX_BYTES,
    ChatText.valueTooLarge,
  ),
});
export type ChatDataEntry = z.infer<typeof ChatDataEntrySchema>;

/** The stored entry, or null when the key was never set. */
export const ChatDataResponseSchema = okEnvelope(
  z.object({ key: z.string(), value: z.string() }).nullable(),
);

/** SPEC §7 no-auth token row: a classroom name and the asker's uid. */
export const ChatReadTokenParamsSchema = z.strictObject({
  channel: ChatRoomSchema,
  uid: z.string().regex(CHAT_UID_PATTERN, ChatText.invalidUid),
});

/** `{status, rtmToken}`: a short-lived token that may watch this classroom's chat, never post. */
export const ChatReadTokenSchema = z
  .object({ status: z.literal(true), rtmToken: z.string() })
  .meta({ id: 'ChatReadToken' });
export type ChatReadToken = z.infer<typeof ChatReadTokenSchema>;

/** A read token of the no-auth row; without it the socket's own account must be a chatter. */
const ReadTokenField = z.string().min(1).max(4096).optional();

/** Live events: watching a room's chat, and what watchers hear. */
export const ChatWatchSchema = z.strictObject({ room: ChatRoomSchema, token: ReadTokenField });

/** History over the socket, for a watcher with a read token (no account for the HTTP row). */
export const ChatHistorySchema = z.strictObject({
  room: ChatRoomSchema,
  token: ReadTokenField,
  before: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(CHAT_PAGE_MAX).optional(),
});
export const ChatDeletedSchema = z.object({ room: z.string(), id: z.number().int() });
export const ChatClearedSchema = z.object({ room: z.string() });

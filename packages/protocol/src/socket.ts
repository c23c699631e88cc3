import { z } from 'zod';
import type { EventSpec } from './events/event-spec.ts';
import { chatClientEvents, chatServerEvents } from './events/chat.events.ts';
import { classClientEvents, classServerEvents } from './events/class.events.ts';
import {
  dartsClientEvents,
  dartsServerEvents,
  minigameServerEvents,
} from './events/minigame.events.ts';
import { socialClientEvents, socialServerEvents } from './events/social.events.ts';
import { systemClientEvents, systemServerEvents } from './events/system.events.ts';
import { worldClientEvents, worldServerEvents } from './events/world.events.ts';
import { voiceClientEvents, voiceServerEvents } from './events/voice.events.ts';
import { ErrorCode } from './errors.ts';
import { lineText } from './text.ts';

/**
 * Version of the realtime protocol. A client sends it in the handshake `auth`;
 * the server refuses a different major with a `connect_error`.
 */
export const PROTOCOL_VERSION = 1;

/** The most a single socket message may weigh, in bytes. */
export const MAX_SOCKET_MESSAGE_BYTES = 64 * 1024;

export const SocketText = {
  unsupportedProtocol: 'Unsupported protocol version. Please reload the page.',
  /** SPEC §5: socket join without a logged-in user. */
  notLoggedIn: 'User not logged-in.',
  worldUnknown: 'This world does not exist.',
  notInWorld: 'Join a world first.',
  originNotAllowed: 'Origin not allowed.',
  invalidPayload: 'invalid payload',
  /** A sender past an event's per-user budget. */
  tooManyMessages: 'Too many messages. Please slow down.',
} as const;

/** What a client sends in the socket.io handshake `auth` field. */
export const SocketAuthSchema = z.object({
  protocol: z.number().int(),
  token: lineText().max(4096).optional(),
});
export type SocketAuth = z.infer<typeof SocketAuthSchema>;

/**
 * The refusal of an event whose sender (the user, across all their sockets and processes) is past
 * the event's budget: it says so, and how long until one more is taken.
 */
export const RateLimitedAckSchema = z.strictObject({
  status: z.literal(false),
  code: z.literal(ErrorCode.rateLimited),
  message: z.string(),
  retryAfterMs: z.number().int().positive(),
});
export type RateLimitedAck = z.infer<typeof RateLimitedAckSchema>;

/** A refused event: the spec's failure envelope; a rate-limited one adds its code and wait. */
export type AckFailure = { status: false; message: string } | RateLimitedAck;

/** The answer to every acknowledged client event: the spec's envelope. */
export type AckResult<T> = { status: true; data: T } | AckFailure;

/**
 * Events a client sends, with their payload and (where answered) ack schemas: one map per domain
 * in `events/`, merged here so both ends derive socket.io's types from one place. Social, class
 * and board add their maps the same way.
 */
export const clientEvents = {
  ...systemClientEvents,
  ...worldClientEvents,
  ...voiceClientEvents,
  ...classClientEvents,
  ...chatClientEvents,
  ...socialClientEvents,
  ...dartsClientEvents,
} as const satisfies Record<string, EventSpec>;

/** Events the server sends, with their payload schemas, merged from the same domain maps. */
export const serverEvents = {
  ...systemServerEvents,
  ...worldServerEvents,
  ...voiceServerEvents,
  ...classServerEvents,
  ...chatServerEvents,
  ...socialServerEvents,
  ...dartsServerEvents,
  ...minigameServerEvents,
} as const satisfies Record<string, EventSpec>;

type ClientEventMap = typeof clientEvents;
type ServerEventMap = typeof serverEvents;
export type ClientEventName = keyof ClientEventMap;
export type ServerEventName = keyof ServerEventMap;

export type ClientPayload<E extends ClientEventName> = z.infer<ClientEventMap[E]['payload']>;
export type ClientAck<E extends ClientEventName> = ClientEventMap[E] extends {
  ack: infer A extends z.ZodType;
}
  ? z.infer<A>
  : never;
export type ServerPayload<E extends ServerEventName> = z.infer<ServerEventMap[E]['payload']>;

/** socket.io's typing of the client → server direction, derived from `clientEvents`. */
export type ClientToServerEvents = {
  [E in ClientEventName]: ClientEventMap[E] extends { ack: z.ZodType }
    ? (payload: ClientPayload<E>, ack: (result: AckResult<ClientAck<E>>) => void) => void
    : (payload: ClientPayload<E>) => void;
};

/** socket.io's typing of the server → client direction, derived from `serverEvents`. */
export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: ServerPayload<E>) => void;
};

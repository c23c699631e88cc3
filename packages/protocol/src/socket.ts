import { z } from 'zod';
import {
  AvatarStateSchema,
  EmoteSchema,
  WorldEmoteSchema,
  WorldJoinAckSchema,
  WorldJoinSchema,
  WorldMoveSchema,
} from './world.ts';
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
} as const;

/** What a client sends in the socket.io handshake `auth` field. */
export const SocketAuthSchema = z.object({
  protocol: z.number().int(),
  token: lineText().max(4096).optional(),
});
export type SocketAuth = z.infer<typeof SocketAuthSchema>;

/** The answer to every acknowledged client event: the spec's envelope. */
export type AckResult<T> = { status: true; data: T } | { status: false; message: string };

interface EventSpec {
  payload: z.ZodType;
  ack?: z.ZodType;
}

/** Events a client sends, with their payload and (where answered) ack schemas. */
export const clientEvents = {
  'system:ping': {
    payload: z.strictObject({ sentAt: z.number().finite() }),
    ack: z.object({ sentAt: z.number(), serverTime: z.number() }),
  },
  'world:join': { payload: WorldJoinSchema, ack: WorldJoinAckSchema },
  'world:move': { payload: WorldMoveSchema },
  'world:emote': { payload: WorldEmoteSchema },
  'world:leave': { payload: z.strictObject({}), ack: z.object({}) },
} as const satisfies Record<string, EventSpec>;

/** Events the server sends, with their payload schemas. */
export const serverEvents = {
  'system:announce': { payload: z.object({ message: z.string().max(500) }) },
  'system:rejected': { payload: z.object({ event: z.string(), message: z.string() }) },
  /** Avatars that changed since the last tick, among those this client may see: `encodeSnapshot` bytes. */
  'world:snapshot': {
    payload: z.custom<ArrayBuffer | Uint8Array>(
      (v) => v instanceof ArrayBuffer || v instanceof Uint8Array,
    ),
  },
  /** Someone entered the instance: name, role and index, sent once. */
  'world:joined': { payload: AvatarStateSchema },
  'world:left': { payload: z.object({ id: z.string() }) },
  'world:emoted': { payload: z.object({ id: z.string(), emote: EmoteSchema }) },
  /** The server refused a move (too fast, through a wall): the client snaps back here. */
  'world:correction': { payload: AvatarStateSchema },
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

import { z } from 'zod';
import { CLASSROOM_ROOMS, GROUP_CHANNEL_PATTERN } from './classroom.ts';
import type { ClassroomRoom } from './classroom.ts';
import { lineText } from './text.ts';

/*
 * The classroom's room socket (SPEC §7 "Socket", issue 15): a namespace per classroom carrying the
 * action envelope of SPEC §3 (whiteboard and pop-up browser) and the whiteboard's scene relay,
 * modelled on Excalidraw's room protocol (a broadcast for scenes, a volatile one for cursors).
 * The event names of the envelope are the spec's (`welcome`, `send_message`, `receive_message`),
 * so a stock socket.io-client that speaks the spec's socket keeps working.
 */

/**
 * A room the room socket serves: a classroom (`room-1`..`room-3`) or one of its breakout groups
 * (`room-1-g2`, issue 28 §4), each with its own board and state.
 */
export type BoardRoom = ClassroomRoom | `${ClassroomRoom}-g${number}`;

/** SPEC §7: `/room/room-{n}`, `n` being the number in the room's name; a group's is `/room/room-{n}-g{m}`. */
export function roomNamespace(room: BoardRoom): string {
  return `/room/${room}`;
}

/** Every classroom's namespace and each of its groups', and nothing else: an unknown room gets socket.io's refusal. */
export const ROOM_NAMESPACE_PATTERN = new RegExp(
  `^/room/room-(${CLASSROOM_ROOMS.map((r) => r.slice('room-'.length)).join('|')})(-g(10|[1-9]))?$`,
);

/** The room of a namespace name (`/room/room-2` → `room-2`, `/room/room-2-g3` → `room-2-g3`). */
export function roomOfNamespace(name: string): BoardRoom | null {
  if (!ROOM_NAMESPACE_PATTERN.test(name)) return null;
  return name.slice('/room/'.length) as BoardRoom;
}

/** A board of a breakout group is the group's: anyone in it opens, changes and closes it. */
export const isGroupBoardRoom = (room: BoardRoom): boolean => GROUP_CHANNEL_PATTERN.test(room);

/** Event names on the room namespace. */
export const RoomEvent = {
  /** Server → client on join: who you are, the room's state and the open board's scene. */
  welcome: 'welcome',
  /** Client → server: the action envelope (SPEC §3). */
  sendMessage: 'send_message',
  /** Server → everyone in the room: an accepted envelope, `from` and `role` set by the server. */
  receiveMessage: 'receive_message',
  /** Server → sender without an ack: why a message was refused. */
  rejected: 'rejected',
  /** Both ways: whiteboard elements (Excalidraw's `server-broadcast` / `client-broadcast`). */
  scene: 'board:scene',
  /** Both ways, volatile: a pointer (Excalidraw's `server-volatile-broadcast`). */
  cursor: 'board:cursor',
  /** Client → server, acked: the open board's stored scene (after an open or a reload). */
  sync: 'board:sync',
  /** Server → everyone, on each join and leave: who is in the room (Excalidraw's `room-user-change`). */
  users: 'board:users',
  /**
   * Client → server, acked: the welcome again, with who is in the room. A second holder of the
   * page's socket on a room (the teacher's group overview beside a visit) missed the first.
   */
  state: 'board:state',
} as const;

/** The largest URL an action may carry, in characters. */
export const ROOM_URL_MAX = 2048;

/**
 * The most one scene message may weigh as JSON, in bytes. A socket message over 64 KiB
 * (`MAX_SOCKET_MESSAGE_BYTES`) closes the connection before any handler runs; this sits below it
 * so that a large batch gets a clear refusal. A client sends a larger scene in several batches.
 */
export const ROOM_SCENE_MESSAGE_BYTES = 56 * 1024;
/** The most a board's stored scene may weigh (all its elements, as JSON), in bytes. */
export const ROOM_SCENE_MAX_BYTES = 2 * 1024 * 1024;
/** The most elements one scene message may carry. */
export const ROOM_SCENE_BATCH_MAX = 2000;

/** Our own refusals on the room socket. SPEC §5 and §8 texts come from `SocketText`. */
export const RoomText = {
  hostOnly: 'Only teachers and admins can do this.',
  ownerOnly: 'Only the whiteboard owner can do this.',
  whiteboardClosed: 'The whiteboard is not open.',
  readonly: 'The whiteboard is read-only.',
  popupScheme: 'Only http and https addresses can be opened.',
  popupNotAllowed: 'This address is not on the pop-up browser allowlist.',
  sceneMessageTooLarge: 'This drawing update is too large. Send it in smaller parts.',
  sceneTooLarge: 'The whiteboard is full.',
  tooMany: 'Too many messages. Please slow down.',
} as const;

/** The actions of SPEC §3/§4 that the server accepts. */
export const ROOM_ACTIONS = [
  'open_whiteboard',
  'update_whiteboard',
  'close_whiteboard',
  'show_member_popup',
  'hide_member_popup',
] as const;
export const RoomActionNameSchema = z.enum(ROOM_ACTIONS);
export type RoomActionName = z.infer<typeof RoomActionNameSchema>;

const UrlSchema = lineText().trim().min(1).max(ROOM_URL_MAX);

/**
 * SPEC §3 whiteboard action data: url, readonly, from. `url` names the board (the default is
 * `board-{userId}`, SPEC §9) or is an address a teacher typed; `from` is set by the server.
 */
export const WhiteboardDataSchema = z.object({ url: UrlSchema, readonly: z.boolean() });
export type WhiteboardData = z.infer<typeof WhiteboardDataSchema>;

/** A change to the open whiteboard: either or both of url and readonly. */
export const WhiteboardUpdateSchema = z
  .object({ url: UrlSchema.optional(), readonly: z.boolean().optional() })
  .refine((v) => v.url !== undefined || v.readonly !== undefined, 'nothing to change');

export const PopupDataSchema = z.object({ url: UrlSchema });

/** The data each action takes; the envelope's `from`/`role` are ignored and set by the server. */
export const ROOM_ACTION_DATA = {
  open_whiteboard: WhiteboardDataSchema,
  update_whiteboard: WhiteboardUpdateSchema,
  close_whiteboard: z.unknown(),
  show_member_popup: PopupDataSchema,
  hide_member_popup: z.unknown(),
} as const satisfies Record<RoomActionName, z.ZodType>;

/** SPEC §3 socket action envelope, as a client sends it. */
export const SendMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('action'),
    name: RoomActionNameSchema,
    data: z.unknown().optional(),
    // Accepted for compatibility with the spec's client, never trusted.
    from: z.unknown().optional(),
    role: z.unknown().optional(),
  }),
  z.object({ type: z.literal('action_clear') }),
]);
export type SendMessage = z.infer<typeof SendMessageSchema>;

export const RoomRoleSchema = z.enum(['admin', 'teacher', 'member', 'guest']);

/** What the server relays: `from` (user id) and `role` come from the sender's token. */
export type ReceiveMessage =
  | {
      type: 'action';
      name: RoomActionName;
      data: Record<string, unknown>;
      from: string;
      role: z.infer<typeof RoomRoleSchema>;
    }
  | { type: 'action_clear'; from: string; role: z.infer<typeof RoomRoleSchema> };

/** The room's current state (SPEC §4 whiteboard and pop-up browser), kept by the server. */
export const RoomStateSchema = z.object({
  whiteboard: z.object({ owner: z.string(), url: z.string(), readonly: z.boolean() }).nullable(),
  popup: z.object({ url: z.string(), from: z.string() }).nullable(),
});
export type RoomState = z.infer<typeof RoomStateSchema>;
export const EMPTY_ROOM_STATE: RoomState = { whiteboard: null, popup: null };

/**
 * One Excalidraw element as the relay checks it: its identity and version (what reconciliation
 * needs); the rest passes through as data and is only ever drawn by Excalidraw, never as HTML.
 */
export const BoardElementSchema = z.looseObject({
  id: lineText().min(1).max(64),
  type: lineText().min(1).max(32),
  version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  versionNonce: z
    .number()
    .int()
    .min(-(2 ** 31))
    .max(2 ** 32),
  isDeleted: z.boolean().optional(),
});
export type BoardElement = z.infer<typeof BoardElementSchema>;

export const SceneMessageSchema = z.object({
  elements: z.array(BoardElementSchema).min(1).max(ROOM_SCENE_BATCH_MAX),
});

/** A pointer on the board (Excalidraw's `MOUSE_LOCATION` payload, trimmed to what is drawn). */
export const CursorMessageSchema = z.strictObject({
  x: z.number().finite(),
  y: z.number().finite(),
  button: z.enum(['down', 'up']).optional(),
  tool: z.enum(['pointer', 'laser']).optional(),
});
export type CursorMessage = z.infer<typeof CursorMessageSchema>;

/** What the relay sends the others for a `board:scene`: the elements and who drew them. */
export interface SceneBroadcast {
  elements: BoardElement[];
  from: string;
}

/** What the relay sends the others for a `board:cursor`: the pointer, whose it is, and their name. */
export interface CursorBroadcast extends CursorMessage {
  from: string;
  username: string;
}

/** One person in the room, once however many tabs they have open. */
export interface RoomUser {
  id: string;
  username: string;
  role: z.infer<typeof RoomRoleSchema>;
}

export interface RoomWelcome {
  user: { id: string; username: string; role: z.infer<typeof RoomRoleSchema> };
  state: RoomState;
  /** The open board's stored elements, or null when no whiteboard is open. */
  scene: BoardElement[] | null;
}

/** The answer to `board:state`: the welcome and who is in the room. */
export interface RoomStateReply extends RoomWelcome {
  users: RoomUser[];
}

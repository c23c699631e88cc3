// The classroom's room socket (SPEC §7 "Socket", issue 15): the action envelope on
// `/room/room-{n}` and the whiteboard's scene relay. The room's state and the boards' scenes are
// in PostgreSQL, and every broadcast goes through the namespace (the Redis adapter when several
// processes run), so it does not matter which process a teacher or a student is on.
import {
  ROOM_ACTION_DATA,
  ROOM_SCENE_MAX_BYTES,
  ROOM_SCENE_MESSAGE_BYTES,
  CursorMessageSchema,
  RoomEvent,
  RoomText,
  SceneMessageSchema,
  SendMessageSchema,
  SocketText,
  isGroupBoardRoom,
  roomOfNamespace,
} from '@atrium/protocol';
import type {
  AckResult,
  BoardRoom,
  ReceiveMessage,
  RoomActionName,
  RoomState,
  RoomUser,
  RoomStateReply,
  RoomWelcome,
} from '@atrium/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import type { z } from 'zod';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { AtriumServer, AtriumSocket, SocketFeature } from '../../realtime/realtime.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import type { BoardActor, RoomRepository } from './room.repository.ts';

/** A board's key: its url within one room, so a read-only board in one room is not writable from another. */
export const boardKey = (room: BoardRoom, url: string): string => `${room} ${url}`;

/**
 * Per-user budgets on the room socket (any process, any tab). The owner's Excalidraw sends a
 * scene batch at most every animation frame while drawing, throttled by the client to ~10/s;
 * cursors are volatile and over-budget ones are simply dropped.
 */
export const ROOM_LIMITS = {
  [RoomEvent.sendMessage]: { limit: 30, windowMs: 10_000 },
  [RoomEvent.scene]: { limit: 200, windowMs: 10_000 },
  [RoomEvent.cursor]: { limit: 300, windowMs: 10_000 },
  [RoomEvent.sync]: { limit: 30, windowMs: 60_000 },
  [RoomEvent.state]: { limit: 30, windowMs: 60_000 },
} as const;
type RoomClientEvent = keyof typeof ROOM_LIMITS;

export interface RoomSocketDeps {
  repo: RoomRepository;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  /** Whether a pop-up URL may be pushed (http(s) and on the admin's allowlist). */
  popupAllowed(url: URL): Promise<boolean>;
  /** True once the server is shutting down: no more presence lists (Redis is going away). */
  closing(): boolean;
}

const isHost = (claims: AuthClaims) => claims.role === 'teacher' || claims.role === 'admin';

function requireHost(claims: AuthClaims): void {
  if (!isHost(claims)) throw forbidden(RoomText.hostOnly);
}

/** The data of `name`, checked; a bad one is the spec's `invalid payload`. */
function actionData<N extends RoomActionName>(
  name: N,
  data: unknown,
): z.infer<(typeof ROOM_ACTION_DATA)[N]> {
  const parsed = ROOM_ACTION_DATA[name].safeParse(data);
  if (!parsed.success) throw badRequest(SocketText.invalidPayload);
  return parsed.data as z.infer<(typeof ROOM_ACTION_DATA)[N]>;
}

export function createRoomSocket(deps: RoomSocketDeps): SocketFeature {
  const { repo, limiter, log } = deps;

  async function withinLimit(claims: AuthClaims, event: RoomClientEvent): Promise<boolean> {
    const { limit, windowMs } = ROOM_LIMITS[event];
    try {
      return (await limiter.hit(`room:${event}:${claims.sub}`, windowMs, limit)).allowed;
    } catch (err) {
      // As on the main socket: a Redis hiccup lets the message through, logged.
      log.error({ err, event }, 'room limit check failed');
      return true;
    }
  }

  /** Runs one action; returns the envelope to relay, with `from` and `role` from the token. */
  async function act(
    room: BoardRoom,
    claims: AuthClaims,
    message: z.infer<typeof SendMessageSchema>,
  ): Promise<ReceiveMessage> {
    const who = { from: claims.sub, role: claims.role };
    if (message.type === 'action_clear') {
      requireHost(claims);
      await repo.clear(room);
      return { type: 'action_clear', ...who };
    }
    const { name } = message;
    // A group's board is the group's (issue 28 §4): anyone let into the group's room opens,
    // changes and closes it, until a teacher makes it read-only. A class's board is its owner's.
    const inGroup = isGroupBoardRoom(room) && claims.role !== 'guest';
    const boardAction =
      name === 'open_whiteboard' || name === 'update_whiteboard' || name === 'close_whiteboard';
    if (!inGroup || !boardAction) requireHost(claims);
    const actor: BoardActor = inGroup ? { group: { host: isHost(claims) } } : { owner: claims.sub };
    switch (name) {
      case 'open_whiteboard': {
        const data = actionData(name, message.data);
        if (data.readonly && !isHost(claims)) throw forbidden(RoomText.hostOnly);
        const board = { owner: claims.sub, url: data.url, readonly: data.readonly };
        if (!(await repo.openWhiteboard(room, board, actor))) throw await ownerRefusal(room);
        return { type: 'action', name, data: { ...data, from: claims.sub }, ...who };
      }
      case 'update_whiteboard': {
        const data = actionData(name, message.data);
        if (data.readonly !== undefined && !isHost(claims)) throw forbidden(RoomText.hostOnly);
        const board = await repo.updateWhiteboard(room, actor, data);
        if (!board) throw await ownerRefusal(room);
        const { url, readonly } = board;
        return { type: 'action', name, data: { url, readonly, from: claims.sub }, ...who };
      }
      case 'close_whiteboard': {
        if (!(await repo.closeWhiteboard(room, actor))) throw await ownerRefusal(room);
        return { type: 'action', name, data: { from: claims.sub }, ...who };
      }
      case 'show_member_popup': {
        const { url } = actionData(name, message.data);
        const parsed = URL.canParse(url) ? new URL(url) : null;
        if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
          throw badRequest(RoomText.popupScheme);
        }
        if (!(await deps.popupAllowed(parsed))) throw forbidden(RoomText.popupNotAllowed);
        await repo.setPopup(room, { url: parsed.href, from: claims.sub });
        return { type: 'action', name, data: { url: parsed.href, from: claims.sub }, ...who };
      }
      case 'hide_member_popup': {
        await repo.setPopup(room, null);
        return { type: 'action', name, data: { from: claims.sub }, ...who };
      }
    }
  }

  /**
   * Why a whiteboard change failed: closed, someone else's, or (in a group) made read-only by a
   * teacher.
   */
  async function ownerRefusal(room: BoardRoom): Promise<AppError> {
    const { whiteboard } = await repo.state(room);
    if (!whiteboard) return badRequest(RoomText.whiteboardClosed);
    return forbidden(isGroupBoardRoom(room) ? RoomText.readonly : RoomText.ownerOnly);
  }

  /** The open board of the room, and whether `claims` may draw on it now. */
  async function writableBoard(room: BoardRoom, claims: AuthClaims): Promise<string> {
    const { whiteboard } = await repo.state(room);
    if (!whiteboard) throw badRequest(RoomText.whiteboardClosed);
    // Read-only is the relay's rule, not the page's: a student who flips Excalidraw's view mode
    // back, or writes to the socket by hand, is dropped here. A group's read-only board is the
    // teachers' (only they set it).
    const mayWrite = isGroupBoardRoom(room) ? isHost(claims) : whiteboard.owner === claims.sub;
    if (whiteboard.readonly && !mayWrite) throw forbidden(RoomText.readonly);
    return boardKey(room, whiteboard.url);
  }

  async function welcome(room: BoardRoom, claims: AuthClaims): Promise<RoomWelcome> {
    const state: RoomState = await repo.state(room);
    const scene = state.whiteboard ? await repo.scene(boardKey(room, state.whiteboard.url)) : null;
    return {
      user: { id: claims.sub, username: claims.username, role: claims.role },
      state,
      scene,
    };
  }

  /**
   * Tells the room who is in it, from every process's sockets (`fetchSockets` goes through the
   * Redis adapter): Excalidraw's `room-user-change`, by user rather than by socket.
   */
  async function announceUsers(nsp: Namespace): Promise<void> {
    if (deps.closing()) return;
    const users = await usersIn(nsp);
    if (!deps.closing()) nsp.emit(RoomEvent.users, users);
  }

  /** Who is in the room, once per person, on every process. */
  async function usersIn(nsp: Namespace): Promise<RoomUser[]> {
    const users = new Map<string, RoomUser>();
    for (const s of await nsp.fetchSockets()) {
      const auth = (s.data as { auth?: AuthClaims | null }).auth;
      if (auth) users.set(auth.sub, { id: auth.sub, username: auth.username, role: auth.role });
    }
    return [...users.values()];
  }
  const announce = (nsp: Namespace) =>
    announceUsers(nsp).catch((err: unknown) => log.error({ err }, 'room users failed'));

  return (atriumSocket: AtriumSocket) => {
    const claims = atriumSocket.data.auth;
    const room = roomOfNamespace(atriumSocket.nsp.name);
    // The namespace only lets signed-in sockets of a known room in; this is for the types.
    if (!claims || !room) {
      atriumSocket.disconnect(true);
      return;
    }
    // The room events are the spec's, outside the `domain:event` maps of the main socket.
    const socket = atriumSocket as unknown as Socket;

    /** Listens to one client event: budget, then the handler; refusals answered, never thrown. */
    function on(
      event: RoomClientEvent,
      handler: (raw: unknown) => Promise<unknown>,
      options: { silentLimit?: boolean } = {},
    ): void {
      socket.on(event, async (raw: unknown, ack: unknown) => {
        const reply = (result: AckResult<unknown>) => {
          if (typeof ack === 'function') (ack as (r: AckResult<unknown>) => void)(result);
          else if (!result.status) {
            socket.emit(RoomEvent.rejected, { event, message: result.message });
          }
        };
        if (!(await withinLimit(claims!, event))) {
          // A flood gets at most an ack back, never a flood of refusals.
          if (!options.silentLimit && typeof ack === 'function') {
            reply({ status: false, message: RoomText.tooMany });
          }
          return;
        }
        try {
          reply({ status: true, data: (await handler(raw)) ?? {} });
        } catch (err) {
          if (err instanceof AppError) {
            reply({ status: false, message: err.message });
            return;
          }
          log.error({ err, event }, 'room handler failed');
          reply({ status: false, message: 'operation failed' });
        }
      });
    }

    on(RoomEvent.sendMessage, async (raw) => {
      const parsed = SendMessageSchema.safeParse(raw);
      if (!parsed.success) throw badRequest(SocketText.invalidPayload);
      const message = await act(room, claims, parsed.data);
      // To everyone in the room, the sender too, on every process.
      socket.nsp.emit(RoomEvent.receiveMessage, message);
      return {};
    });

    on(RoomEvent.scene, async (raw) => {
      const parsed = SceneMessageSchema.safeParse(raw);
      if (!parsed.success) throw badRequest(SocketText.invalidPayload);
      if (Buffer.byteLength(JSON.stringify(parsed.data)) > ROOM_SCENE_MESSAGE_BYTES) {
        throw badRequest(RoomText.sceneMessageTooLarge);
      }
      if (claims.role === 'guest') throw forbidden(RoomText.hostOnly);
      const board = await writableBoard(room, claims);
      const { elements } = parsed.data;
      if (!(await repo.mergeElements(board, elements, ROOM_SCENE_MAX_BYTES))) {
        throw badRequest(RoomText.sceneTooLarge);
      }
      socket.broadcast.emit(RoomEvent.scene, { elements, from: claims.sub });
      return {};
    });

    on(
      RoomEvent.cursor,
      async (raw) => {
        const parsed = CursorMessageSchema.safeParse(raw);
        if (!parsed.success) throw badRequest(SocketText.invalidPayload);
        // Pointers may lag or be lost (Excalidraw's volatile broadcast): a slow client skips some.
        socket.broadcast.volatile.emit(RoomEvent.cursor, {
          ...parsed.data,
          from: claims.sub,
          username: claims.username,
        });
        return {};
      },
      { silentLimit: true },
    );

    on(RoomEvent.sync, async () => (await welcome(room, claims)).scene ?? []);

    on(RoomEvent.state, async (): Promise<RoomStateReply> => ({
      ...(await welcome(room, claims)),
      users: await usersIn(socket.nsp),
    }));

    // By now socket.io has removed the socket from its namespace, so it is not in the list. A
    // server-side disconnect is a shutdown or a kick: nobody needs a list then.
    socket.on('disconnect', (reason: string) => {
      if (!reason.startsWith('server') && reason !== 'forced server close')
        void announce(socket.nsp);
    });

    welcome(room, claims).then(
      (payload) => {
        socket.emit(RoomEvent.welcome, payload);
        void announce(socket.nsp);
      },
      (err: unknown) => log.error({ err, room }, 'room welcome failed'),
    );
  };
}

export interface RoomAccessDeps {
  io(): AtriumServer | null;
  mayEnter(claims: AuthClaims | null, room: string): Promise<boolean>;
  /** Several processes share the campus (the Redis adapter): tell the others too. */
  tellOthers: boolean;
  log: FastifyBaseLogger;
}

/**
 * Drops the room sockets that may no longer look into their room (issue 28: a class's door
 * closed, groups closed, a student moved to another group). The process where it changed checks
 * its own sockets and tells the others (`room:recheck`): each drops its own.
 */
export function createRoomAccess(deps: RoomAccessDeps) {
  const dropOutsiders = async (room: string) => {
    const nsp = deps.io()?._nsps.get(`/room/${room}`);
    for (const socket of nsp?.sockets.values() ?? []) {
      // This namespace only: the page's other namespaces share the connection.
      if (!(await deps.mayEnter(socket.data.auth, room))) socket.disconnect();
    }
  };
  return {
    doorClosed: async (room: string) => {
      if (!roomOfNamespace(`/room/${room}`)) return;
      await dropOutsiders(room);
      // One process has nobody else to tell (its adapter has no serverSideEmit).
      if (deps.tellOthers) deps.io()?.serverSideEmit('room:recheck', room);
    },
    listen: (io: AtriumServer) => {
      io.on('room:recheck', (room) => {
        if (!roomOfNamespace(`/room/${room}`)) return;
        dropOutsiders(room).catch((err: unknown) => deps.log.error({ err }, 'room recheck failed'));
      });
    },
  };
}

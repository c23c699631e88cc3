// The classroom's room socket (SPEC §7 "Socket"): `/room/room-{n}` on our socket path, with the
// spec's `welcome`, `send_message` and `receive_message`. It carries the pushed browser, the
// whiteboard's actions and the whiteboard's scene relay (`board:*`); the server decides who may
// do what and sets `from` and `role` itself.
import {
  EMPTY_ROOM_STATE,
  RoomEvent,
  roomNamespace,
  type BoardElement,
  type BoardRoom,
  type CursorBroadcast,
  type CursorMessage,
  type ReceiveMessage,
  type RoomState,
  type RoomStateReply,
  type RoomUser,
  type RoomWelcome,
  type SceneBroadcast,
  type SendMessage,
} from '@atrium/protocol';
import type { Socket } from 'socket.io-client';
import { emitAnswered, leaseNamespace } from '../../../shared/realtime/socketClient.ts';
import { createStore, type Store } from '../../../shared/store.ts';

export interface RoomChannelView {
  /** The server has welcomed us (the state below is the room's). */
  connected: boolean;
  state: RoomState;
  /** Who the server says we are (from the token), once welcomed. */
  me: RoomWelcome['user'] | null;
  /** Who is in the room, once per person (`board:users`). */
  users: RoomUser[];
}

export const IDLE_ROOM_VIEW: RoomChannelView = {
  connected: false,
  state: EMPTY_ROOM_STATE,
  me: null,
  users: [],
};

/**
 * The whiteboard's side of the room socket, modelled on Excalidraw's room protocol: a broadcast
 * for elements, a volatile broadcast for pointers, and the stored scene on demand.
 */
export interface BoardTransport {
  /** Sends one batch of elements; rejects with the server's refusal (read-only, too large…). */
  sendScene(elements: readonly BoardElement[]): Promise<void>;
  /** Sends a pointer; may be dropped on the way, like Excalidraw's volatile broadcast. */
  sendCursor(cursor: CursorMessage): void;
  /** The open board's stored scene (after an open, a reload or a read-only switch). */
  sync(): Promise<BoardElement[]>;
  /** Elements another person drew. */
  onScene(listener: (message: SceneBroadcast) => void): () => void;
  /** Another person's pointer. */
  onCursor(listener: (message: CursorBroadcast) => void): () => void;
  /** Each (re)connection's welcome: the open board's stored scene, or null when none is open. */
  onWelcome(listener: (scene: BoardElement[] | null) => void): () => void;
}

export interface RoomChannel {
  store: Store<RoomChannelView>;
  /** Sends an action; rejects with the server's words when it refuses. */
  send(message: SendMessage): Promise<void>;
  board: BoardTransport;
  close(): void;
}

/** The room's state after an accepted envelope (the server already checked it). */
export function applyRoomMessage(state: RoomState, message: ReceiveMessage): RoomState {
  if (message.type === 'action_clear') return EMPTY_ROOM_STATE;
  const data = message.data;
  const text = (key: string) => (typeof data[key] === 'string' ? data[key] : '');
  switch (message.name) {
    case 'show_member_popup':
      return { ...state, popup: { url: text('url'), from: message.from } };
    case 'hide_member_popup':
      return { ...state, popup: null };
    case 'open_whiteboard':
      return {
        ...state,
        whiteboard: { owner: message.from, url: text('url'), readonly: data.readonly === true },
      };
    case 'update_whiteboard':
      return state.whiteboard
        ? {
            ...state,
            whiteboard: {
              ...state.whiteboard,
              ...(typeof data.url === 'string' ? { url: data.url } : {}),
              ...(typeof data.readonly === 'boolean' ? { readonly: data.readonly } : {}),
            },
          }
        : state;
    case 'close_whiteboard':
      return { ...state, whiteboard: null };
  }
}

/**
 * Opens the room socket of `room` on the page's one connection; the token is read on every
 * (re)connect. Closing it takes its listeners with it.
 */
export function openRoomChannel(room: BoardRoom, getToken: () => string): RoomChannel {
  const socket: Socket = leaseNamespace(roomNamespace(room), getToken, (token) => ({ token }));
  const store = createStore<RoomChannelView>(IDLE_ROOM_VIEW);
  const welcomed = (welcome: RoomWelcome, users?: RoomUser[]) =>
    store.update((view) => ({
      ...view,
      connected: true,
      state: welcome.state,
      me: welcome.user,
      ...(users ? { users } : {}),
    }));
  socket.on(RoomEvent.welcome, (welcome: RoomWelcome) => welcomed(welcome));
  socket.on(RoomEvent.receiveMessage, (message: ReceiveMessage) =>
    store.update((view) => ({ ...view, state: applyRoomMessage(view.state, message) })),
  );
  socket.on(RoomEvent.users, (users: RoomUser[]) => store.update((view) => ({ ...view, users })));
  socket.on('disconnect', () => store.update((view) => ({ ...view, connected: false })));

  /** Subscribes to a server event; returns the removal. */
  const listen =
    <T>(event: string) =>
    (listener: (payload: T) => void) => {
      socket.on(event, listener);
      return () => {
        socket.off(event, listener);
      };
    };
  // SPEC §8's client texts: not connected, or no answer in time, rejects with their words.
  const ask = <T>(event: string, payload: unknown): Promise<T> =>
    emitAnswered<T>(socket, event, payload);

  // Another holder of the page's socket on this room (the teacher's group overview beside a
  // visit) had the welcome already: ask for it again.
  if (socket.connected) {
    ask<RoomStateReply>(RoomEvent.state, {}).then(
      (reply) => welcomed(reply, reply.users),
      () => undefined,
    );
  }

  const board: BoardTransport = {
    async sendScene(elements) {
      await ask(RoomEvent.scene, { elements });
    },
    sendCursor(cursor) {
      socket.volatile.emit(RoomEvent.cursor, cursor);
    },
    sync: () => ask<BoardElement[]>(RoomEvent.sync, {}),
    onScene: listen<SceneBroadcast>(RoomEvent.scene),
    onCursor: listen<CursorBroadcast>(RoomEvent.cursor),
    onWelcome(listener) {
      const handleWelcome = (welcome: RoomWelcome) => listener(welcome.scene);
      socket.on(RoomEvent.welcome, handleWelcome);
      return () => {
        socket.off(RoomEvent.welcome, handleWelcome);
      };
    },
  };

  return {
    store,
    async send(message) {
      await ask(RoomEvent.sendMessage, message);
    },
    board,
    close() {
      socket.close();
      store.clear();
    },
  };
}

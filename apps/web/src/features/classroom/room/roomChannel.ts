// The classroom's room socket (SPEC §7 "Socket"): `/room/room-{n}` on our socket path, with the
// spec's `welcome`, `send_message` and `receive_message`. It carries the pushed browser (and the
// whiteboard's actions); the server decides who may do what and sets `from` and `role` itself.
import {
  EMPTY_ROOM_STATE,
  RoomEvent,
  SOCKET_PATH,
  roomNamespace,
  type AckResult,
  type ClassroomRoom,
  type ReceiveMessage,
  type RoomState,
  type RoomWelcome,
  type SendMessage,
} from '@atrium/protocol';
import { io, type Socket } from 'socket.io-client';
import { ACK_TIMEOUT_MS, SocketReconnect } from '../../../shared/realtime/socketClient.ts';
import { createStore, type Store } from '../../../shared/store.ts';

export interface RoomChannelView {
  /** The server has welcomed us (the state below is the room's). */
  connected: boolean;
  state: RoomState;
}

export interface RoomChannel {
  store: Store<RoomChannelView>;
  /** Sends an action; rejects with the server's words when it refuses. */
  send(message: SendMessage): Promise<void>;
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

/** Opens the room socket of `room`; the token is read on every (re)connect. */
export function openRoomChannel(room: ClassroomRoom, getToken: () => string): RoomChannel {
  const socket: Socket = io(`${window.location.origin}${roomNamespace(room)}`, {
    path: SOCKET_PATH,
    auth: (send) => send({ token: getToken() }),
    transports: ['websocket'],
    reconnection: true,
    reconnectionDelay: SocketReconnect.delayMs,
    reconnectionDelayMax: SocketReconnect.delayMaxMs,
    randomizationFactor: SocketReconnect.jitter,
    reconnectionAttempts: SocketReconnect.attempts,
    timeout: SocketReconnect.timeoutMs,
  });
  const store = createStore<RoomChannelView>({ connected: false, state: EMPTY_ROOM_STATE });
  socket.on(RoomEvent.welcome, (welcome: RoomWelcome) =>
    store.set({ connected: true, state: welcome.state }),
  );
  socket.on(RoomEvent.receiveMessage, (message: ReceiveMessage) =>
    store.update((view) => ({ ...view, state: applyRoomMessage(view.state, message) })),
  );
  socket.on('disconnect', () => store.update((view) => ({ ...view, connected: false })));
  return {
    store,
    async send(message) {
      const result = (await socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck(RoomEvent.sendMessage, message)) as AckResult<unknown>;
      if (!result.status) throw new Error(result.message);
    },
    close() {
      socket.close();
      store.clear();
    },
  };
}

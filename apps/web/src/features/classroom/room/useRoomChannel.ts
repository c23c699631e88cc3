import { EMPTY_ROOM_STATE, type BoardRoom, type SendMessage } from '@atrium/protocol';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import type { BoardTransport, RoomChannel, RoomChannelView } from './roomChannel.ts';

export interface RoomChannelController {
  view: RoomChannelView;
  /** Sends an action on the room socket; rejects with the server's refusal. */
  send: (message: SendMessage) => Promise<void>;
  /** The whiteboard's scene relay; null until the socket is open. */
  board: BoardTransport | null;
}

// Not IDLE_ROOM_VIEW: roomChannel.ts brings socket.io-client, which only a class loads.
const idleView: RoomChannelView = {
  connected: false,
  state: EMPTY_ROOM_STATE,
  me: null,
  users: [],
};
const notConnected = () => Promise.reject(new Error('The classroom is not connected yet.'));
export const idleRoomChannel: RoomChannelController = {
  view: idleView,
  send: notConnected,
  board: null,
};

export const RoomChannelContext = createContext<RoomChannelController>(idleRoomChannel);

/** The room socket of the classroom the person is in (idle outside a class). */
export function useRoomChannelContext(): RoomChannelController {
  return useContext(RoomChannelContext);
}

const noSubscription = () => () => undefined;

/**
 * Opens the room socket while the person is in `room` (a class or one of its groups; null: not in
 * a class) and closes it when they leave. socket.io-client comes with it, never with the home page.
 */
export function useRoomChannel(
  room: BoardRoom | null,
  getToken: () => string,
): RoomChannelController {
  const [channel, setChannel] = useState<RoomChannel | null>(null);
  useEffect(() => {
    if (!room) return;
    let open: RoomChannel | null = null;
    let cancelled = false;
    void import('./roomChannel.ts').then(({ openRoomChannel }) => {
      if (cancelled) return;
      open = openRoomChannel(room, getToken);
      setChannel(open);
    });
    return () => {
      cancelled = true;
      open?.close();
      setChannel(null);
    };
    // The token is read through the callback on every connect; a new callback changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [room]);
  const subscribe = useMemo(() => channel?.store.subscribe ?? noSubscription, [channel]);
  const get = useMemo(() => channel?.store.get ?? (() => idleView), [channel]);
  const view = useSyncExternalStore(subscribe, get, get);
  return useMemo(
    () => ({
      view,
      send: channel ? (m: SendMessage) => channel.send(m) : notConnected,
      board: channel?.board ?? null,
    }),
    [view, channel],
  );
}

import {
  PROTOCOL_VERSION,
  SOCKET_PATH,
  type AckResult,
  type ClientAck,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type WorldLocation,
} from '@atrium/protocol';
import { io, type Socket } from 'socket.io-client';
import type { WorldConnection, WorldServerEvent } from './world-transport.ts';

/** The socket typed by the protocol's event maps. */
export type WorldSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const JOIN_TIMEOUT_MS = 10_000;

/**
 * Opens the realtime socket; resolves once connected. The token is read on every (re)connect,
 * so a reconnect after the access token rotated uses the new one.
 */
export const connectWorldSocket = (getToken: () => string): Promise<WorldSocket> =>
  new Promise((resolve, reject) => {
    const socket: WorldSocket = io(location.origin, {
      path: SOCKET_PATH,
      auth: (send) => send({ protocol: PROTOCOL_VERSION, token: getToken() }),
      transports: ['websocket'],
    });
    const handleConnect = () => {
      socket.off('connect_error', handleError);
      resolve(socket);
    };
    const handleError = (err: Error) => {
      socket.off('connect', handleConnect);
      socket.close();
      reject(new Error(`Could not connect to the world: ${err.message}`, { cause: err }));
    };
    socket.once('connect', handleConnect);
    socket.once('connect_error', handleError);
  });

/** Joins a world; rejects with the server's message when it refuses. */
export const joinWorld = async (
  socket: WorldSocket,
  world: string,
  location?: WorldLocation,
): Promise<ClientAck<'world:join'>> => {
  // socket.io types a timed ack as any; the protocol's ack type is what the server sends.
  const result = (await socket
    .timeout(JOIN_TIMEOUT_MS)
    .emitWithAck('world:join', location ? { world, location } : { world })) as AckResult<
    ClientAck<'world:join'>
  >;
  if (!result.status) throw new Error(result.message);
  return result.data;
};

type Handler = (payload: never) => void;

/**
 * The world's transport over socket.io. Systems subscribe while the world is being built, before
 * the socket exists (posters load first), so their handlers are kept and attached on connect.
 */
export const createSocketTransport = (getToken: () => string): WorldConnection => {
  let socket: WorldSocket | null = null;
  const handlers: { event: WorldServerEvent; handler: Handler }[] = [];
  const disconnects = new Set<(byServer: boolean) => void>();
  const reconnects = new Set<() => void>();
  // socket.io's listener types are per event name; a handler list spans every event.
  const attach = (s: WorldSocket, event: WorldServerEvent, handler: Handler) =>
    s.on(event, handler as ServerToClientEvents[typeof event]);
  const detach = (s: WorldSocket, event: WorldServerEvent, handler: Handler) =>
    s.off(event, handler as ServerToClientEvents[typeof event]);

  return {
    on(event, handler) {
      const entry = { event, handler: handler as Handler };
      handlers.push(entry);
      if (socket) attach(socket, event, entry.handler);
      return () => {
        const at = handlers.indexOf(entry);
        if (at >= 0) handlers.splice(at, 1);
        if (socket) detach(socket, event, entry.handler);
      };
    },
    emit(event, payload) {
      // The union of the two events' signatures does not narrow on a generic name.
      (socket?.emit as ((e: string, p: unknown) => void) | undefined)?.call(socket, event, payload);
    },
    join(world, location) {
      if (!socket) return Promise.reject(new Error('Not connected to the world.'));
      return joinWorld(socket, world, location);
    },
    onDisconnect(handler) {
      disconnects.add(handler);
      return () => disconnects.delete(handler);
    },
    onReconnect(handler) {
      reconnects.add(handler);
      return () => reconnects.delete(handler);
    },
    async connect() {
      const s = await connectWorldSocket(getToken);
      socket = s;
      for (const { event, handler } of handlers) attach(s, event, handler);
      s.on('disconnect', (reason) => {
        for (const handler of disconnects) handler(reason === 'io server disconnect');
      });
      s.io.on('reconnect', () => {
        for (const handler of reconnects) handler();
      });
    },
    close() {
      socket?.close();
    },
  };
};

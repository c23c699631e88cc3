import {
  PROTOCOL_VERSION,
  type AckResult,
  type ClientAck,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type WorldLocation,
} from '@atrium/protocol';
import { io, type Socket } from 'socket.io-client';

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
      path: '/api/socket',
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

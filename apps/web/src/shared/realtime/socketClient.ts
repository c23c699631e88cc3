import {
  PROTOCOL_VERSION,
  SOCKET_PATH,
  type AckResult,
  type ClientAck,
  type ClientEventName,
  type ClientPayload,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketAuth,
} from '@atrium/protocol';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

/** The app's socket, typed by the protocol's event maps (both directions). */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * SPEC §9's socket reconnection: backoff from 1000 ms up to 5000 ms with jitter 0.5, unlimited
 * attempts, and 20000 ms to connect.
 */
export const SocketReconnect = {
  delayMs: 1000,
  delayMaxMs: 5000,
  jitter: 0.5,
  attempts: Infinity,
  timeoutMs: 20_000,
} as const;

/** How long an answered event waits for its answer before it fails. */
export const ACK_TIMEOUT_MS = 10_000;

/** socket.io-client's `io`, replaceable in tests. */
export type OpenSocket = (
  url: string,
  options: Partial<ManagerOptions & SocketOptions>,
) => AppSocket;

export interface SocketClientOptions {
  /** The session's current access token, read on every (re)connect. */
  getToken: () => string;
  /** The server's origin; this page's by default. */
  url?: string;
  open?: OpenSocket;
}

/** The handshake `auth`: the protocol version and the token as it is now. */
export const socketAuth = (token: string): SocketAuth => ({ protocol: PROTOCOL_VERSION, token });

/**
 * The socket.io options every socket of the app uses. `auth` is a callback, so a reconnect after
 * the access token rotated sends the new one.
 */
export const socketOptions = (getToken: () => string): Partial<ManagerOptions & SocketOptions> => ({
  path: SOCKET_PATH,
  auth: (send) => send(socketAuth(getToken())),
  transports: ['websocket'],
  reconnection: true,
  reconnectionDelay: SocketReconnect.delayMs,
  reconnectionDelayMax: SocketReconnect.delayMaxMs,
  randomizationFactor: SocketReconnect.jitter,
  reconnectionAttempts: SocketReconnect.attempts,
  timeout: SocketReconnect.timeoutMs,
});

/**
 * Opens the realtime socket; resolves once connected. A first connection that fails is closed
 * (no retries) and rejects; after that, socket.io reconnects by itself.
 */
export const connectSocket = ({
  getToken,
  url = window.location.origin,
  open = io,
}: SocketClientOptions): Promise<AppSocket> =>
  new Promise((resolve, reject) => {
    const socket = open(url, socketOptions(getToken));
    const handleConnect = () => {
      socket.off('connect_error', handleError);
      resolve(socket);
    };
    const handleError = (err: Error) => {
      socket.off('connect', handleConnect);
      socket.close();
      reject(new Error(`Could not connect to the server: ${err.message}`, { cause: err }));
    };
    socket.once('connect', handleConnect);
    socket.once('connect_error', handleError);
  });

/** Client events the server answers. */
export type AnsweredEvent = {
  [E in ClientEventName]: [ClientAck<E>] extends [never] ? never : E;
}[ClientEventName];
/** Client events sent without an answer. */
export type UnansweredEvent = Exclude<ClientEventName, AnsweredEvent>;

/** Sends an answered event; resolves with the answer's data, rejects with the server's message. */
export const request = async <E extends AnsweredEvent>(
  socket: AppSocket,
  event: E,
  payload: ClientPayload<E>,
  timeoutMs: number = ACK_TIMEOUT_MS,
): Promise<ClientAck<E>> => {
  // socket.io types a timed ack as any, and its overloads do not narrow on a generic event name.
  const timed = socket.timeout(timeoutMs) as unknown as {
    emitWithAck(event: E, payload: ClientPayload<E>): Promise<AckResult<ClientAck<E>>>;
  };
  const result = await timed.emitWithAck(event, payload);
  if (!result.status) throw new Error(result.message);
  return result.data;
};

/** Sends an event that has no answer. */
export const send = <E extends UnansweredEvent>(
  socket: AppSocket,
  event: E,
  payload: ClientPayload<E>,
): void => {
  // The union of the events' signatures does not narrow on a generic name.
  (socket as unknown as { emit(event: E, payload: ClientPayload<E>): void }).emit(event, payload);
};

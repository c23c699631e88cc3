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
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { leaseSocket, openOnPageManager, type OpenSocket as OpenNamespace } from './socketLease.ts';
import { RESERVED_EVENTS, SocketClientText } from './socketTexts.ts';
import { watchSessionNotices } from './sessionNotices.ts';

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
export type OpenSocket = OpenNamespace<AppSocket>;

export interface SocketClientOptions {
  /** The session's current access token, read on every (re)connect. */
  getToken: () => string;
  /** The server's origin; this page's by default. */
  url?: string;
  /** Opens the socket; by default on the page's one Manager (one WebSocket for every namespace). */
  open?: OpenSocket;
}

/** The handshake `auth`: the protocol version and the token as it is now. */
export const socketAuth = (token: string): SocketAuth => ({ protocol: PROTOCOL_VERSION, token });

/** The page's Manager: our socket path, WebSocket only, and SPEC §9's reconnection. */
export const managerOptions: Partial<ManagerOptions> = {
  path: SOCKET_PATH,
  transports: ['websocket'],
  reconnection: true,
  reconnectionDelay: SocketReconnect.delayMs,
  reconnectionDelayMax: SocketReconnect.delayMaxMs,
  randomizationFactor: SocketReconnect.jitter,
  reconnectionAttempts: SocketReconnect.attempts,
  timeout: SocketReconnect.timeoutMs,
};

/**
 * The socket.io options every socket of the app uses. `auth` is a callback, so a reconnect after
 * the access token rotated sends the new one.
 */
export const socketOptions = (
  getToken: () => string,
): Partial<ManagerOptions & SocketOptions> & { auth: (send: (auth: object) => void) => void } => ({
  ...managerOptions,
  auth: (send) => send(socketAuth(getToken())),
});

/**
 * Takes hold of the page's app socket (the `/` namespace, shared by the world, social, chat,
 * classroom and darts); resolves once connected. A first connection that fails is let go (with
 * no other holder, closed without retries) and rejects; after that, socket.io reconnects by
 * itself. `close()` on the result lets go of it: see `leaseSocket`.
 */
export const connectSocket = ({
  getToken,
  url = window.location.origin,
  open = openOnPageManager,
}: SocketClientOptions): Promise<AppSocket> =>
  new Promise((resolve, reject) => {
    const socket = leaseSocket<AppSocket>({
      url,
      options: socketOptions(getToken),
      getToken,
      open,
    });
    watchSessionNotices(socket);
    if (socket.connected) {
      resolve(socket);
      return;
    }
    const handleConnect = () => {
      socket.off('connect_error', handleError);
      resolve(socket);
    };
    const handleError = (err: Error) => {
      socket.off('connect', handleConnect);
      socket.close();
      reject(new Error(SocketClientText.couldNotConnect(err.message), { cause: err }));
    };
    socket.once('connect', handleConnect);
    socket.once('connect_error', handleError);
  });

/**
 * Takes hold of another namespace's socket on the page's Manager (the classroom's room socket),
 * whose handshake sends `auth(token)` with the current token. It connects by itself and
 * socket.io retries without end; `close()` lets go of it.
 */
export const leaseNamespace = <S extends Socket>(
  namespace: string,
  getToken: () => string,
  auth: (token: string) => object,
  url: string = window.location.origin,
): S =>
  leaseSocket<S>({
    url: `${url}${namespace}`,
    options: { ...managerOptions, auth: (sendAuth) => sendAuth(auth(getToken())) },
    getToken,
  });

/** Client events the server answers. */
export type AnsweredEvent = {
  [E in ClientEventName]: [ClientAck<E>] extends [never] ? never : E;
}[ClientEventName];
/** Client events sent without an answer. */
export type UnansweredEvent = Exclude<ClientEventName, AnsweredEvent>;

/** What the emit helpers need of a socket: any namespace's (the room socket's too). */
type EmittingSocket = Pick<Socket, 'connected' | 'emit' | 'timeout'>;

/**
 * SPEC §8: a reserved name throws; a socket that is not connected logs "unable to emit, socket
 * not ready." and refuses, rather than socket.io's silent buffering (a late burst of stale
 * actions after a reconnect).
 */
const checkEmit = (socket: EmittingSocket, event: string, logOncePerOutage = false) => {
  if (RESERVED_EVENTS.has(event)) throw new Error(SocketClientText.reserved(event));
  if (socket.connected) {
    warned.delete(socket);
    return null;
  }
  if (!logOncePerOutage || !warned.has(socket)) console.error(SocketClientText.notReady);
  warned.add(socket);
  return new Error(SocketClientText.notReady);
};
/** Sockets whose outage was logged already, so 15 dropped moves a second log once. */
const warned = new WeakSet<EmittingSocket>();

/**
 * Sends an answered event on any socket and resolves with the answer's data. Rejects with the
 * server's message on a refusal (`invalid payload` for a malformed one), "operation has timed
 * out" without an answer in `timeoutMs`, and "unable to emit, socket not ready." offline.
 */
export const emitAnswered = async <T>(
  socket: EmittingSocket,
  event: string,
  payload: unknown,
  timeoutMs: number = ACK_TIMEOUT_MS,
): Promise<T> => {
  const refused = checkEmit(socket, event);
  if (refused) throw refused;
  let result: AckResult<T>;
  try {
    result = (await socket.timeout(timeoutMs).emitWithAck(event, payload)) as AckResult<T>;
  } catch (error: unknown) {
    // socket.io-client's only failure here is the timeout; its words are SPEC §8's.
    throw new Error(SocketClientText.ackTimeout, { cause: error });
  }
  if (!result.status) throw new Error(result.message);
  return result.data;
};

/** Sends an answered event; resolves with the answer's data, rejects with the server's message. */
export const request = <E extends AnsweredEvent>(
  socket: AppSocket,
  event: E,
  payload: ClientPayload<E>,
  timeoutMs: number = ACK_TIMEOUT_MS,
): Promise<ClientAck<E>> => emitAnswered<ClientAck<E>>(socket, event, payload, timeoutMs);

/**
 * Sends an event that has no answer; false (and the SPEC §8 log) when the socket is not
 * connected, for the caller to drop it: a move or emote is stale by the time it would go.
 */
export const send = <E extends UnansweredEvent>(
  socket: AppSocket,
  event: E,
  payload: ClientPayload<E>,
): boolean => {
  if (checkEmit(socket, event, true)) return false;
  // The union of the events' signatures does not narrow on a generic name.
  (socket as unknown as { emit(event: E, payload: ClientPayload<E>): void }).emit(event, payload);
  return true;
};

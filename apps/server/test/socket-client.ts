import { decodeSnapshot, PROTOCOL_VERSION, SOCKET_PATH, WorldConstants } from '@atrium/protocol';
import type {
  AckResult,
  AvatarState,
  AvatarUpdate,
  ClientToServerEvents,
  ServerPayload,
  ServerToClientEvents,
} from '@atrium/protocol';
import { io as connect, type Socket } from 'socket.io-client';

/** A socket typed by the protocol's event maps. */
export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Listen = (event: string, listener: (payload: unknown) => void) => unknown;

/** Resolves when the socket connects; rejects with its connect error. */
export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/**
 * A new guest of the server at `url` in the campus, on a bare client (no reconnection, no events
 * recorded: a crowd of them stays cheap); the socket is added to `sockets` for the test to close.
 */
export async function joinCampusAsGuest(
  url: string,
  sockets: ClientSocket[],
): Promise<{ socket: ClientSocket; self: AvatarState }> {
  const res = await fetch(`${url}/api/auth/guest`, { method: 'POST' });
  const { token } = (await res.json()) as { token: string };
  const socket: ClientSocket = connect(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    auth: { protocol: PROTOCOL_VERSION, token },
  });
  sockets.push(socket);
  await connected(socket);
  const joined = await socket.emitWithAck('world:join', { world: 'campus' });
  if (!joined.status) throw new Error(joined.message);
  return { socket, self: joined.data.self };
}

/**
 * Everyone in `people` sways on the spot where they arrived, at the send rate (a few centimetres:
 * the server's walk and speed checks pass, and every tick has changes). Returns the stop.
 */
export function swayInPlace(
  people: Array<{ socket: ClientSocket; self: AvatarState }>,
): () => void {
  let step = 0;
  const timer = setInterval(() => {
    step += 1;
    for (const { socket, self } of people) {
      if (!socket.connected) continue;
      socket.emit('world:move', {
        x: self.x + (step % 2) * 0.05,
        y: 0,
        z: self.z,
        ry: self.ry,
        anim: 'walk',
      });
    }
  }, 1000 / WorldConstants.sendHz);
  return () => clearInterval(timer);
}

/** Resolves with the socket's connect error; rejects if it connects. */
export function connectError(socket: Socket): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected unexpectedly')));
    socket.once('connect_error', resolve);
  });
}

/** Emits an acknowledged event with any payload, as a student's edited page could. */
export function ask<T = unknown>(
  socket: ClientSocket,
  event: string,
  payload: unknown,
): Promise<AckResult<T>> {
  return new Promise((resolve) => {
    (socket as unknown as Socket).emit(event, payload, (result: AckResult<T>) => resolve(result));
  });
}

/** The data of an accepted answer; throws with the server's message on a refusal. */
export async function ok<T>(pending: Promise<AckResult<T>>): Promise<T> {
  const result = await pending;
  if (!result.status) throw new Error(`refused: ${result.message}`);
  return result.data;
}

/** The next `event` the socket receives that passes `test`. */
export function next<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  test: (payload: ServerPayload<E>) => boolean = () => true,
): Promise<ServerPayload<E>> {
  const untyped = socket as unknown as { on: Listen; off: Listen };
  return new Promise((resolve) => {
    const listener = (payload: ServerPayload<E>) => {
      if (!test(payload)) return;
      untyped.off(event, listener as (payload: unknown) => void);
      resolve(payload);
    };
    untyped.on(event, listener as (payload: unknown) => void);
  });
}

/** Resolves with the first `world:snapshot` entry for avatar `index` that passes `test`. */
export function snapshotEntry(
  socket: ClientSocket,
  index: number,
  test: (a: AvatarUpdate) => boolean,
): Promise<AvatarUpdate> {
  return new Promise((resolve) => {
    const listener = (text: string) => {
      const hit = decodeSnapshot(text)?.avatars.find((a) => a.index === index && test(a));
      if (hit) {
        socket.off('world:snapshot', listener);
        resolve(hit);
      }
    };
    socket.on('world:snapshot', listener);
  });
}

import { decodeSnapshot } from '@atrium/protocol';
import type {
  AckResult,
  AvatarUpdate,
  ClientToServerEvents,
  ServerPayload,
  ServerToClientEvents,
} from '@atrium/protocol';
import type { Socket } from 'socket.io-client';

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

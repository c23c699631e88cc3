import type { ServerPayload } from '@atrium/protocol';
import type { Socket } from 'socket.io-client';

/**
 * Issue 29: what an admin's action tells this person's pages: their session ended (kicked,
 * banned, deactivated, deleted, or a new role) or a warning. Any of the page's app sockets may
 * carry it; the app listens once, here.
 */
export type SessionNotice = ServerPayload<'system:ended'> | { reason: 'warning'; message: string };

const listeners = new Set<(notice: SessionNotice) => void>();
const watched = new WeakSet<Socket>();

/** Calls `listener` with every notice from now on; returns the way to stop. */
export function onSessionNotice(listener: (notice: SessionNotice) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Hands `socket`'s notices to the listeners (once per socket, however often it is leased). */
export function watchSessionNotices(socket: Socket): void {
  if (watched.has(socket)) return;
  watched.add(socket);
  socket.on('system:ended', (payload: ServerPayload<'system:ended'>) => {
    for (const listener of listeners) listener(payload);
  });
  socket.on('system:warning', (payload: ServerPayload<'system:warning'>) => {
    for (const listener of listeners) listener({ reason: 'warning', message: payload.message });
  });
}

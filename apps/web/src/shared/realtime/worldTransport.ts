import type { ServerToClientEvents } from '@atrium/protocol';
import type { WorldConnection, WorldServerEvent } from '@atrium/world/render';
import { onVisitLookChange, visitLookForToken } from '../character/visitLook.ts';
import {
  connectSocket,
  request,
  send,
  type AppSocket,
  type SocketClientOptions,
} from './socketClient.ts';

type Handler = (payload: never) => void;

/**
 * The world's transport over the app's socket. The world's systems subscribe while it is being
 * built, before the socket exists (posters load first), so their handlers are kept and attached
 * on connect. socket.io keeps listeners across its own reconnects, so they are attached once.
 */
export const createWorldTransport = (options: SocketClientOptions): WorldConnection => {
  let socket: AppSocket | null = null;
  let closed = false;
  let stopLookWatch = () => {};
  const handlers: { event: WorldServerEvent; handler: Handler }[] = [];
  const disconnects = new Set<(byServer: boolean) => void>();
  const reconnects = new Set<() => void>();
  // socket.io's listener types are per event name; a handler list spans every event.
  const attach = (s: AppSocket, event: WorldServerEvent, handler: Handler) =>
    s.on(event, handler as ServerToClientEvents[typeof event]);
  const detach = (s: AppSocket, event: WorldServerEvent, handler: Handler) =>
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
      if (socket) send(socket, event, payload);
    },
    join(world, location) {
      if (!socket) return Promise.reject(new Error('Not connected to the world.'));
      // A guest's look for this visit (accounts wear their saved look; the server ignores this).
      const look = visitLookForToken(options.getToken());
      return request(socket, 'world:join', {
        world,
        ...(location ? { location } : {}),
        ...(look !== null ? { look } : {}),
      });
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
      const s = await connectSocket(options);
      if (closed) {
        s.close();
        return;
      }
      socket = s;
      for (const { event, handler } of handlers) attach(s, event, handler);
      // The guest changed its look in the customiser: wear it now, not only at the next join.
      stopLookWatch = onVisitLookChange(options.getToken, (look) => {
        request(s, 'world:look', { look }).catch(() => undefined);
      });
      // Back after a drop once the socket itself is connected again: the Manager's `reconnect`
      // comes first, before the namespace's handshake, and a join sent then was refused ("unable
      // to emit, socket not ready"): the world crashed after every network drop.
      let dropped = false;
      s.on('disconnect', (reason) => {
        dropped = true;
        for (const handler of disconnects) handler(reason === 'io server disconnect');
      });
      s.on('connect', () => {
        if (!dropped) return;
        dropped = false;
        for (const handler of reconnects) handler();
      });
    },
    close() {
      closed = true;
      stopLookWatch();
      socket?.close();
    },
  };
};

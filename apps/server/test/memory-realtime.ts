import {
  clientEvents,
  SocketText,
  type AckResult,
  type ClientEventName,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@atrium/protocol';
import { AppError } from '../src/http/errors.ts';
import type {
  AtriumServer,
  AtriumSocket,
  HandlerRegistrar,
  SocketFeature,
} from '../src/realtime/realtime.ts';
import type { AuthClaims } from '../src/security/access-tokens.ts';
import {
  createSocketPair,
  type MessageBus,
  type SocketEnd,
  type SocketPair,
} from './socket-pair.ts';

/** The client end of an in-memory socket, typed by the protocol's event maps. */
export type ClientSocket = SocketEnd<ServerToClientEvents, ClientToServerEvents>;

/** What a test holds of one connection. */
export interface MemoryConnection {
  client: ClientSocket;
  /** The socket as the server's features see it. */
  socket: AtriumSocket;
  /** The network fails (see {@link SocketPair.drop}). */
  drop(): void;
}

/**
 * socket.io's server, as far as socket features use it, over in-memory socket pairs: rooms,
 * broadcasts, `disconnect`, and payloads checked against the contract and answered with the
 * envelope as `attachRealtime` does. The features under test are the real ones.
 */
export interface MemoryRealtime {
  /** The server as features see it (`io.to(room).emit`, `io.sockets.sockets`). */
  io: AtriumServer;
  /** Opens a connection for `auth` (null: not signed in) and runs the features on it. */
  connect(auth: AuthClaims | null): MemoryConnection;
  /** Errors a handler threw that were not an AppError: a test expects none. */
  readonly unexpected: unknown[];
}

type Pair = SocketPair<ClientToServerEvents, ServerToClientEvents>;
type Emit = (event: string, ...args: unknown[]) => void;
type On = (event: string, listener: (...args: unknown[]) => void) => void;

export function createMemoryRealtime(bus: MessageBus, features: SocketFeature[]): MemoryRealtime {
  const rooms = new Map<string, Set<string>>();
  const sockets = new Map<string, { pair: Pair; socket: AtriumSocket; rooms: Set<string> }>();
  const unexpected: unknown[] = [];
  let count = 0;

  const members = (names: Iterable<string>): Set<string> => {
    const ids = new Set<string>();
    for (const name of names) for (const id of rooms.get(name) ?? []) ids.add(id);
    return ids;
  };

  /** Emits to everyone in `to`, except the sockets in `except` rooms and `skip`. */
  const broadcast = (to: string[], except: string[], skip?: string) => ({
    emit(event: string, payload: unknown) {
      const excluded = members(except);
      for (const id of members(to)) {
        if (id === skip || excluded.has(id)) continue;
        (sockets.get(id)?.pair.server.emit as Emit | undefined)?.(event, payload);
      }
      return true;
    },
  });
  const operator = (to: string[], except: string[] = [], skip?: string) => {
    const op = {
      ...broadcast(to, except, skip),
      to: (room: string) => operator([...to, room], except, skip),
      except: (room: string | string[]) => operator(to, [...except, ...[room].flat()], skip),
    };
    return op;
  };

  const join = (id: string, names: string | string[]) => {
    const entry = sockets.get(id);
    if (!entry?.pair.server.connected) return;
    for (const name of [names].flat()) {
      entry.rooms.add(name);
      rooms.set(name, (rooms.get(name) ?? new Set()).add(id));
    }
  };
  const leave = (id: string, name: string) => {
    sockets.get(id)?.rooms.delete(name);
    rooms.get(name)?.delete(id);
    if (rooms.get(name)?.size === 0) rooms.delete(name);
  };

  /** `attachRealtime`'s `handle`: checks the payload, answers the envelope or `system:rejected`. */
  const registrar =
    (socket: AtriumSocket, on: On): HandlerRegistrar =>
    (event, handler) => {
      const name: ClientEventName = event;
      const receive = async (raw: unknown, ack: unknown) => {
        const reply = (result: AckResult<unknown>) => {
          if (typeof ack === 'function') (ack as (r: AckResult<unknown>) => void)(result);
          else if (!result.status)
            socket.emit('system:rejected', { event, message: result.message });
        };
        const parsed = clientEvents[name].payload.safeParse(raw);
        if (!parsed.success) {
          reply({ status: false, message: SocketText.invalidPayload });
          return;
        }
        try {
          const data: unknown = await Promise.resolve(handler(socket, parsed.data as never));
          reply({ status: true, data });
        } catch (err) {
          if (err instanceof AppError) reply({ status: false, message: err.message });
          else {
            unexpected.push(err);
            reply({ status: false, message: 'operation failed' });
          }
        }
      };
      on(name, (raw, ack) => void receive(raw, ack));
    };

  const io = {
    to: (room: string) => operator([room]),
    except: (room: string) => operator([], [room]),
    sockets: { sockets: new Map<string, AtriumSocket>() },
  };

  return {
    // Only the members above are used by socket features; the cast stands in for the rest.
    io: io as unknown as AtriumServer,
    unexpected,
    connect(auth) {
      count += 1;
      const id = `socket-${count}`;
      const pair: Pair = createSocketPair(bus, id);
      const { server } = pair;
      const on: On = (event, listener) => {
        if (event === 'disconnect') server.onDisconnect(listener);
        else (server.on as On)(event, listener);
      };
      const fake = {
        id,
        data: { auth },
        get rooms() {
          return sockets.get(id)?.rooms ?? new Set<string>();
        },
        get connected() {
          return server.connected;
        },
        get disconnected() {
          return !server.connected;
        },
        join: (names: string | string[]) => join(id, names),
        leave: (name: string) => leave(id, name),
        to: (room: string) => operator([room], [], id),
        emit: (event: string, ...args: unknown[]) => {
          (server.emit as Emit)(event, ...args);
          return true;
        },
        on,
        disconnect() {
          server.disconnect();
          return fake;
        },
        conn: { close: () => pair.drop() },
      };
      const socket = fake as unknown as AtriumSocket;
      // socket.io leaves every room before a socket's `disconnect` listeners run.
      server.onDisconnect(() => {
        for (const name of [...(sockets.get(id)?.rooms ?? [])]) leave(id, name);
        sockets.delete(id);
        io.sockets.sockets.delete(id);
      });
      sockets.set(id, { pair, socket, rooms: new Set() });
      join(id, id);
      io.sockets.sockets.set(id, socket);
      for (const feature of features) feature(socket, registrar(socket, on));
      return { client: pair.client, socket, drop: () => pair.drop() };
    },
  };
}

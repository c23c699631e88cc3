import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  clientEvents,
  ErrorCode,
  MAX_SOCKET_MESSAGE_BYTES,
  PROTOCOL_VERSION,
  SOCKET_PATH,
  SocketAuthSchema,
  SocketText,
} from '@atrium/protocol';
import type {
  AckResult,
  ClientAck,
  ClientEventName,
  ClientPayload,
  ClientToServerEvents,
  ServerToClientEvents,
} from '@atrium/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import type { BroadcastOperator, ExtendedError, Socket } from 'socket.io';
import type { AuthClaims } from '../security/access-tokens.ts';
import { AppError } from '../http/errors.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import { isOriginAllowed } from './origin.ts';
import { SOCKET_EVENT_LIMITS } from './socket-limits.ts';

/** Who a socket acts for: the claims of the handshake token, or null without one. */
export interface SocketData {
  auth: AuthClaims | null;
}

/**
 * What one server process tells the others (`io.serverSideEmit`, through the Redis adapter): for
 * state that lives in a process's memory, such as a socket's classroom session.
 */
export interface InterServerEvents {
  /** Issue 28: a teacher removed the participant on this socket; its process lets go of them. */
  'class:remove': (socketId: string) => void;
  /**
   * Issue 28 §4: who may be in a room socket's room changed (groups closed, a student moved); each
   * process drops its sockets there that may no longer look.
   */
  'room:recheck': (room: string) => void;
  /**
   * Issue 30: a crowded instance's avatars that moved on one process this tick (a base64
   * snapshot, full precision), for the other processes' interest to share out among their own
   * viewers; `world:gone` when one of them left.
   */
  'world:moved': (instanceId: string, snapshot: string) => void;
  'world:gone': (instanceId: string, index: number) => void;
}

export type AtriumServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
export type AtriumSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/** Registers a validated handler for one client event on one socket. */
export type HandlerRegistrar = <E extends ClientEventName>(event: E, handler: Handler<E>) => void;

/** A feature's socket part: called for every new connection. */
export type SocketFeature = (socket: AtriumSocket, on: HandlerRegistrar) => void;
/**
 * A namespace's own check at the handshake, after the sign-in check: the refusal's text, or null
 * to let the socket in. Before the connection, so a refused socket never hears a broadcast.
 */
export type NamespaceAdmission = (socket: AtriumSocket) => Promise<string | null>;

/** The room every socket of one signed-in user joins on connect, on whichever process. */
export const userRoom = (userId: string): string => `user:${userId}`;

/**
 * Emits to every open tab of one user, on every process (through the Redis adapter when it is
 * set): the one way presence, calls and notifications reach a person.
 */
export function toUser(
  io: AtriumServer,
  userId: string,
): BroadcastOperator<ServerToClientEvents, SocketData> {
  return io.to(userRoom(userId));
}

export interface RealtimeOptions {
  allowedOrigins: readonly string[];
  redisUrl?: string | undefined;
  /** The prefix of the adapter's Redis channels (REDIS_CHANNEL); socket.io's own by default. */
  redisChannel?: string;
  logger: FastifyBaseLogger;
  /** Checks the handshake's `auth.token`; sockets without a valid one get `auth: null`. */
  verifyToken?: (token: string) => Promise<AuthClaims | undefined>;
  features?: SocketFeature[];
  /** Counts client events per user against SOCKET_EVENT_LIMITS; without it none are limited. */
  limiter?: RateLimiter;
}

export interface Realtime {
  io: AtriumServer;
  /**
   * Serves a feature on every namespace whose name matches `name` (the classroom's
   * `/room/room-{n}`, say), behind the same handshake checks as the main one. Only signed-in
   * sockets (accounts or guests) get in; the feature reads the room from `socket.nsp.name`.
   */
  namespace(name: RegExp, feature: SocketFeature, admit?: NamespaceAdmission): void;
  /** Messages dropped because they failed validation, since start. */
  readonly rejectedMessages: () => number;
  /** Messages dropped because their sender was over the event's per-user limit, since start. */
  readonly limitedMessages: () => number;
  close(): Promise<void>;
}

export type Handler<E extends ClientEventName> = (
  socket: AtriumSocket,
  payload: ClientPayload<E>,
) => [ClientAck<E>] extends [never] ? void | Promise<void> : Promise<ClientAck<E>> | ClientAck<E>;

/** Attaches socket.io on `SOCKET_PATH` (`/api/socket`) to the HTTP server, with origin, size and schema checks. */
export async function attachRealtime(
  http: HttpServer,
  options: RealtimeOptions,
): Promise<Realtime> {
  const io: AtriumServer = new Server(http, {
    path: SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: MAX_SOCKET_MESSAGE_BYTES,
    allowRequest: (req, callback) => {
      const ok = isOriginAllowed(req.headers.origin, req.headers.host, options.allowedOrigins);
      callback(ok ? null : SocketText.originNotAllowed, ok);
    },
  });

  const cleanups: Array<() => Promise<unknown>> = [];
  if (options.redisUrl) {
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    pub.on('error', (err: unknown) => options.logger.error({ err }, 'redis publisher error'));
    sub.on('error', (err: unknown) => options.logger.error({ err }, 'redis subscriber error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: options.redisChannel ?? 'socket.io' }));
    cleanups.push(async () => {
      // Stop hearing the other processes first: a request that arrived before this (another
      // process's `fetchSockets`) is answered on `pub`, so `pub` closes last. Redis delivers in
      // order, so once `sub`'s QUIT is answered every earlier request has been handled and its
      // answer queued on `pub`, which QUIT then flushes. Closing both at once made those answers
      // fail with "The client is closed" as unhandled rejections.
      for (const nsp of io._nsps.values()) void nsp.adapter.close();
      await sub.quit();
      await pub.quit();
    });
  }

  // One handshake check for the main namespace and every feature namespace. A feature namespace
  // (the spec's room socket) also takes the spec's bare `{token}`: a stock client sends no
  // protocol version there, and a wrong one is still refused.
  const authenticateWith =
    (protocolRequired: boolean) =>
    (socket: AtriumSocket, next: (err?: ExtendedError) => void): void => {
      const raw: unknown = socket.handshake.auth;
      const versionless =
        !protocolRequired && typeof raw === 'object' && raw !== null && !('protocol' in raw);
      const auth = SocketAuthSchema.safeParse(
        versionless ? { ...raw, protocol: PROTOCOL_VERSION } : raw,
      );
      authenticateParsed(socket, auth, next);
    };
  const authenticateParsed = (
    socket: AtriumSocket,
    auth: ReturnType<typeof SocketAuthSchema.safeParse>,
    next: (err?: ExtendedError) => void,
  ): void => {
    if (!auth.success || auth.data.protocol !== PROTOCOL_VERSION) {
      next(new Error(SocketText.unsupportedProtocol));
      return;
    }
    socket.data.auth = null;
    const token = auth.data.token;
    if (!token || !options.verifyToken) {
      next();
      return;
    }
    options.verifyToken(token).then(
      (claims) => {
        socket.data.auth = claims ?? null;
        next();
      },
      () => next(),
    );
  };
  io.use(authenticateWith(true));

  let rejected = 0;
  let limited = 0;

  /**
   * 0 when this event from this socket's user is within its budget; otherwise the milliseconds
   * until one more is taken.
   */
  async function overLimitFor(socket: AtriumSocket, event: ClientEventName): Promise<number> {
    if (!options.limiter) return 0;
    const { limit, windowMs } = SOCKET_EVENT_LIMITS[event];
    // Per user, so several tabs or processes share one budget; an anonymous socket has its own.
    const who = socket.data.auth?.sub ?? `socket:${socket.id}`;
    try {
      const hit = await options.limiter.hit(`socket:${event}:${who}`, windowMs, limit);
      if (hit.allowed) return 0;
      limited += 1;
      // Never 0: a client retrying at once would only be refused again.
      return Math.max(1, Math.ceil(hit.retryAfterMs));
    } catch (err) {
      // A Redis hiccup must not freeze everyone's avatar: the event goes through, logged.
      options.logger.error({ err, event }, 'socket limit check failed');
      return 0;
    }
  }

  /** Registers a validated handler: bad payloads are answered with the envelope, never thrown. */
  function handle<E extends ClientEventName>(
    socket: AtriumSocket,
    event: E,
    handler: Handler<E>,
  ): void {
    const spec = clientEvents[event];
    // Listen untyped: the payload is unknown until the schema has checked it.
    const untyped = socket as unknown as Socket;
    const name: string = event;
    untyped.on(name, async (raw: unknown, ack: unknown) => {
      const reply = (result: AckResult<unknown>) => {
        if (typeof ack === 'function') (ack as (r: AckResult<unknown>) => void)(result);
        else if (!result.status) socket.emit('system:rejected', { event, message: result.message });
      };
      const retryAfterMs = await overLimitFor(socket, event);
      if (retryAfterMs > 0) {
        // Only an ack is answered: a flood of events without one must not get a flood back.
        if (typeof ack === 'function') {
          reply({
            status: false,
            code: ErrorCode.rateLimited,
            message: SocketText.tooManyMessages,
            retryAfterMs,
          });
        }
        return;
      }
      const parsed = spec.payload.safeParse(raw);
      if (!parsed.success) {
        rejected += 1;
        reply({ status: false, message: SocketText.invalidPayload });
        return;
      }
      try {
        // Handlers answer a value or a promise of one; events without an ack answer nothing.
        const data: unknown = await Promise.resolve(
          handler(socket, parsed.data as ClientPayload<E>) as unknown,
        );
        reply({ status: true, data });
      } catch (err) {
        if (err instanceof AppError) {
          reply({ status: false, message: err.message });
          return;
        }
        options.logger.error({ err, event }, 'socket handler failed');
        reply({ status: false, message: 'operation failed' });
      }
    });
  }

  io.on('connection', (socket) => {
    // Joining is local to this process; the adapter routes `toUser` messages from the others here.
    if (socket.data.auth) void socket.join(userRoom(socket.data.auth.sub));
    const on: HandlerRegistrar = (event, handler) => handle(socket, event, handler);
    on('system:ping', (_socket, payload) => ({ sentAt: payload.sentAt, serverTime: Date.now() }));
    for (const feature of options.features ?? []) feature(socket, on);
  });

  return {
    io,
    namespace(name, feature, admit) {
      io.of(name)
        .use(authenticateWith(false))
        .use((socket, next) => {
          next(socket.data.auth ? undefined : new Error(SocketText.notLoggedIn));
        })
        .use((socket, next) => {
          if (!admit) return next();
          admit(socket).then(
            (refusal) => next(refusal === null ? undefined : new Error(refusal)),
            (err: unknown) => next(err instanceof Error ? err : new Error(String(err))),
          );
        })
        .on('connection', (socket) => {
          feature(socket, (event, handler) => handle(socket, event, handler));
        });
    },
    rejectedMessages: () => rejected,
    limitedMessages: () => limited,
    async close() {
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.all(cleanups.map((fn) => fn()));
    },
  };
}

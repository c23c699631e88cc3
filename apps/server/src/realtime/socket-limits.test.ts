import type { AddressInfo } from 'node:net';
import {
  ErrorCode,
  PROTOCOL_VERSION,
  RateLimitedAckSchema,
  SocketText,
  WorldConstants,
} from '@atrium/protocol';
import type { ClientToServerEvents, ServerToClientEvents } from '@atrium/protocol';
import Fastify from 'fastify';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import type { TestDatabase } from '../../test/databases.ts';
import { startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { MemoryRateLimiter } from '../http/rate-limit.ts';
import type { AuthClaims } from '../security/access-tokens.ts';
import { attachRealtime } from './realtime.ts';
import type { Realtime } from './realtime.ts';
import { SOCKET_EVENT_LIMITS } from './socket-limits.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('per-user socket event limits', () => {
  let database: TestDatabase;
  let server: TestApp;
  const opened: ClientSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    server = await startTestApp(database);
  });
  afterAll(async () => {
    for (const s of opened) s.disconnect();
    await server.close();
    await database.dispose();
  });

  async function open(token: string): Promise<ClientSocket> {
    const socket: ClientSocket = connect(server.url, {
      path: '/api/socket',
      transports: ['websocket'],
      reconnection: false,
      auth: { protocol: PROTOCOL_VERSION, token },
    });
    opened.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  }

  it('leaves room for a normal client in two tabs', () => {
    const move = SOCKET_EVENT_LIMITS['world:move'];
    expect(move.limit / (move.windowMs / 1000)).toBeGreaterThanOrEqual(2 * WorldConstants.sendHz);
  });

  it('drops a move flood past the budget and shares the budget between one user’s sockets', async () => {
    const res = await fetch(`${server.url}/api/auth/guest`, { method: 'POST' });
    const { token } = (await res.json()) as { token: string };
    const [a, b] = [await open(token), await open(token)];
    const joined = await a.emitWithAck('world:join', { world: 'campus' });
    expect(joined.status).toBe(true);
    if (!joined.status) return;
    const { x, y, z } = joined.data.self;

    const { limit } = SOCKET_EVENT_LIMITS['world:move'];
    const before = server.app.realtime.limitedMessages();
    for (let i = 0; i < limit + 50; i += 1) a.emit('world:move', { x, y, z, ry: 0, anim: 'idle' });
    // Events of one socket are handled in order: once the ping is answered, the moves were seen.
    await a.emitWithAck('system:ping', { sentAt: Date.now() });
    expect(server.app.realtime.limitedMessages() - before).toBe(50);

    const joins = SOCKET_EVENT_LIMITS['world:join'].limit;
    const answers = [];
    for (let i = 1; i <= joins; i += 1) {
      answers.push(await (i % 2 ? b : a).emitWithAck('world:join', { world: 'campus' }));
    }
    expect(answers.slice(0, joins - 1).every((r) => r.status)).toBe(true);
    expect(answers.at(-1)).toEqual({
      status: false,
      code: ErrorCode.rateLimited,
      message: SocketText.tooManyMessages,
      retryAfterMs: expect.any(Number),
    });
  });
});

describe('a member past the ping budget', () => {
  // The limiter's clock is the test's, so the window can pass without waiting for it.
  let now = Date.parse('2026-01-01T00:00:00Z');
  const app = Fastify();
  let realtime: Realtime;
  let url: string;
  const opened: ClientSocket[] = [];
  const member: AuthClaims = { sub: 'member-1', username: 'ann', role: 'member' };

  beforeAll(async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    realtime = await attachRealtime(app.server, {
      allowedOrigins: [],
      logger: app.log,
      verifyToken: async (token) => (token === 'member-token' ? member : undefined),
      limiter: new MemoryRateLimiter(() => now),
    });
  });
  afterAll(async () => {
    for (const s of opened) s.disconnect();
    await realtime.close();
    await app.close();
  });

  async function open(): Promise<ClientSocket> {
    const socket: ClientSocket = connect(url, {
      path: '/api/socket',
      transports: ['websocket'],
      reconnection: false,
      auth: { protocol: PROTOCOL_VERSION, token: 'member-token' },
    });
    opened.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  }

  it('tells a new socket it is rate-limited and when to retry, and answers it after that', async () => {
    const { limit, windowMs } = SOCKET_EVENT_LIMITS['system:ping'];
    const flooding = await open();
    const before = realtime.limitedMessages();
    // 2,000 events over two seconds of the limiter's clock, answered in order.
    const answers = [];
    for (let i = 0; i < 2000; i += 1) {
      if (i % 100 === 0) now += 100;
      answers.push(flooding.emitWithAck('system:ping', { sentAt: i }));
    }
    const results = await Promise.all(answers);
    expect(results.filter((r) => r.status)).toHaveLength(limit);
    expect(realtime.limitedMessages() - before).toBe(2000 - limit);

    // A new socket of the same member shares the budget: refused, and told why and for how long.
    const fresh = await open();
    const refused = await fresh.emitWithAck('system:ping', { sentAt: 1 });
    const refusal = RateLimitedAckSchema.parse(refused);
    expect(refusal).toMatchObject({
      code: ErrorCode.rateLimited,
      message: SocketText.tooManyMessages,
    });
    expect(refusal.retryAfterMs).toBeLessThanOrEqual(windowMs);

    // Still refused a moment before the wait is over; answered once it is.
    now += refusal.retryAfterMs - 1;
    expect(await fresh.emitWithAck('system:ping', { sentAt: 2 })).toMatchObject({
      status: false,
      code: ErrorCode.rateLimited,
    });
    now += 1;
    expect(await fresh.emitWithAck('system:ping', { sentAt: 3 })).toMatchObject({
      status: true,
      data: { sentAt: 3 },
    });
  });
});

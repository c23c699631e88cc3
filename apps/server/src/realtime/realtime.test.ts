import { request as httpRequest } from 'node:http';
import { MAX_SOCKET_MESSAGE_BYTES, PROTOCOL_VERSION, SocketText } from '@atrium/protocol';
import type { ClientToServerEvents, ServerToClientEvents } from '@atrium/protocol';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import type { TestDatabase } from '../../test/databases.ts';
import { startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { isOriginAllowed } from './origin.ts';
import { connected, connectError } from '../../test/socket-client.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const opened: ClientSocket[] = [];

function client(url: string, options: Parameters<typeof connect>[1] = {}): ClientSocket {
  const socket: ClientSocket = connect(url, {
    path: '/api/socket',
    transports: ['websocket'],
    reconnection: false,
    auth: { protocol: PROTOCOL_VERSION },
    ...options,
  });
  opened.push(socket);
  return socket;
}

afterEach(() => {
  for (const socket of opened.splice(0)) socket.disconnect();
});

describe('isOriginAllowed', () => {
  it('allows allowlisted origins only, whatever the Host says', () => {
    const allow = ['https://campus.example.org'];
    expect(isOriginAllowed('https://campus.example.org', 'other:1', allow)).toBe(true);
    // The shape of DNS rebinding: Origin and Host both name the attacker's host.
    expect(isOriginAllowed('http://evil.example', 'evil.example', allow)).toBe(false);
    expect(isOriginAllowed('http://127.0.0.1:8080', '127.0.0.1:8080', allow)).toBe(false);
    expect(isOriginAllowed('https://evil.example', '127.0.0.1:8080', allow)).toBe(false);
    expect(isOriginAllowed('null', '127.0.0.1:8080', allow)).toBe(false);
  });

  it('allows a request without Origin only on a host that cannot be rebound', () => {
    const allow = ['https://campus.example.org'];
    expect(isOriginAllowed(undefined, undefined, allow)).toBe(true);
    expect(isOriginAllowed(undefined, '127.0.0.1:8080', allow)).toBe(true);
    expect(isOriginAllowed(undefined, '[::1]:8080', allow)).toBe(true);
    expect(isOriginAllowed(undefined, 'localhost:8080', allow)).toBe(true);
    expect(isOriginAllowed(undefined, 'Campus.Example.org', allow)).toBe(true);
    expect(isOriginAllowed(undefined, 'evil.example', allow)).toBe(false);
    expect(isOriginAllowed(undefined, 'evil.example:8080', allow)).toBe(false);
  });
});

describe('realtime on /api/socket', () => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    server = await startTestApp(database, { ALLOWED_ORIGINS: 'https://host.example.org' });
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  it('answers a validated ping with the envelope', async () => {
    const socket = client(server.url);
    await connected(socket);
    const result = await socket.emitWithAck('system:ping', { sentAt: 42 });
    expect(result).toMatchObject({
      status: true,
      data: { sentAt: 42, serverTime: expect.any(Number) },
    });
  });

  it('refuses another protocol version', async () => {
    const error = await connectError(
      client(server.url, { auth: { protocol: PROTOCOL_VERSION + 1 } }),
    );
    expect(error.message).toBe(SocketText.unsupportedProtocol);
  });

  it('refuses a handshake without auth', async () => {
    const error = await connectError(client(server.url, { auth: {} }));
    expect(error.message).toBe(SocketText.unsupportedProtocol);
  });

  it('answers an invalid payload with invalid payload and keeps the connection', async () => {
    const socket = client(server.url);
    await connected(socket);
    const before = server.app.realtime.rejectedMessages();
    const bad = await socket.emitWithAck('system:ping', { sentAt: 'soon' } as never);
    expect(bad).toEqual({ status: false, message: SocketText.invalidPayload });
    const extra = await socket.emitWithAck('system:ping', { sentAt: 1, extra: true } as never);
    expect(extra).toEqual({ status: false, message: SocketText.invalidPayload });
    expect(server.app.realtime.rejectedMessages()).toBe(before + 2);
    const good = await socket.emitWithAck('system:ping', { sentAt: 2 });
    expect(good.status).toBe(true);
  });

  it('tells a client without an ack callback that its message was rejected', async () => {
    const socket = client(server.url);
    await connected(socket);
    const rejected = new Promise((resolve) => socket.once('system:rejected', resolve));
    const untyped = socket as unknown as { emit(event: string, payload: unknown): void };
    untyped.emit('system:ping', null);
    expect(await rejected).toEqual({ event: 'system:ping', message: SocketText.invalidPayload });
  });

  it('refuses a foreign Origin and accepts an allowlisted one', async () => {
    const foreign = client(server.url, { extraHeaders: { origin: 'https://evil.example' } });
    await expect(connectError(foreign)).resolves.toBeInstanceOf(Error);
    const allowed = client(server.url, { extraHeaders: { origin: 'https://host.example.org' } });
    await connected(allowed);
    expect(allowed.connected).toBe(true);
  });

  it('refuses a handshake whose Origin and Host both name a foreign host', async () => {
    // A real websocket handshake with forged headers, as a DNS-rebinding page would send it.
    const rebound = client(server.url, {
      extraHeaders: { origin: 'http://evil.example:8080', host: 'evil.example:8080' },
    });
    const error = await connectError(rebound);
    expect(rebound.connected).toBe(false);
    expect(error).toBeInstanceOf(Error);
  });

  it('refuses a polling handshake without Origin on a foreign host name', async () => {
    // A rebinding page's same-origin GET carries no Origin, only its own host name.
    const handshake = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const { port } = new URL(server.url);
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/api/socket/?EIO=4&transport=polling',
            headers: { host },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
    expect(await handshake('evil.example')).toBe(403);
    expect(await handshake(new URL(server.url).host)).toBe(200);
  });

  it('drops a connection that sends more than 64 KB in one message', async () => {
    const socket = client(server.url);
    await connected(socket);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const untyped = socket as unknown as { emit(event: string, payload: unknown): void };
    untyped.emit('system:ping', { sentAt: 1, pad: 'x'.repeat(MAX_SOCKET_MESSAGE_BYTES + 1) });
    expect(await closed).toMatch(/transport (close|error)/);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe('two servers on one Redis', () => {
  it('runs when TEST_REDIS_URL is set (CI sets it)', () => {
    if (process.env.CI) expect(redisUrl, 'CI must set TEST_REDIS_URL').toBeTruthy();
  });

  it.runIf(redisUrl)(
    'delivers an event emitted on one server to a client of the other',
    async () => {
      const dbA = await createTestDatabase('pglite');
      const dbB = await createTestDatabase('pglite');
      const env = { REDIS_URL: redisUrl as string };
      const serverA = await startTestApp(dbA, env);
      const serverB = await startTestApp(dbB, env);
      try {
        const onB = client(serverB.url);
        await connected(onB);
        const received = new Promise((resolve) => onB.once('system:announce', resolve));
        serverA.app.realtime.io.emit('system:announce', { message: 'hello from A' });
        expect(await received).toEqual({ message: 'hello from A' });
        expect(await serverA.app.realtime.io.fetchSockets()).toHaveLength(1);
      } finally {
        await serverA.close();
        await serverB.close();
        await dbA.dispose();
        await dbB.dispose();
      }
    },
  );
});

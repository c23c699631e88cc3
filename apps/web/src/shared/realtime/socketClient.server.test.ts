// SPEC §8's socket texts against a real socket.io server in this process and the real client:
// the texts the app shows are the ones that actually come out of the wire.
import {
  createServer as createTcpServer,
  type Server as TcpServer,
  type Socket as Tcp,
} from 'node:net';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PROTOCOL_VERSION,
  SOCKET_PATH,
  SocketText,
  clientEvents,
  type ClientEventName,
} from '@atrium/protocol';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectSocket, managerOptions, request, send, type AppSocket } from './socketClient.ts';
import { leaseSocket } from './socketLease.ts';
import { SocketClientText } from './socketTexts.ts';

let server: Server;
let url = '';
/** Events the server received, in order. */
const received: string[] = [];
/** The protocol version the server speaks; another one is refused like the real server does. */
let serverProtocol = PROTOCOL_VERSION;

beforeAll(async () => {
  const http = createServer();
  server = new Server(http, { path: SOCKET_PATH });
  server.use((socket, next) => {
    const auth = socket.handshake.auth as { protocol?: unknown };
    next(auth.protocol === serverProtocol ? undefined : new Error(SocketText.unsupportedProtocol));
  });
  server.on('connection', (socket) => {
    socket.onAny((event: string, payload: unknown, ack?: (answer: unknown) => void) => {
      received.push(event);
      if (event === 'system:ping' && typeof ack === 'function') {
        // Validated with the protocol's own schema, as the app's server does.
        const spec = clientEvents[event as ClientEventName];
        const parsed = spec.payload.safeParse(payload);
        ack(
          parsed.success
            ? { status: true, data: { sentAt: 1, serverTime: 2 } }
            : { status: false, message: SocketText.invalidPayload },
        );
      }
      // `world:join` is never answered: the ack times out.
    });
  });
  server.of(/^\/room\/room-\d+$/);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
});

const sockets: AppSocket[] = [];
afterEach(() => {
  sockets.splice(0).forEach((s) => s.close());
  received.length = 0;
  serverProtocol = PROTOCOL_VERSION;
  vi.restoreAllMocks();
});

async function connect(): Promise<AppSocket> {
  const socket = await connectSocket({ getToken: () => 't', url });
  sockets.push(socket);
  return socket;
}

describe('the socket client against a real socket.io server (SPEC §8)', () => {
  it('answers over the wire, and a malformed payload gets "invalid payload"', async () => {
    const socket = await connect();
    await expect(request(socket, 'system:ping', { sentAt: 1 })).resolves.toEqual({
      sentAt: 1,
      serverTime: 2,
    });
    const bad = { sentAt: 'yesterday' } as unknown as { sentAt: number };
    await expect(request(socket, 'system:ping', bad)).rejects.toThrow(/^invalid payload$/);
    expect(SocketClientText.invalidPayload).toBe('invalid payload');
  });

  it('logs "unable to emit, socket not ready." and refuses while disconnected, sending nothing later', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const socket = await connect();
    socket.disconnect();
    await expect(request(socket, 'system:ping', { sentAt: 1 })).rejects.toThrow(
      'unable to emit, socket not ready.',
    );
    expect(send(socket, 'world:emote', { emote: 'waving' })).toBe(false);
    expect(send(socket, 'world:emote', { emote: 'waving' })).toBe(false);
    await expect(request(socket, 'system:ping', { sentAt: 1 })).rejects.toThrow(
      SocketClientText.notReady,
    );
    // Each refused request logs; dropped sends (15 moves a second) log once per outage.
    expect(logged.mock.calls).toEqual([
      ['unable to emit, socket not ready.'],
      ['unable to emit, socket not ready.'],
    ]);
    // Nothing was buffered: after reconnecting, only the new ping reaches the server.
    socket.connect();
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    await request(socket, 'system:ping', { sentAt: 2 });
    expect(received).toEqual(['system:ping']);
    expect(send(socket, 'world:emote', { emote: 'waving' })).toBe(true);
  });

  it("carries every feature's socket and every namespace of the page over one WebSocket", async () => {
    const world = await connect();
    const social = await connect();
    const room = leaseSocket({
      url: `${url}/room/room-1`,
      options: { ...managerOptions, auth: (sendAuth) => sendAuth({ token: 't' }) },
      getToken: () => 't',
    });
    await new Promise<void>((resolve) => room.once('connect', () => resolve()));
    expect(server.engine.clientsCount).toBe(1);
    expect(server.of('/').sockets.size).toBe(1);
    // One feature letting go leaves the others connected.
    world.close();
    await expect(request(social, 'system:ping', { sentAt: 1 })).resolves.toMatchObject({
      sentAt: 1,
    });
    room.close();
  });

  it('rejects with "operation has timed out" when no answer comes', async () => {
    const socket = await connect();
    await expect(request(socket, 'world:join', { world: 'campus' }, 100)).rejects.toThrow(
      /^operation has timed out$/,
    );
    // socket.io-client's own words are the same.
    await expect(socket.timeout(50).emitWithAck('world:join', { world: 'campus' })).rejects.toThrow(
      SocketClientText.ackTimeout,
    );
  });

  it('throws for a reserved event name, as socket.io-client does', async () => {
    const socket = await connect();
    const reserved = 'disconnect' as unknown as 'system:ping';
    await expect(request(socket, reserved, { sentAt: 1 })).rejects.toThrow(
      '"disconnect" is a reserved event name',
    );
    expect(() => (socket as unknown as { emit(e: string): void }).emit('connect')).toThrow(
      SocketClientText.reserved('connect'),
    );
  });

  it('refuses another protocol version with the hint to reload', async () => {
    serverProtocol = PROTOCOL_VERSION + 1;
    const failed = connectSocket({ getToken: () => 't', url });
    await expect(failed).rejects.toThrow(
      'Could not connect to the server: Unsupported protocol version. Please reload the page.',
    );
    expect(SocketClientText.unsupportedProtocol).toBe(SocketText.unsupportedProtocol);
  });
});

describe('a connection that never completes', () => {
  let silent: TcpServer;
  const held: Tcp[] = [];
  beforeAll(async () => {
    // Accepts the TCP connection and never answers the WebSocket upgrade.
    silent = createTcpServer((tcp) => held.push(tcp));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    held.forEach((tcp) => tcp.destroy());
    await new Promise((resolve) => silent.close(resolve));
  });

  it('fails with "timeout"', async () => {
    const port = (silent.address() as AddressInfo).port;
    const failed = connectSocket({
      getToken: () => 't',
      url: `http://127.0.0.1:${port}`,
      // The real client, with SPEC §9's 20000 ms shortened so the test is quick.
      open: (address, options) => io(address, { ...options, timeout: 200 }),
    });
    const error = await failed.then(
      () => null,
      (e: unknown) => e as Error & { cause: Error },
    );
    expect(error?.message).toBe('Could not connect to the server: timeout');
    expect(error?.cause.message).toBe(SocketClientText.connectTimeout);
  });
});

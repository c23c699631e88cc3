import { PROTOCOL_VERSION, SocketText } from '@atrium/protocol';
import type { ClientToServerEvents, ServerToClientEvents } from '@atrium/protocol';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import type { TestDatabase } from '../../test/databases.ts';
import { startTestApp, testRedisChannel } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { AccessTokens } from '../security/access-tokens.ts';
import type { AuthClaims } from '../security/access-tokens.ts';
import { toUser } from './realtime.ts';
import { connected, connectError } from '../../test/socket-client.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

// Both processes must accept one token, as they do in production with one JWT_SECRET.
const JWT_SECRET = 'seams-test-secret-0123456789abcdef';
const tokens = new AccessTokens(JWT_SECRET);
const sign = (sub: string, role: AuthClaims['role'] = 'member') =>
  tokens.sign({ sub, username: sub, role });

const opened: ClientSocket[] = [];

function client(url: string, token?: string): ClientSocket {
  const socket: ClientSocket = connect(url, {
    path: '/api/socket',
    transports: ['websocket'],
    reconnection: false,
    auth: { protocol: PROTOCOL_VERSION, ...(token && { token }) },
  });
  opened.push(socket);
  return socket;
}

const nextAnnounce = (socket: ClientSocket) =>
  new Promise<string>((resolve) => socket.once('system:announce', (p) => resolve(p.message)));

afterEach(() => {
  for (const socket of opened.splice(0)) socket.disconnect();
});

describe('feature namespaces', () => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    server = await startTestApp(database, { JWT_SECRET });
    server.app.realtime.namespace(/^\/room\/room-\d+$/, (socket, on) => {
      socket.emit('system:announce', { message: `${socket.nsp.name} ${socket.data.auth?.sub}` });
      on('system:ping', (_socket, { sentAt }) => ({ sentAt, serverTime: -1 }));
    });
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  it('lets a signed-in stock client into /room/room-{n}, with validated handlers', async () => {
    const socket = client(`${server.url}/room/room-7`, await sign('ada'));
    const hello = nextAnnounce(socket);
    await connected(socket);
    expect(await hello).toBe('/room/room-7 ada');
    expect(await socket.emitWithAck('system:ping', { sentAt: 3 })).toEqual({
      status: true,
      data: { sentAt: 3, serverTime: -1 },
    });
    const bad = await socket.emitWithAck('system:ping', { sentAt: 'x' } as never);
    expect(bad).toEqual({ status: false, message: SocketText.invalidPayload });
  });

  it('lets guests in too', async () => {
    const socket = client(`${server.url}/room/room-1`, await sign('guest-1', 'guest'));
    await connected(socket);
  });

  it('refuses a socket without a token, or with a forged one', async () => {
    const anonymous = await connectError(client(`${server.url}/room/room-7`));
    expect(anonymous.message).toBe(SocketText.notLoggedIn);
    const forged = new AccessTokens('another-secret-0123456789abcdefgh');
    const token = await forged.sign({ sub: 'ada', username: 'ada', role: 'admin' });
    const error = await connectError(client(`${server.url}/room/room-7`, token));
    expect(error.message).toBe(SocketText.notLoggedIn);
  });

  it('keeps the handshake checks of the main namespace', async () => {
    const socket = connect(`${server.url}/room/room-7`, {
      path: '/api/socket',
      transports: ['websocket'],
      reconnection: false,
      auth: { protocol: PROTOCOL_VERSION + 1, token: await sign('ada') },
    });
    opened.push(socket);
    expect((await connectError(socket)).message).toBe(SocketText.unsupportedProtocol);
  });

  it('refuses a namespace no feature registered', async () => {
    const error = await connectError(client(`${server.url}/room/lobby`, await sign('ada')));
    expect(error.message).toBe('Invalid namespace');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe('a message to user:{id}', () => {
  it('runs when TEST_REDIS_URL is set (CI sets it)', () => {
    if (process.env.CI) expect(redisUrl, 'CI must set TEST_REDIS_URL').toBeTruthy();
  });

  // Two databases and two apps start in the hook, whose timeout allows for a loaded machine: in
  // the test they once took its whole 30 s beside the e2e browsers (CI, 2026-11-28).
  // A third app on the same Redis but another REDIS_CHANNEL is another campus to A and B.
  const both: { a?: TestApp; b?: TestApp; other?: TestApp; dbs: TestDatabase[] } = { dbs: [] };
  beforeAll(async () => {
    if (!redisUrl) return;
    both.dbs = await Promise.all([createTestDatabase('pglite'), createTestDatabase('pglite')]);
    const env = { REDIS_URL: redisUrl, JWT_SECRET };
    both.a = await startTestApp(both.dbs[0]!, env);
    both.b = await startTestApp(both.dbs[1]!, env);
    both.other = await startTestApp(both.dbs[0]!, {
      ...env,
      REDIS_CHANNEL: `${testRedisChannel}-other`,
    });
  });
  afterAll(async () => {
    for (const app of [both.a, both.b, both.other]) await app?.close();
    await Promise.all(both.dbs.map((db) => db.dispose()));
  });

  it.runIf(redisUrl)(
    "reaches that user's sockets on both processes, and nobody else's",
    async () => {
      const serverA = both.a!;
      const serverB = both.b!;
      // Unique ids: other test files may share this Redis at the same time.
      const ada = `ada-${crypto.randomUUID()}`;
      const bob = `bob-${crypto.randomUUID()}`;
      const adaOnA = client(serverA.url, await sign(ada));
      const adaOnB = client(serverB.url, await sign(ada));
      const bobOnB = client(serverB.url, await sign(bob));
      const anonymousOnB = client(serverB.url);
      await Promise.all([adaOnA, adaOnB, bobOnB, anonymousOnB].map(connected));

      const bobGets = nextAnnounce(bobOnB);
      const anonymousGets = nextAnnounce(anonymousOnB);
      const adaGets = [nextAnnounce(adaOnA), nextAnnounce(adaOnB)];
      toUser(serverA.app.realtime.io, ada).emit('system:announce', { message: 'for ada' });
      expect(await Promise.all(adaGets)).toEqual(['for ada', 'for ada']);

      // Sent after Ada's on the same channel: had Bob got hers, it would have come first.
      toUser(serverA.app.realtime.io, bob).emit('system:announce', { message: 'for bob' });
      expect(await bobGets).toBe('for bob');
      serverB.app.realtime.io.emit('system:announce', { message: 'for all' });
      expect(await anonymousGets).toBe('for all');
    },
  );

  it.runIf(redisUrl)('counts and asks only the processes on its REDIS_CHANNEL', async () => {
    const ada = `ada-${crypto.randomUUID()}`;
    const sockets = [both.a!, both.b!, both.other!].map(async ({ url }) => {
      const socket = client(url, await sign(ada));
      await connected(socket);
      return socket;
    });
    const [adaOnA, adaOnB] = await Promise.all(sockets);
    // The adapter counts the processes subscribed to its channel and waits for each one's answer.
    expect(await both.a!.app.realtime.io.of('/').adapter.serverCount()).toBe(2);
    const found = await toUser(both.a!.app.realtime.io, ada).fetchSockets();
    expect(found.map((s) => s.id).sort()).toEqual([adaOnA!.id, adaOnB!.id].sort());
  });
});

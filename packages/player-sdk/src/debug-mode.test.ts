// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import {
  DEBUG_MESSAGE_TYPE,
  DEBUG_SDK_TASK,
  DEBUG_SOCKET_PORT,
  DebugSocket,
  setDebugSocketPortForTests,
} from './debug-socket.ts';
import { Player } from './player.ts';
import { Regions } from './regions.ts';
import * as texts from './texts.ts';
import { addContainer, spyConsole } from './test-support.ts';

// The protocol fixes port 8081; the tests run their debug server on a free port instead.
let server: WebSocketServer;
let port: number;
let players: Player[] = [];

const nextConnection = () =>
  new Promise<ServerSocket>((resolve) => server.once('connection', resolve));
const nextMessage = (socket: ServerSocket) =>
  new Promise<unknown>((resolve) =>
    socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()))),
  );

/** A debug-mode player, once its socket is open and the server has the connection. */
const openDebugPlayer = async (options = {}) => {
  addContainer();
  const connection = nextConnection();
  const player = new Player('campus', 'player', { debugAppMode: true, ...options });
  players.push(player);
  const loaded = new Promise<void>((resolve) => player.on('load', resolve));
  const [socket] = await Promise.all([connection, loaded]);
  return { player, socket };
};

beforeAll(async () => {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  port = address.port;
  setDebugSocketPortForTests(port);
});

afterAll(async () => {
  setDebugSocketPortForTests(DEBUG_SOCKET_PORT);
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  spyConsole('log');
});

afterEach(() => {
  for (const player of players) player.destroy();
  players = [];
  for (const client of server.clients) client.terminate();
  document.body.replaceChildren();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('DebugSocket', () => {
  test.each(['', undefined, 8081])('address %j → Bad parameters', (address) => {
    expect(() => new DebugSocket(address as string)).toThrow(new Error(texts.BAD_PARAMETERS));
  });

  test('the default port is 8081', () => {
    expect(DEBUG_SOCKET_PORT).toBe(8081);
  });
});

describe('debug mode', () => {
  test('no frame; the container says so; the socket opening is the load', async () => {
    const log = vi.mocked(console.log);
    addContainer().innerHTML = '<p>old content</p>';
    const connection = nextConnection();
    const player = new Player('campus', 'player', { debugAppMode: true });
    players.push(player);
    const container = document.getElementById('player');
    expect(container?.textContent).toBe(texts.DEBUG_CONTAINER_TEXT);
    expect(container?.querySelector('iframe, p')).toBeNull();
    expect(player.debugAppMode).toBe(true);
    expect(player.loaded).toBe(false);
    const onLoad = vi.fn();
    await Promise.all([connection, new Promise<void>((resolve) => player.on('load', resolve))]);
    player.onLoad(onLoad);
    expect(player.loaded).toBe(true);
    expect(log).toHaveBeenCalledWith(texts.WS_CONNECTED, `127.0.0.1:${port}`);
  });

  test('sendSDKMessage goes over the socket as {type: atrium, task: sdk, data: JSON text}', async () => {
    const { player, socket } = await openDebugPlayer();
    const received = nextMessage(socket);
    player.sendSDKMessage({ type: 'request_position' });
    expect(await received).toEqual({
      type: DEBUG_MESSAGE_TYPE,
      task: DEBUG_SDK_TASK,
      data: '{"type":"request_position"}',
    });
    expect(DEBUG_MESSAGE_TYPE).toBe('atrium');
    const userActive = nextMessage(socket);
    player.setUserActive();
    expect(await userActive).toEqual({ type: 'atrium', task: 'sdk', data: '{"userActive":true}' });
  });

  test('only our type with task sdk reaches sdkMessage listeners, parsed', async () => {
    spyConsole('warn');
    const { player, socket } = await openDebugPlayer();
    const legacy = vi.fn();
    player.onSDKMessage(legacy);
    const received: unknown[] = [];
    const last = new Promise<void>((resolve) =>
      player.on('sdkMessage', (data) => {
        received.push(data);
        if (received.length === 2) resolve();
      }),
    );
    socket.send(JSON.stringify({ type: 'furioos', task: 'sdk', data: '{"n":0}' }));
    socket.send(JSON.stringify({ type: 'atrium', task: 'other', data: '{"n":0}' }));
    socket.send('not json');
    socket.send(JSON.stringify({ type: 'atrium', task: 'sdk', data: '{"n":1}' }));
    socket.send(JSON.stringify({ type: 'atrium', task: 'sdk', data: 'plain text' }));
    await last;
    expect(received).toEqual([{ n: 1 }, 'plain text']);
    expect(legacy).toHaveBeenCalledTimes(2);
  });

  test('frame commands only log that they are unavailable', async () => {
    const log = vi.mocked(console.log);
    const { player, socket } = await openDebugPlayer();
    const messages: unknown[] = [];
    socket.on('message', (data: Buffer) => messages.push(data.toString()));
    log.mockClear();
    player.setDefaultLocation(Regions.EUW);
    player.start();
    player.stop();
    player.maximize();
    player.minimize();
    player.setQuality(720);
    player.restartStream();
    player.resumeSession();
    player.setThumbnailUrl('https://x.example/t.png');
    player.getServerAvailability(vi.fn());
    player.getServerMetadata(vi.fn());
    player.setVolume(0.5);
    const commands = [
      'setDefaultLocation',
      'start',
      'stop',
      'maximize',
      'minimize',
      'setQuality',
      'restartStream',
      'resumeSession',
      'setThumbnailUrl',
      'getServerAvailability',
      'getServerMetadata',
      'setVolume',
    ];
    expect(log.mock.calls).toEqual(commands.map((name) => [texts.unavailableInDebugMode(name)]));
    expect(log.mock.calls[1]).toEqual(['No start in debug mode']);
    expect(player.quality).toBe(1080);
    expect(player.volume).toBe(1);
    expect(player.isRestartStream).toBe(false);
    // Round trip one real message: if a command had been sent, it would have arrived first.
    const next = nextMessage(socket);
    player.sendSDKMessage('ping');
    await next;
    expect(messages).toEqual([JSON.stringify({ type: 'atrium', task: 'sdk', data: 'ping' })]);
  });

  test('a close is logged; sending afterwards logs that the connection is not open', async () => {
    const error = spyConsole('error');
    const log = vi.mocked(console.log);
    const { player, socket } = await openDebugPlayer();
    socket.close();
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(texts.WS_CLOSE, expect.anything()));
    player.sendSDKMessage({ late: true });
    expect(log).toHaveBeenCalledWith(texts.WS_NOT_OPEN);
  });

  test('wsServerAddress is the host; errors and closes are logged', async () => {
    const error = spyConsole('error');
    // Record the sockets made, to raise the error event a browser raises on a failed connection
    // (happy-dom only reports the close).
    const sockets: WebSocket[] = [];
    vi.stubGlobal(
      'WebSocket',
      class extends WebSocket {
        constructor(url: string | URL) {
          super(url);
          sockets.push(this);
        }
      },
    );
    addContainer();
    // Nothing listens on the IPv6 loopback: the connection fails.
    const player = new Player('campus', 'player', { debugAppMode: true, wsServerAddress: '::1' });
    players.push(player);
    expect(sockets.map((socket) => socket.url)).toEqual([`ws://[::1]:${port}/`]);
    sockets[0]?.dispatchEvent(new Event('error'));
    expect(error).toHaveBeenCalledWith(texts.WS_ERROR, expect.any(Event));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(texts.WS_CLOSE, expect.any(Event)));
    expect(player.loaded).toBe(false);
    expect(server.clients.size).toBe(0);
  });

  test('destroy closes the socket quietly and clears the container', async () => {
    const error = spyConsole('error');
    const { player, socket } = await openDebugPlayer();
    const closed = new Promise((resolve) => socket.once('close', resolve));
    player.destroy();
    await closed;
    expect(document.getElementById('player')?.textContent).toBe('');
    expect(error).not.toHaveBeenCalledWith(texts.WS_CLOSE, expect.anything());
    expect(player.loaded).toBe(false);
  });
});

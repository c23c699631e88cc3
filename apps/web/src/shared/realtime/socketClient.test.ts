import { PROTOCOL_VERSION, SOCKET_PATH, type SocketAuth } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { createFakeOpen } from './fakeSocket.ts';
import { connectSocket, request, send, SocketReconnect, socketOptions } from './socketClient.ts';

/** What the handshake `auth` callback sends right now. */
const authNow = (options: ReturnType<typeof socketOptions>): SocketAuth => {
  let sent: SocketAuth | undefined;
  const auth = options.auth as (send: (auth: SocketAuth) => void) => void;
  auth((value) => {
    sent = value;
  });
  if (!sent) throw new Error('auth sent nothing');
  return sent;
};

describe('socketOptions', () => {
  it('uses SPEC §9 reconnection: 1000 ms up to 5000 ms, jitter 0.5, no limit, 20000 ms timeout', () => {
    const options = socketOptions(() => 't');
    expect(SocketReconnect).toEqual({
      delayMs: 1000,
      delayMaxMs: 5000,
      jitter: 0.5,
      attempts: Infinity,
      timeoutMs: 20_000,
    });
    expect(options).toMatchObject({
      path: SOCKET_PATH,
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      reconnectionAttempts: Infinity,
      timeout: 20_000,
    });
  });

  it('reads the protocol version and the current token on every (re)connect', () => {
    let token = 'first';
    const options = socketOptions(() => token);
    expect(authNow(options)).toEqual({ protocol: PROTOCOL_VERSION, token: 'first' });
    token = 'rotated';
    expect(authNow(options)).toEqual({ protocol: PROTOCOL_VERSION, token: 'rotated' });
  });
});

describe('connectSocket', () => {
  it('resolves with (a hold on) the socket once it connects', async () => {
    const { open, sockets } = createFakeOpen();
    const connecting = connectSocket({ getToken: () => 't', url: 'http://campus.test', open });
    const fake = sockets[0];
    if (!fake) throw new Error('no socket opened');
    expect(fake.opened.url).toBe('http://campus.test');
    fake.fire('connect');
    const socket = await connecting;
    expect(socket.connected).toBe(true);
    expect(send(socket, 'world:emote', { emote: 'waving' })).toBe(true);
    expect(fake.sent).toEqual([{ event: 'world:emote', payload: { emote: 'waving' } }]);
    // The one-shot error listener is gone: a later drop is socket.io's to retry.
    expect(fake.listeners('connect_error')).toBe(0);
  });

  it('closes the socket and rejects when the first connection fails', async () => {
    const { open, sockets } = createFakeOpen();
    const connecting = connectSocket({ getToken: () => 't', url: 'http://campus.test', open });
    sockets[0]?.fire('connect_error', new Error('Unsupported protocol version.'));
    await expect(connecting).rejects.toThrow('Unsupported protocol version.');
    expect(sockets[0]?.closed).toBe(true);
  });
});

describe('request and send', () => {
  const connected = async () => {
    const { open, sockets } = createFakeOpen();
    const connecting = connectSocket({ getToken: () => 't', url: 'http://campus.test', open });
    sockets[0]?.fire('connect');
    const socket = await connecting;
    const fake = sockets[0];
    if (!fake) throw new Error('no socket opened');
    return { socket, fake };
  };

  it('answers the data of a successful ack', async () => {
    const { socket, fake } = await connected();
    fake.answers.push({ status: true, data: { sentAt: 1, serverTime: 2 } });
    await expect(request(socket, 'system:ping', { sentAt: 1 })).resolves.toEqual({
      sentAt: 1,
      serverTime: 2,
    });
    expect(fake.sent).toEqual([{ event: 'system:ping', payload: { sentAt: 1 } }]);
  });

  it("rejects with the server's message when it refuses", async () => {
    const { socket, fake } = await connected();
    fake.answers.push({ status: false, message: 'This world does not exist.' });
    await expect(request(socket, 'world:join', { world: 'nowhere' })).rejects.toThrow(
      'This world does not exist.',
    );
  });

  it('sends an event without an answer as is', async () => {
    const { socket, fake } = await connected();
    send(socket, 'world:emote', { emote: 'waving' });
    expect(fake.sent).toEqual([{ event: 'world:emote', payload: { emote: 'waving' } }]);
  });
});

import { PROTOCOL_VERSION, type SocketAuth } from '@atrium/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createFakeOpen } from './fakeSocket.ts';
import { connectSocket, send } from './socketClient.ts';

/** A token whose payload names `sub`, as the server's access tokens do. */
const tokenOf = (sub: string, n = 0) =>
  `h.${btoa(JSON.stringify({ sub, n })).replace(/=+$/, '')}.s`;

/** What the namespace's handshake `auth` callback sends right now. */
const authNow = (options: { auth?: unknown }): SocketAuth => {
  let sent: SocketAuth | undefined;
  (options.auth as (send: (auth: SocketAuth) => void) => void)((value) => {
    sent = value;
  });
  if (!sent) throw new Error('auth sent nothing');
  return sent;
};

const setup = async () => {
  const { open, sockets } = createFakeOpen();
  let token = tokenOf('ada');
  const connect = () => connectSocket({ getToken: () => token, url: 'http://campus.test', open });
  const first = connect();
  const fake = sockets[0];
  if (!fake) throw new Error('no socket opened');
  fake.fire('connect');
  return {
    sockets,
    fake,
    connect,
    first: await first,
    setToken: (next: string) => (token = next),
  };
};

describe('the page socket shared by every feature', () => {
  it('opens one socket for every holder of a namespace', async () => {
    const { sockets, connect, fake } = await setup();
    const second = await connect();
    expect(sockets).toHaveLength(1);
    expect(second.connected).toBe(true);
    expect(fake.closed).toBe(false);
  });

  it('closes the socket only when its last holder lets go', async () => {
    const { connect, fake, first } = await setup();
    const second = await connect();
    first.close();
    expect(fake.closed).toBe(false);
    // A released hold is refused as a dropped socket is, while the other still sends.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(send(first, 'world:emote', { emote: 'waving' })).toBe(false);
    expect(send(second, 'world:emote', { emote: 'waving' })).toBe(true);
    logged.mockRestore();
    second.close();
    expect(fake.closed).toBe(true);
  });

  it("removes only the releasing holder's listeners, on the socket and its Manager", async () => {
    const { connect, fake, first } = await setup();
    const second = await connect();
    const heard: string[] = [];
    first.on('social:friend', () => heard.push('first'));
    second.on('social:friend', () => heard.push('second'));
    first.io.on('reconnect', () => heard.push('first reconnect'));
    first.close();
    fake.fire('social:friend', {});
    fake.fireManager('reconnect');
    expect(heard).toEqual(['second']);
  });

  it('takes hold again after everyone let go, reconnecting the same socket', async () => {
    const { sockets, connect, fake, first } = await setup();
    first.close();
    expect(fake.closed).toBe(true);
    const again = connect();
    expect(sockets).toHaveLength(1);
    expect(fake.closed).toBe(false);
    fake.fire('connect');
    await expect(again).resolves.toMatchObject({ connected: true });
  });

  it("sends the newest holder's current token, and reconnects when another account takes hold", async () => {
    const { connect, fake, setToken } = await setup();
    expect(authNow(fake.opened.options)).toEqual({
      protocol: PROTOCOL_VERSION,
      token: tokenOf('ada'),
    });
    const disconnect = vi.spyOn(fake.socket, 'disconnect');
    // The same account's rotated token: no reconnect, the next handshake carries it.
    setToken(tokenOf('ada', 1));
    await connect();
    expect(disconnect).not.toHaveBeenCalled();
    expect(authNow(fake.opened.options).token).toBe(tokenOf('ada', 1));
    setToken(tokenOf('bob'));
    void connect();
    expect(disconnect).toHaveBeenCalledOnce();
    expect(authNow(fake.opened.options).token).toBe(tokenOf('bob'));
  });

  it('reconnects when the holder that stays is of another account (a sign-out)', async () => {
    const { open, sockets } = createFakeOpen();
    let session = tokenOf('ada');
    const connect = () =>
      connectSocket({ getToken: () => session, url: 'http://campus.test', open });
    const first = connect();
    const fake = sockets[0];
    if (!fake) throw new Error('no socket opened');
    fake.fire('connect');
    const social = await first;
    const chat = await connect();
    const winners = await connect();
    const disconnect = vi.spyOn(fake.socket, 'disconnect');
    // Letting go while the account is the same: nothing to redo.
    winners.close();
    expect(disconnect).not.toHaveBeenCalled();
    // Signed out: the social layer goes, the chat stays as an anonymous reader.
    session = '';
    social.close();
    expect(disconnect).toHaveBeenCalledOnce();
    expect(fake.closed).toBe(false);
    chat.close();
  });
});

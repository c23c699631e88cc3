import type { AvatarState, ClientAck } from '@atrium/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createFakeOpen, type FakeSocket } from './fakeSocket.ts';
import { createWorldTransport } from './worldTransport.ts';

const avatar = (id: string, index: number): AvatarState => ({
  id,
  username: id,
  roleLabel: 'Member',
  look: 1,
  index,
  x: 0,
  y: 0,
  z: 0,
  ry: 0,
  anim: 'idle',
});

const setup = () => {
  const { open, sockets } = createFakeOpen();
  let token = 'first';
  const transport = createWorldTransport({
    getToken: () => token,
    url: 'http://campus.test',
    open,
  });
  /** Connects, playing the server's `connect`. */
  const connect = async (): Promise<FakeSocket> => {
    const connecting = transport.connect();
    const fake = sockets.at(-1);
    if (!fake) throw new Error('no socket opened');
    fake.fire('connect');
    await connecting;
    return fake;
  };
  return {
    transport,
    connect,
    sockets,
    rotate: (next: string) => {
      token = next;
    },
  };
};

describe('createWorldTransport', () => {
  it('attaches handlers added before the socket exists once it connects, and detaches them', async () => {
    const { transport, connect } = setup();
    const joined = vi.fn();
    const remove = transport.on('world:joined', joined);
    const fake = await connect();
    fake.fire('world:joined', avatar('b', 1));
    expect(joined).toHaveBeenCalledWith(avatar('b', 1));
    remove();
    fake.fire('world:joined', avatar('c', 2));
    expect(joined).toHaveBeenCalledTimes(1);
    expect(fake.listeners('world:joined')).toBe(0);
  });

  it('attaches a handler added after connecting at once', async () => {
    const { transport, connect } = setup();
    const fake = await connect();
    const left = vi.fn();
    transport.on('world:left', left);
    fake.fire('world:left', { id: 'b' });
    expect(left).toHaveBeenCalledWith({ id: 'b' });
  });

  it('joins through the ack and rejects with the server message', async () => {
    const { transport, connect } = setup();
    await expect(transport.join('campus')).rejects.toThrow('Not connected to the world.');
    const fake = await connect();
    const ack: ClientAck<'world:join'> = {
      instanceId: 'campus-1',
      self: avatar('a', 0),
      others: [avatar('b', 1)],
    };
    fake.answers.push({ status: true, data: ack });
    await expect(transport.join('campus', 'plaza')).resolves.toEqual(ack);
    fake.answers.push({ status: false, message: 'This world does not exist.' });
    await expect(transport.join('nowhere')).rejects.toThrow('This world does not exist.');
    expect(fake.sent.map((s) => s.payload)).toEqual([
      { world: 'campus', location: 'plaza' },
      { world: 'nowhere' },
    ]);
  });

  it('sends moves and emotes only while connected', async () => {
    const { transport, connect } = setup();
    transport.emit('world:emote', { emote: 'waving' });
    const fake = await connect();
    transport.emit('world:emote', { emote: 'dance' });
    expect(fake.sent).toEqual([{ event: 'world:emote', payload: { emote: 'dance' } }]);
  });

  it('tells a drop by the server from a network drop, and reports reconnects', async () => {
    const { transport, connect, rotate } = setup();
    const drops: boolean[] = [];
    const reconnected = vi.fn();
    transport.onDisconnect((byServer) => drops.push(byServer));
    transport.onReconnect(reconnected);
    const fake = await connect();
    fake.fire('disconnect', 'transport close');
    rotate('rotated');
    // The Manager is back before the socket's own handshake: a join then would be refused.
    fake.fireManager('reconnect');
    expect(reconnected).not.toHaveBeenCalled();
    fake.fire('connect');
    expect(reconnected).toHaveBeenCalledTimes(1);
    fake.fire('disconnect', 'io server disconnect');
    expect(drops).toEqual([false, true]);
    expect(reconnected).toHaveBeenCalledTimes(1);
    // The reconnect's handshake reads the token as it is now.
    const auth = fake.opened.options.auth as (send: (a: unknown) => void) => void;
    let sent: unknown;
    auth((value) => {
      sent = value;
    });
    expect(sent).toMatchObject({ token: 'rotated' });
  });

  it('closes a socket that connects after the world was closed', async () => {
    const { transport, sockets } = setup();
    const connecting = transport.connect();
    transport.close();
    sockets[0]?.fire('connect');
    await connecting;
    expect(sockets[0]?.closed).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { createSocketPair, MessageBus, type DisconnectReason } from './socket-pair.ts';

type Up = { say: (text: string) => void; ask: (n: number, ack: (m: number) => void) => void };
type Down = { heard: (text: string) => void };

const pairOn = (bus: MessageBus, id = 'a') => createSocketPair<Up, Down>(bus, id);

describe('in-memory socket pair', () => {
  it('holds messages until delivered, in order within a connection', async () => {
    const bus = new MessageBus();
    const { client, server } = pairOn(bus);
    const heard: string[] = [];
    server.on('say', (text) => heard.push(text));
    client.emit('say', 'one');
    client.emit('say', 'two');
    expect(heard).toEqual([]);
    await bus.deliver(0);
    expect(heard).toEqual(['one']);
    await bus.flush();
    expect(heard).toEqual(['one', 'two']);
  });

  it('lets the test choose which connection goes next', async () => {
    const bus = new MessageBus();
    const a = pairOn(bus, 'a');
    const b = pairOn(bus, 'b');
    const heard: string[] = [];
    a.server.on('say', (t) => heard.push(t));
    b.server.on('say', (t) => heard.push(t));
    a.client.emit('say', 'from a');
    b.client.emit('say', 'from b');
    await bus.deliver(1);
    await bus.deliver(0);
    expect(heard).toEqual(['from b', 'from a']);
    expect(bus.log).toEqual(['b → server', 'a → server']);
  });

  it('copies payloads as the wire would, and answers acks over the same connection', async () => {
    const bus = new MessageBus();
    const { client, server } = pairOn(bus);
    const payload = { text: 'hi' };
    let received: unknown;
    server.on('say', (text) => {
      received = text;
    });
    client.emit('say', payload as unknown as string);
    server.on('ask', (n, ack) => ack(n * 2));
    const answers: number[] = [];
    client.emit('ask', 21, (m) => answers.push(m));
    await bus.deliver(0);
    expect(received).toEqual(payload);
    expect(received).not.toBe(payload);
    await bus.deliver(0);
    expect(answers).toEqual([]);
    await bus.flush();
    expect(answers).toEqual([42]);
  });

  it('closes in order: what was sent before a disconnect arrives first', async () => {
    const bus = new MessageBus();
    const { client, server } = pairOn(bus);
    const events: string[] = [];
    server.on('say', (t) => events.push(t));
    server.onDisconnect((reason) => events.push(reason));
    client.emit('say', 'last words');
    client.disconnect();
    client.emit('say', 'too late');
    expect(client.connected).toBe(false);
    await bus.flush();
    expect(events).toEqual(['last words', 'client namespace disconnect']);
    expect(server.connected).toBe(false);
  });

  it('a server disconnect loses what the client had in flight; the client hears it last', async () => {
    const bus = new MessageBus();
    const { client, server } = pairOn(bus);
    const heard: string[] = [];
    const reasons: DisconnectReason[] = [];
    server.on('say', (t) => heard.push(t));
    client.on('heard', (t) => heard.push(t));
    client.onDisconnect((reason) => reasons.push(reason));
    client.emit('say', 'lost');
    server.emit('heard', 'bye');
    server.disconnect();
    await bus.flush();
    expect(heard).toEqual(['bye']);
    expect(reasons).toEqual(['io server disconnect']);
  });

  it('a dropped network tells the client at once and the server when delivered', async () => {
    const bus = new MessageBus();
    const pair = pairOn(bus);
    const reasons: string[] = [];
    pair.client.onDisconnect((r) => reasons.push(`client: ${r}`));
    pair.server.onDisconnect((r) => reasons.push(`server: ${r}`));
    pair.client.emit('say', 'lost');
    pair.drop();
    expect(reasons).toEqual(['client: transport close']);
    await bus.flush();
    expect(reasons).toEqual(['client: transport close', 'server: transport close']);
  });

  it('defers a value until the bus delivers it', async () => {
    const bus = new MessageBus();
    let answer: string | undefined;
    void bus.later('row', 'database').then((value) => {
      answer = value;
    });
    await Promise.resolve();
    expect(answer).toBeUndefined();
    await bus.flush();
    expect(answer).toBe('row');
  });
});

import { randomUUID } from 'node:crypto';
import { connect as tcpConnect, createServer } from 'node:net';
import type { AddressInfo, Server, Socket as TcpSocket } from 'node:net';
import { PROTOCOL_VERSION, SOCKET_PATH, SocialApi, SocialText } from '@atrium/protocol';
import type { AnswerAck, InboxMessage, InboxType } from '@atrium/protocol';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { startServerProcess } from '../../../test/server-process.ts';
import type { ServerProcess } from '../../../test/server-process.ts';
import { ask, next, ok } from '../../../test/socket-client.ts';
import type { ClientSocket } from '../../../test/socket-client.ts';
import { befriend, call, createPerson, JWT_SECRET } from '../../../test/people.ts';
import type { Person } from '../../../test/people.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const postgresUrl = process.env.TEST_DATABASE_URL;

/** SPEC §9: the clients' reconnection backoff, 1000 ms growing to 5000 ms (as the web app's). */
const BACKOFF = { reconnectionDelay: 1000, reconnectionDelayMax: 5000, randomizationFactor: 0.5 };
const BACK_WITHIN_MS = 5000;

/**
 * A TCP front for several server processes, as a load balancer would be: each new connection goes
 * to the first port that accepts it, and a connection whose server dies is cut, so its client
 * notices at once and reconnects (to a live process).
 */
async function failoverProxy(ports: number[]): Promise<{ url: string; close(): Promise<void> }> {
  const open = new Set<TcpSocket>();
  const server: Server = createServer((client) => {
    open.add(client);
    client.pause();
    const tryPort = (i: number) => {
      const upstream = tcpConnect(ports[i]!, '127.0.0.1');
      open.add(upstream);
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
      upstream.on('error', () => {
        if (!connected && i + 1 < ports.length) tryPort(i + 1);
        else client.destroy();
      });
      upstream.once('close', () => {
        open.delete(upstream);
        if (connected) client.destroy();
      });
      client.once('close', () => upstream.destroy());
    };
    client.on('error', () => client.destroy());
    client.once('close', () => open.delete(client));
    tryPort(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A client as the web app runs it: reconnecting with the spec's backoff, every event recorded. */
interface Tab {
  socket: ClientSocket;
  /** Social messages with the connection they arrived on (1 = the first). */
  messages: Array<{ connection: number; message: InboxMessage }>;
  connections: number;
  /** When the socket last (re)connected, by performance.now(). */
  connectedAt: number;
  close(): void;
}

async function openTab(url: string, person: Person, reconnection = true): Promise<Tab> {
  const socket: ClientSocket = connect(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection,
    ...BACKOFF,
    auth: { protocol: PROTOCOL_VERSION, token: person.token },
  });
  const tab: Tab = {
    socket,
    messages: [],
    connections: 0,
    connectedAt: 0,
    close: () => void socket.disconnect(),
  };
  socket.on('connect', () => {
    tab.connections += 1;
    tab.connectedAt = performance.now();
  });
  socket.on('social:message', (message) =>
    tab.messages.push({ connection: tab.connections, message }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // The waiting inbox is replayed before this answers: presence is settled from here on.
  await ok(ask(socket, 'social:inbox', {}));
  return tab;
}

const inboxesOf = (tab: Tab, connection: number): InboxType[] =>
  tab.messages.filter((m) => m.connection === connection).map((m) => m.message.inbox);

describe.runIf(redisUrl && postgresUrl)('social when a server process is killed (-9)', () => {
  let database: TestDatabase;
  let survivor: ServerProcess;
  let doomed: ServerProcess;
  let proxy: Awaited<ReturnType<typeof failoverProxy>>;
  const tabs: Tab[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const env = { JWT_SECRET, REDIS_URL: redisUrl! };
    [survivor, doomed] = await Promise.all([
      startServerProcess(database.url!, env),
      startServerProcess(database.url!, env),
    ]);
    const port = (url: string) => Number(new URL(url).port);
    // Clients of the doomed process reach it through the proxy, which falls back to the survivor.
    proxy = await failoverProxy([port(doomed.url), port(survivor.url)]);
  });
  afterAll(async () => {
    for (const t of tabs) t.close();
    await proxy?.close();
    await doomed?.kill();
    await survivor?.kill();
    await database?.dispose();
  });

  const online = async (viewer: Person, who: Person) =>
    (
      await call(survivor.url, 'GET', `${SocialApi.online.path}?search=${who.name}`, {
        token: viewer.token,
      })
    ).json.data as { total: number };

  it('keeps the pending invite and call, brings the clients back within 5 s, and lets presence lapse', async () => {
    const tag = randomUUID().slice(0, 4);
    const person = (base: string) => createPerson(database.db, `${base}${tag}`);
    const [caller, callee, guestOfCall, otherCaller, vanished] = [
      await person('fa'),
      await person('fb'),
      await person('fc'),
      await person('fe'),
      await person('fd'),
    ];
    const a = await openTab(survivor.url, caller);
    const e = await openTab(survivor.url, otherCaller);
    const b = await openTab(proxy.url, callee);
    const c = await openTab(proxy.url, guestOfCall);
    // A person whose client does not come back: only the lapse takes them off the list.
    const d = await openTab(doomed.url, vanished, false);
    tabs.push(a, e, b, c, d);

    // A and B are friends and in a call (room `A_B`); A invites C into it, and E calls C.
    await befriend(survivor.url, caller, callee, doomed.url);
    // Invites go to friends only (issue 27): A and C are friends too.
    await befriend(survivor.url, caller, guestOfCall);
    await ok(ask(a.socket, 'social:call', { username: callee.name }));
    await expect.poll(() => inboxesOf(b, 1), { timeout: 5000 }).toEqual(['CallUser']);
    const room = `${caller.id}_${callee.id}`;
    expect(
      (await ok<AnswerAck>(ask(b.socket, 'social:answer', { inbox: 'CallUser', accept: true })))
        .room,
    ).toBe(room);
    await ok(ask(e.socket, 'social:call', { username: guestOfCall.name }));
    await ok(ask(a.socket, 'social:invite', { username: guestOfCall.name, channel: room }));
    await expect.poll(() => inboxesOf(c, 1), { timeout: 5000 }).toEqual(['CallUser', 'InviteUser']);

    const killedAt = performance.now();
    await doomed.kill();

    // Both clients of the dead process are back (on the survivor) within the backoff's reach.
    await expect
      .poll(() => b.connections >= 2 && c.connections >= 2, { timeout: 10_000 })
      .toBe(true);
    const backWithin = Math.max(b.connectedAt, c.connectedAt) - killedAt;
    expect(backWithin).toBeLessThan(BACK_WITHIN_MS);
    expect(b.connections).toBe(2);
    expect(c.connections).toBe(2);

    // C's pending call and invite survived, and came back once each, in the order sent.
    const pending = await ok<{ messages: InboxMessage[] }>(ask(c.socket, 'social:inbox', {}));
    expect(pending.messages.map((m) => [m.inbox, m.from_id])).toEqual([
      ['CallUser', otherCaller.id],
      ['InviteUser', caller.id],
    ]);
    expect(inboxesOf(c, 2)).toEqual(['CallUser', 'InviteUser']);
    // B's answered call is not replayed.
    expect(
      (await ok<{ messages: InboxMessage[] }>(ask(b.socket, 'social:inbox', {}))).messages,
    ).toEqual([]);
    expect(inboxesOf(b, 2)).toEqual([]);

    // C answers on the survivor; the senders there hear it.
    const accepted = next(a.socket, 'social:reply', (r) => r.type === 'accept-invitation');
    const rejected = next(e.socket, 'social:reply', (r) => r.type === 'reject-call');
    expect(
      await ok<AnswerAck>(ask(c.socket, 'social:answer', { inbox: 'InviteUser', accept: true })),
    ).toMatchObject({ room });
    expect(await accepted).toMatchObject({
      type: 'accept-invitation',
      room,
      from_id: guestOfCall.id,
    });
    await ok(ask(c.socket, 'social:answer', { inbox: 'CallUser', accept: false }));
    expect(await rejected).toMatchObject({ type: 'reject-call', from_id: guestOfCall.id });

    // D's entries, renewed by nobody now, lapse (45 s at most); B and C stay online.
    expect(await online(caller, vanished)).toMatchObject({ total: 1 });
    await expect
      .poll(() => online(caller, vanished), { timeout: 50_000, interval: 500 })
      .toMatchObject({ total: 0 });
    expect(await online(caller, callee)).toMatchObject({ total: 1 });
    expect(await online(caller, guestOfCall)).toMatchObject({ total: 1 });
    // And a call to the lapsed user is refused as to anyone offline.
    expect(await ask(a.socket, 'social:call', { username: vanished.name })).toEqual({
      status: false,
      message: SocialText.notOnline,
    });
  }, 240_000);
});

import { randomUUID } from 'node:crypto';
import {
  CHAT_DATA_KEY_MAX,
  CHAT_DATA_VALUE_MAX_BYTES,
  CHAT_MESSAGE_MAX,
  ChatText,
  PROTOCOL_VERSION,
  SocketText,
} from '@atrium/protocol';
import type { ChatMessage } from '@atrium/protocol';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { AccessTokens } from '../../security/access-tokens.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { ask, next, ok } from '../../../test/socket-client.ts';
import type { ClientSocket } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { call as jsonCall } from '../../../test/people.ts';

const JWT_SECRET = 'chat-test-secret-0123456789abcdef0123456789';
const tokens = new AccessTokens(JWT_SECRET);
const redisUrl = process.env.TEST_REDIS_URL;
const postgresUrl = process.env.TEST_DATABASE_URL;

const person = (username: string, role: AuthClaims['role'] = 'member'): AuthClaims => ({
  sub: randomUUID(),
  username,
  role,
});
const bearerOf = (claims: AuthClaims) => tokens.sign(claims);

/** One HTTP call; `form` sends the spec's urlencoded form, `body` JSON. */
const call = (
  url: string,
  method: string,
  path: string,
  token: string | null,
  input: { form?: Record<string, string>; body?: unknown } = {},
) => jsonCall(url, method, path, { token, ...input });

async function openSocket(url: string, claims: AuthClaims | null): Promise<ClientSocket> {
  const socket: ClientSocket = connect(url, {
    path: '/api/socket',
    transports: ['websocket'],
    reconnection: false,
    auth: { protocol: PROTOCOL_VERSION, ...(claims ? { token: await bearerOf(claims) } : {}) },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  'javascript:alert(1)',
  '<a href="javascript:alert(1)">x</a>',
  "'; DROP TABLE chat_messages; --",
  '{{constructor.constructor("alert(1)")()}}',
  '&lt;b&gt;entities&lt;/b&gt; & <b>bold</b>',
];

describe.each(testDatabaseKinds())('chat over HTTP on %s', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  const teacher = person('tina', 'teacher');
  const admin = person('ada', 'admin');
  const guest = person('guest-1', 'guest');
  const bearer: Record<string, string> = {};

  /** The app's clock: real time, or held where a rate test puts it (so load cannot spread a burst). */
  let heldAt: number | null = null;
  const now = () => new Date(heldAt ?? Date.now());

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await startTestApp(database, { JWT_SECRET }, undefined, { now });
    bearer.teacher = await bearerOf(teacher);
    bearer.admin = await bearerOf(admin);
    bearer.guest = await bearerOf(guest);
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  const add = (token: string | null, form: Record<string, string>) =>
    call(server.url, 'POST', '/api/chat/add', token, { form });
  const all = (token: string | null, query: string) =>
    call(server.url, 'GET', `/api/chat/all?${query}`, token);
  /** A fresh member, so the 3-a-second budget of one test does not spill into another. */
  const member = async (name = 'sam') => {
    const claims = person(name);
    return { claims, token: await bearerOf(claims) };
  };

  it('posts with the form, takes the username from the token, and lists in the spec shape', async () => {
    const { token } = await member('sam');
    const sent = await add(token, { room: 'room-1', username: 'impostor', message: '  hello  ' });
    expect(sent.status).toBe(200);
    const message = sent.json.data as ChatMessage;
    expect(message).toMatchObject({ room: 'room-1', username: 'sam', message: 'hello' });
    const listed = await all(token, 'room=room-1');
    expect(listed.status).toBe(200);
    expect(listed.json.status).toBe(true);
    const data = listed.json.data as ChatMessage[];
    expect(data.at(-1)).toEqual(message);
    expect(Object.keys(data[0]!).sort()).toEqual([
      'created_at',
      'id',
      'message',
      'room',
      'username',
    ]);
    // Another room does not see it.
    expect((await all(token, 'room=room-2')).json.data).toEqual([]);
  });

  it('refuses empty, whitespace-only and over-long messages, and bad rooms', async () => {
    const { token } = await member();
    for (const message of ['', '   ', '\n\t ']) {
      const res = await add(token, { room: 'room-1', username: '', message });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(ChatText.emptyMessage);
    }
    const long = await add(token, { room: 'room-1', message: 'x'.repeat(CHAT_MESSAGE_MAX + 1) });
    expect(long.status).toBe(400);
    expect(long.json.message).toBe(ChatText.tooLong);
    // Exactly 500 after trimming is fine.
    const edge = await add(token, { room: 'room-1', message: ` ${'y'.repeat(CHAT_MESSAGE_MAX)} ` });
    expect(edge.status).toBe(200);
    for (const room of ['', ' ', 'r'.repeat(65), 'a\nb', 'nul\u0000']) {
      const res = await add(token, { room, message: 'hi' });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(ChatText.roomName);
    }
    expect((await add(token, { room: 'room-1' })).status).toBe(400);
    expect((await all(token, 'room=')).status).toBe(400);
  });

  it('takes any typed-in classroom name as a room', async () => {
    const { token } = await member();
    const res = await add(token, { room: ' Physics 101 ', message: 'first' });
    expect(res.status).toBe(200);
    expect((res.json.data as ChatMessage).room).toBe('Physics 101');
    const listed = await all(token, `room=${encodeURIComponent('Physics 101')}`);
    expect((listed.json.data as ChatMessage[]).map((m) => m.message)).toEqual(['first']);
  });

  it('lets a user send 3 messages a second and refuses the fourth', async () => {
    const { token } = await member();
    heldAt = Date.now();
    onTestFinished(() => {
      heldAt = null;
    });
    const results = [];
    for (let i = 0; i < 4; i += 1) {
      results.push(await add(token, { room: 'room-3', message: `m${i}` }));
    }
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(results[3]!.json.message).toBe(ChatText.tooFast);
    // Another user is not held back by it.
    expect((await add((await member()).token, { room: 'room-3', message: 'other' })).status).toBe(
      200,
    );
    heldAt += 1100;
    expect((await add(token, { room: 'room-3', message: 'later' })).status).toBe(200);
  });

  it('answers no token with the spec text, and tells a guest to register', async () => {
    const none = await add(null, { room: 'room-1', message: 'hi' });
    expect(none.status).toBe(401);
    expect(none.json.message).toBe('User not logged-in.');
    expect(ChatText.notLoggedIn).toBe(SocketText.notLoggedIn);
    expect((await all(null, 'room=room-1')).json.message).toBe('User not logged-in.');
    const g = await add(bearer.guest!, { room: 'room-1', message: 'hi' });
    expect(g.status).toBe(403);
    expect(g.json.message).toBe('You need to register before using this feature');
    expect((await all(bearer.guest!, 'room=room-1')).status).toBe(403);
  });

  it('pages back through history with before and limit', async () => {
    const room = `paging-${randomUUID().slice(0, 8)}`;
    const ids: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      // Three a second per user: a new poster for each message keeps this test quick.
      const { token } = await member(`p${i}`);
      const res = await add(token, { room, message: `n${i}` });
      ids.push((res.json.data as ChatMessage).id);
    }
    const { token } = await member();
    const newest = (await all(token, `room=${room}&limit=3`)).json.data as ChatMessage[];
    expect(newest.map((m) => m.message)).toEqual(['n4', 'n5', 'n6']);
    const older = (await all(token, `room=${room}&limit=3&before=${newest[0]!.id}`)).json
      .data as ChatMessage[];
    expect(older.map((m) => m.message)).toEqual(['n1', 'n2', 'n3']);
    const oldest = (await all(token, `room=${room}&limit=3&before=${older[0]!.id}`)).json
      .data as ChatMessage[];
    expect(oldest.map((m) => m.message)).toEqual(['n0']);
    expect((await all(token, `room=${room}`)).json.data).toHaveLength(7);
    expect((await all(token, `room=${room}&limit=0`)).status).toBe(400);
    expect((await all(token, `room=${room}&limit=201`)).status).toBe(400);
    expect((await all(token, `room=${room}&before=abc`)).status).toBe(400);
  });

  it('stores an XSS corpus as plain text, byte for byte', async () => {
    const room = `xss-${randomUUID().slice(0, 8)}`;
    for (const [i, message] of XSS_CORPUS.entries()) {
      const { token } = await member(`x${i}`);
      expect((await add(token, { room, message })).status).toBe(200);
    }
    const { token } = await member();
    const listed = (await all(token, `room=${room}&limit=200`)).json.data as ChatMessage[];
    expect(listed.map((m) => m.message)).toEqual(XSS_CORPUS);
    // A username from the token is stored as it is too; the form's is ignored.
    const odd = person('<b>bob</b>');
    const res = await add(await bearerOf(odd), { room, message: 'x', username: 'admin' });
    expect((res.json.data as ChatMessage).username).toBe('<b>bob</b>');
  });

  it('lets a teacher or admin delete a message and clear a room, never a member', async () => {
    const room = `mod-${randomUUID().slice(0, 8)}`;
    const { token } = await member();
    const a = (await add(token, { room, message: 'one' })).json.data as ChatMessage;
    const b = (await add(token, { room, message: 'two' })).json.data as ChatMessage;
    const del = (who: string | null, id: number) =>
      call(server.url, 'DELETE', `/api/chat/messages/${id}`, who);
    const denied = await del(token, a.id);
    expect(denied.status).toBe(403);
    expect(denied.json.message).toBe(ChatText.hostsOnly);
    expect((await del(null, a.id)).json.message).toBe(ChatText.notLoggedIn);
    expect((await del(bearer.teacher!, a.id)).json).toEqual({ status: true });
    expect((await del(bearer.teacher!, a.id)).status).toBe(404);
    expect((await del(bearer.teacher!, 0)).status).toBe(400);
    expect(
      ((await all(token, `room=${room}`)).json.data as ChatMessage[]).map((m) => m.id),
    ).toEqual([b.id]);
    const clear = (who: string) => call(server.url, 'DELETE', `/api/chat/all?room=${room}`, who);
    expect((await clear(token)).status).toBe(403);
    expect((await all(token, `room=${room}`)).json.data).toHaveLength(1);
    expect((await clear(bearer.admin!)).json).toEqual({ status: true });
    expect((await all(token, `room=${room}`)).json.data).toEqual([]);
  });

  it('keeps chat-room data per room and key, within the size limits', async () => {
    const { token } = await member();
    const set = (room: string, body: unknown) =>
      call(server.url, 'POST', `/api/chat-room-data?room=${encodeURIComponent(room)}`, token, {
        body,
      });
    const get = (room: string, key: string) =>
      call(
        server.url,
        'GET',
        `/api/chat-room-data?room=${encodeURIComponent(room)}&key=${encodeURIComponent(key)}`,
        token,
      );
    expect((await get('room-1', 'topic')).json).toEqual({ status: true, data: null });
    expect((await set('room-1', { key: 'topic', value: 'Optics' })).json).toEqual({ status: true });
    expect((await set('room-1', { key: 'topic', value: 'Waves' })).json).toEqual({ status: true });
    expect((await get('room-1', 'topic')).json).toEqual({
      status: true,
      data: { key: 'topic', value: 'Waves' },
    });
    expect((await get('room-2', 'topic')).json.data).toBeNull();
    const maxKey = 'k'.repeat(CHAT_DATA_KEY_MAX);
    // 4096 bytes exactly, in two-byte characters.
    const maxValue = 'é'.repeat(CHAT_DATA_VALUE_MAX_BYTES / 2);
    expect((await set('room-1', { key: maxKey, value: maxValue })).status).toBe(200);
    expect((await get('room-1', maxKey)).json.data).toEqual({ key: maxKey, value: maxValue });
    const longKey = await set('room-1', { key: `${maxKey}k`, value: 'v' });
    expect(longKey.status).toBe(400);
    expect(longKey.json.message).toBe(ChatText.keyTooLong);
    const big = await set('room-1', { key: 'big', value: `${maxValue}x` });
    expect(big.status).toBe(400);
    expect(big.json.message).toBe(ChatText.valueTooLarge);
    expect((await set('room-1', { key: '', value: 'v' })).json.message).toBe(ChatText.keyRequired);
    expect((await set('room-1', { key: 'n', value: 5 })).status).toBe(400);
    expect((await set('room-1', { key: 'n', value: 'v', extra: 1 })).status).toBe(400);
    expect((await get('room-1', 'big')).json.data).toBeNull();
    const anonymous = await call(
      server.url,
      'GET',
      '/api/chat-room-data?room=room-1&key=topic',
      null,
    );
    expect(anonymous.json.message).toBe(ChatText.notLoggedIn);
    const g = await call(server.url, 'POST', '/api/chat-room-data?room=room-1', bearer.guest!, {
      body: { key: 'topic', value: 'x' },
    });
    expect(g.status).toBe(403);
  });

  it('sends new, deleted and cleared messages live to the room’s watchers only', async () => {
    const room = `live-${randomUUID().slice(0, 8)}`;
    const watcherClaims = person('wanda');
    const watcher = await openSocket(server.url, watcherClaims);
    const other = await openSocket(server.url, person('otto'));
    const guestSocket = await openSocket(server.url, guest);
    try {
      expect(await ask(watcher, 'chat:watch', { room })).toEqual({ status: true, data: {} });
      await ok(ask(other, 'chat:watch', { room: 'room-2' }));
      expect(await ask(guestSocket, 'chat:watch', { room })).toEqual({
        status: false,
        message: ChatText.registerRequired,
      });
      expect(await ask(watcher, 'chat:watch', { room: '' })).toEqual({
        status: false,
        message: SocketText.invalidPayload,
      });
      let strayed = 0;
      other.on('chat:message', () => (strayed += 1));
      guestSocket.on('chat:message', () => (strayed += 1));
      const heard = next(watcher, 'chat:message');
      const { token } = await member('poster');
      const sent = (await add(token, { room, message: 'live one' })).json.data as ChatMessage;
      expect(await heard).toEqual(sent);
      const gone = next(watcher, 'chat:deleted');
      await call(server.url, 'DELETE', `/api/chat/messages/${sent.id}`, bearer.teacher!);
      expect(await gone).toEqual({ room, id: sent.id });
      const cleared = next(watcher, 'chat:cleared');
      await call(server.url, 'DELETE', `/api/chat/all?room=${room}`, bearer.teacher!);
      expect(await cleared).toEqual({ room });
      // After unwatching, nothing more arrives.
      await ok(ask(watcher, 'chat:unwatch', { room }));
      watcher.on('chat:message', () => (strayed += 1));
      await add(token, { room, message: 'unheard' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(strayed).toBe(0);
    } finally {
      watcher.disconnect();
      other.disconnect();
      guestSocket.disconnect();
    }
  });

  it('refuses a watch without a token with the spec text', async () => {
    const anonymous = await openSocket(server.url, null);
    try {
      expect(await ask(anonymous, 'chat:watch', { room: 'room-1' })).toEqual({
        status: false,
        message: 'User not logged-in.',
      });
    } finally {
      anonymous.disconnect();
    }
  });
});

describe.runIf(redisUrl && postgresUrl)('chat across two server processes', () => {
  it('delivers a message posted on one process to a watcher on the other, and shares the rate limit', async () => {
    const database = await createTestDatabase('postgres');
    const databaseB = await openDatabase({ kind: 'postgres', url: database.url! });
    const env = { JWT_SECRET, REDIS_URL: redisUrl! };
    const serverA = await startTestApp(database, env);
    const serverB = await startTestApp(databaseB, env);
    const watcher = await openSocket(serverB.url, person('bea'));
    try {
      const room = `two-${randomUUID().slice(0, 8)}`;
      await ok(ask(watcher, 'chat:watch', { room }));
      const heard = next(watcher, 'chat:message');
      const poster = person('al');
      const token = await bearerOf(poster);
      const sent = await call(serverA.url, 'POST', '/api/chat/add', token, {
        form: { room, message: 'across' },
      });
      expect(await heard).toEqual(sent.json.data);
      // Two more on A, then the fourth within the second on B is refused: one budget in Redis.
      for (const i of [1, 2]) {
        const res = await call(serverA.url, 'POST', '/api/chat/add', token, {
          form: { room, message: `a${i}` },
        });
        expect(res.status).toBe(200);
      }
      const fourth = await call(serverB.url, 'POST', '/api/chat/add', token, {
        form: { room, message: 'b' },
      });
      expect(fourth.status).toBe(429);
      const gone = next(watcher, 'chat:deleted');
      const teacher = await bearerOf(person('tom', 'teacher'));
      await call(
        serverA.url,
        'DELETE',
        `/api/chat/messages/${(sent.json.data as ChatMessage).id}`,
        teacher,
      );
      expect((await gone).id).toBe((sent.json.data as ChatMessage).id);
    } finally {
      watcher.disconnect();
      await serverA.close();
      await serverB.close();
      await databaseB.close();
      await database.dispose();
    }
  });
});

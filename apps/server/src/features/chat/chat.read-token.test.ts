import { randomUUID } from 'node:crypto';
import { ChatText, PROTOCOL_VERSION, SocketText } from '@atrium/protocol';
import type { ChatMessage } from '@atrium/protocol';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokens } from '../../security/access-tokens.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { ask, next, ok } from '../../../test/socket-client.ts';
import type { ClientSocket } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { ChatReadTokens } from './chat.read-tokens.ts';

const JWT_SECRET = 'chat-read-secret-0123456789abcdef0123456789';
const tokens = new AccessTokens(JWT_SECRET);

const person = (username: string, role: AuthClaims['role'] = 'member'): AuthClaims => ({
  sub: randomUUID(),
  username,
  role,
});

/** A socket with no account, or with `token` in the handshake. */
async function openSocket(url: string, token?: string): Promise<ClientSocket> {
  const socket: ClientSocket = connect(url, {
    path: '/api/socket',
    transports: ['websocket'],
    reconnection: false,
    auth: { protocol: PROTOCOL_VERSION, ...(token ? { token } : {}) },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

describe.each(testDatabaseKinds())('read-only chat tokens (SPEC §7 no-auth row) on %s', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await startTestApp(database, { JWT_SECRET });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await server.close();
    await database.dispose();
  });

  const anonymous = async (token?: string) => {
    const socket = await openSocket(server.url, token);
    sockets.push(socket);
    return socket;
  };
  /** The no-auth row: no Authorization header at all. */
  const readToken = async (channel: string, uid = 'visitor-1') => {
    const res = await fetch(
      `${server.url}/api/rte/${encodeURIComponent(channel)}/publisher/uid/${encodeURIComponent(uid)}`,
    );
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const post = async (bearer: string, room: string, message: string) => {
    const res = await fetch(`${server.url}/api/chat/add`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}` },
      body: new URLSearchParams({ room, username: '', message }),
    });
    return { status: res.status, json: (await res.json()) as { message?: string; data?: unknown } };
  };
  const history = async (room: string) => {
    const member = await tokens.sign(person('reader'));
    const res = await fetch(`${server.url}/api/chat/all?room=${encodeURIComponent(room)}`, {
      headers: { authorization: `Bearer ${member}` },
    });
    return ((await res.json()) as { data: ChatMessage[] }).data.map((m) => m.message);
  };

  it('lets a visitor without an account read a classroom’s history and hear it live', async () => {
    const room = `Physics ${randomUUID().slice(0, 6)}`;
    const poster = await tokens.sign(person('pia'));
    await post(poster, room, 'before you came');
    const answer = await readToken(room);
    expect(answer.status).toBe(200);
    expect(answer.json.status).toBe(true);
    const rtmToken = answer.json.rtmToken as string;
    expect(rtmToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const socket = await anonymous();
    // Without the token an anonymous socket is still refused with the spec's text.
    expect(await ask(socket, 'chat:watch', { room })).toEqual({
      status: false,
      message: ChatText.notLoggedIn,
    });
    expect(await ask(socket, 'chat:watch', { room, token: rtmToken })).toEqual({
      status: true,
      data: {},
    });
    const page = await ok(ask<ChatMessage[]>(socket, 'chat:history', { room, token: rtmToken }));
    expect(page.map((m) => m.message)).toEqual(['before you came']);
    const heard = next(socket, 'chat:message');
    const sent = (await post(poster, room, 'live now')).json.data as ChatMessage;
    expect(await heard).toEqual(sent);
  });

  it('never posts with a read token', async () => {
    const room = `read-only-${randomUUID().slice(0, 6)}`;
    const { rtmToken } = (await readToken(room)).json as { rtmToken: string };
    const refused = await post(rtmToken, room, 'sneaky');
    expect(refused.status).toBe(401);
    expect(refused.json.message).toBe(ChatText.notLoggedIn);
    // As the handshake token it is no account either: the socket is anonymous.
    const socket = await anonymous(rtmToken);
    expect(await ask(socket, 'chat:watch', { room })).toEqual({
      status: false,
      message: ChatText.notLoggedIn,
    });
    expect(await history(room)).toEqual([]);
  });

  it('does not open another classroom', async () => {
    const mine = `mine-${randomUUID().slice(0, 6)}`;
    const theirs = `theirs-${randomUUID().slice(0, 6)}`;
    const { rtmToken } = (await readToken(mine)).json as { rtmToken: string };
    const socket = await anonymous();
    const refusal = { status: false, message: ChatText.readTokenOtherRoom };
    expect(await ask(socket, 'chat:watch', { room: theirs, token: rtmToken })).toEqual(refusal);
    expect(await ask(socket, 'chat:history', { room: theirs, token: rtmToken })).toEqual(refusal);
    let strayed = 0;
    socket.on('chat:message', () => (strayed += 1));
    // A message to the other room is heard by its own watcher, and not by this socket.
    const watcher = await anonymous();
    const theirToken = ((await readToken(theirs)).json as { rtmToken: string }).rtmToken;
    await ok(ask(watcher, 'chat:watch', { room: theirs, token: theirToken }));
    const heard = next(watcher, 'chat:message');
    await post(await tokens.sign(person('tom')), theirs, 'private');
    await heard;
    expect(strayed).toBe(0);
  });

  it('refuses an expired, tampered or foreign token', async () => {
    const room = `expired-${randomUUID().slice(0, 6)}`;
    const socket = await anonymous();
    const invalid = { status: false, message: ChatText.readTokenInvalid };
    const expired = await new ChatReadTokens(JWT_SECRET, -60).sign(room, 'visitor-1');
    expect(await ask(socket, 'chat:watch', { room, token: expired })).toEqual(invalid);
    const otherServer = await new ChatReadTokens('another-secret-0123456789abcdef012345').sign(
      room,
      'visitor-1',
    );
    expect(await ask(socket, 'chat:watch', { room, token: otherServer })).toEqual(invalid);
    // An access token is not a read token.
    const access = await tokens.sign(person('mia'));
    expect(await ask(socket, 'chat:history', { room, token: access })).toEqual(invalid);
    const good = ((await readToken(room)).json as { rtmToken: string }).rtmToken;
    const [head, body, signature] = good.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), exp: 2e9 }),
    ).toString('base64url');
    expect(
      await ask(socket, 'chat:watch', { room, token: `${head}.${forged}.${signature}` }),
    ).toEqual(invalid);
  });

  it('gives no read token for a class with “ask to join”, and closing the door drops its readers', async () => {
    const room = 'room-2';
    const teacher = await anonymous(await tokens.sign(person('tess', 'teacher')));
    const { rtmToken } = (await readToken(room)).json as { rtmToken: string };
    const reader = await anonymous();
    await ok(ask(reader, 'chat:watch', { room, token: rtmToken }));
    let heard = 0;
    reader.on('chat:message', () => (heard += 1));
    // The teacher closes the door: the token's reader hears nothing more, and is refused.
    await ok(ask(teacher, 'class:lobby:policy', { room, policy: 'ask' }));
    const teacherToken = await tokens.sign(person('tess2', 'teacher'));
    const watcher = await anonymous(teacherToken);
    await ok(ask(watcher, 'chat:watch', { room }));
    const delivered = next(watcher, 'chat:message');
    expect((await post(teacherToken, room, 'for those let in')).status).toBe(200);
    await delivered;
    expect(heard).toBe(0);
    const refusal = { status: false, message: ChatText.readTokenClassAsks };
    expect(await ask(reader, 'chat:watch', { room, token: rtmToken })).toEqual(refusal);
    expect(await ask(reader, 'chat:history', { room, token: rtmToken })).toEqual(refusal);
    const asked = await readToken(room);
    expect(asked.status).toBe(403);
    expect(asked.json.message).toBe(ChatText.readTokenClassAsks);
    // Open again, the row works as before.
    await ok(ask(teacher, 'class:lobby:policy', { room, policy: 'open' }));
    expect((await readToken(room)).status).toBe(200);
    await ok(ask(reader, 'chat:watch', { room, token: rtmToken }));
  });

  it('answers bad classroom names and uids with a clear 400', async () => {
    const badUid = await readToken('room-1', 'not a uid!');
    expect(badUid.status).toBe(400);
    expect(badUid.json.message).toBe(ChatText.invalidUid);
    const longName = await readToken('r'.repeat(65));
    expect(longName.status).toBe(400);
    expect(longName.json.message).toBe(ChatText.roomName);
    const socket = await anonymous();
    expect(await ask(socket, 'chat:watch', { room: 'room-1', token: '' })).toEqual({
      status: false,
      message: SocketText.invalidPayload,
    });
  });
});

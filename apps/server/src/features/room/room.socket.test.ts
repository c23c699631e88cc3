import { randomUUID } from 'node:crypto';
import {
  POPUP_ALLOWLIST_DEFAULT,
  ROOM_SCENE_MAX_BYTES,
  ROOM_SCENE_MESSAGE_BYTES,
  RoomText,
  SocketText,
  roomNamespace,
} from '@atrium/protocol';
import type { AckResult, BoardElement, ReceiveMessage, RoomWelcome } from '@atrium/protocol';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { openDatabase } from '../../db/database.ts';
import type { Database } from '../../db/database.ts';
import { AccessTokens } from '../../security/access-tokens.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { writePopupAllowlist } from '../../settings/popup-allowlist.ts';
import { ROOM_LIMITS } from './room.socket.ts';

const JWT_SECRET = 'room-socket-test-secret-0123456789abcdef';
const redisUrl = process.env.TEST_REDIS_URL;
const postgresUrl = process.env.TEST_DATABASE_URL;
const tokens = new AccessTokens(JWT_SECRET);

const person = (username: string, role: AuthClaims['role'] = 'member'): AuthClaims => ({
  sub: randomUUID(),
  username,
  role,
});

/** Every `event` a socket gets, from the moment it is created. */
function record<T = unknown>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (p: T) => seen.push(p));
  return seen;
}

function nextEvent<T = unknown>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, resolve));
}

function send(socket: Socket, event: string, payload: unknown): Promise<AckResult<unknown>> {
  return socket.timeout(5000).emitWithAck(event, payload) as Promise<AckResult<unknown>>;
}

const until = async (check: () => boolean, ms = 5000): Promise<void> => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

let nonce = 1;
/** An Excalidraw-like element; `pad` makes it heavier. */
function element(id: string, version = 1, pad = 0): BoardElement {
  return {
    id,
    type: 'rectangle',
    version,
    versionNonce: nonce++,
    isDeleted: false,
    x: 10,
    y: 20,
    width: 100,
    height: 50,
    text: pad ? 'x'.repeat(pad) : '<img src=x onerror=alert(1)>',
  };
}

/*
 * One file on purpose, over the ~400-line guide: test files run in parallel on one Redis, and the
 * adapter's channel is the namespace's name, so a second file's servers on `/room/room-1` would
 * hear this file's broadcasts.
 *
 * Two servers over one PostgreSQL and one Redis when they are configured (what a deployment runs);
 * otherwise one server on PGlite plays both parts, so the rules are always tested.
 */
describe('the room socket /room/room-{n}', () => {
  let database: TestDatabase;
  let databaseB: Database | undefined;
  let serverA: TestApp;
  let serverB: TestApp;
  const opened: Socket[] = [];

  beforeAll(async () => {
    if (redisUrl && postgresUrl) {
      database = await createTestDatabase('postgres');
      databaseB = await openDatabase({ kind: 'postgres', url: database.url! });
      const env = { JWT_SECRET, REDIS_URL: redisUrl };
      serverA = await startTestApp(database, env);
      serverB = await startTestApp(databaseB, env);
    } else {
      database = await createTestDatabase('pglite');
      serverA = await startTestApp(database, { JWT_SECRET });
      serverB = serverA;
    }
  });
  afterEach(async () => {
    for (const s of opened.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await serverA.close();
    if (serverB !== serverA) await serverB.close();
    await databaseB?.close();
    await database.dispose();
  });

  /** The stock client exactly as the spec's page uses it: `auth: {token}`, nothing else. */
  function raw(url: string, auth: Record<string, unknown>, room = roomNamespace('room-1')) {
    const socket = connect(url + room, {
      path: '/api/socket',
      transports: ['websocket'],
      reconnection: false,
      auth,
    });
    opened.push(socket);
    return socket;
  }

  async function join(
    url: string,
    claims: AuthClaims,
  ): Promise<{ socket: Socket; welcome: RoomWelcome; got: ReceiveMessage[] }> {
    const socket = raw(url, { token: await tokens.sign(claims) });
    const got = record<ReceiveMessage>(socket, 'receive_message');
    const welcome = await nextEvent<RoomWelcome>(socket, 'welcome');
    return { socket, welcome, got };
  }

  async function clearRoom(): Promise<void> {
    const admin = await join(serverA.url, person('root', 'admin'));
    expect(await send(admin.socket, 'send_message', { type: 'action_clear' })).toEqual({
      status: true,
      data: {},
    });
  }

  it('refuses a socket without a token, with a bad one, and an unknown room', async () => {
    const errorOf = (socket: Socket) =>
      new Promise<Error>((resolve, reject) => {
        socket.once('connect', () => reject(new Error('connected')));
        socket.once('connect_error', resolve);
      });
    expect((await errorOf(raw(serverA.url, {}))).message).toBe(SocketText.notLoggedIn);
    expect((await errorOf(raw(serverA.url, { token: 'not-a-jwt' }))).message).toBe(
      SocketText.notLoggedIn,
    );
    const forged = await new AccessTokens('another-secret-0123456789abcdef0123').sign(
      person('eve', 'teacher'),
    );
    expect((await errorOf(raw(serverB.url, { token: forged }))).message).toBe(
      SocketText.notLoggedIn,
    );
    // A wrong protocol version is still refused; the spec's bare {token} is what is accepted.
    const token = await tokens.sign(person('old'));
    expect((await errorOf(raw(serverA.url, { protocol: 99, token }))).message).toBe(
      SocketText.unsupportedProtocol,
    );
    expect((await errorOf(raw(serverA.url, { token }, '/room/room-9'))).message).toBe(
      'Invalid namespace',
    );
  });

  it("welcomes a stock client, refuses a member's open_whiteboard and relays a teacher's to both servers", async () => {
    await clearRoom();
    const teacher = await join(serverA.url, person('tess', 'teacher'));
    const claims = person('sam');
    const member = await join(serverB.url, claims);
    expect(member.welcome).toEqual({
      user: { id: claims.sub, username: 'sam', role: 'member' },
      state: { whiteboard: null, popup: null },
      scene: null,
    });

    // Without an ack (as the spec's page sends it) the refusal comes back as `rejected`.
    const rejected = nextEvent(member.socket, 'rejected');
    member.socket.emit('send_message', {
      type: 'action',
      name: 'open_whiteboard',
      data: { url: 'board-x', readonly: false },
      from: teacher.welcome.user.id,
      role: 'teacher',
    });
    expect(await rejected).toEqual({ event: 'send_message', message: RoomText.hostOnly });

    const teacherId = teacher.welcome.user.id;
    expect(
      await send(teacher.socket, 'send_message', {
        type: 'action',
        name: 'open_whiteboard',
        data: { url: `board-${teacherId}`, readonly: false },
        from: 'someone-else',
        role: 'member',
      }),
    ).toEqual({ status: true, data: {} });
    const expected: ReceiveMessage = {
      type: 'action',
      name: 'open_whiteboard',
      data: { url: `board-${teacherId}`, readonly: false, from: teacherId },
      from: teacherId,
      role: 'teacher',
    };
    await until(() => member.got.length > 0 && teacher.got.length > 0);
    // The member's forged envelope never went out: the teacher's is the only one, on both servers.
    expect(member.got).toEqual([expected]);
    expect(teacher.got).toEqual([expected]);

    // A forged role on a student's message gains nothing, with or without the teacher's id.
    for (const name of ['close_whiteboard', 'show_member_popup', 'hide_member_popup']) {
      expect(
        await send(member.socket, 'send_message', {
          type: 'action',
          name,
          data: { url: 'https://example.org/' },
          from: teacherId,
          role: 'admin',
        }),
      ).toEqual({ status: false, message: RoomText.hostOnly });
    }
    expect(
      await send(member.socket, 'send_message', { type: 'action_clear', role: 'teacher' }),
    ).toEqual({ status: false, message: RoomText.hostOnly });

    // A latecomer on the other server gets the state.
    const late = await join(serverB.url, person('late'));
    expect(late.welcome.state).toEqual({
      whiteboard: { owner: teacherId, url: `board-${teacherId}`, readonly: false },
      popup: null,
    });
    expect(late.welcome.scene).toEqual([]);
    expect(member.got).toHaveLength(1);
  });

  it('tells the room who is in it, across servers, on each join and leave', async () => {
    const teacher = await join(serverA.url, person('una', 'teacher'));
    const users = record<Array<{ id: string; username: string }>>(teacher.socket, 'board:users');
    const claims = person('ned');
    const member = await join(serverB.url, claims);
    const second = await join(serverB.url, claims);
    await until(() => users.some((list) => list.some((u) => u.id === claims.sub)));
    const seen = users.at(-1)!;
    expect(seen.filter((u) => u.id === claims.sub)).toEqual([
      { id: claims.sub, username: 'ned', role: 'member' },
    ]);
    expect(seen.some((u) => u.id === teacher.welcome.user.id)).toBe(true);
    // One tab closing keeps the person in; the last one takes them out.
    member.socket.disconnect();
    second.socket.disconnect();
    await until(() => !users.at(-1)!.some((u) => u.id === claims.sub));
  });

  it('lets only the owner change or close the whiteboard, and action_clear clears the room', async () => {
    await clearRoom();
    const owner = await join(serverA.url, person('olga', 'teacher'));
    const other = await join(serverB.url, person('otto', 'teacher'));
    const open = (s: Socket, url: string) =>
      send(s, 'send_message', {
        type: 'action',
        name: 'open_whiteboard',
        data: { url, readonly: true },
      });
    expect(
      await send(other.socket, 'send_message', { type: 'action', name: 'close_whiteboard' }),
    ).toEqual({ status: false, message: RoomText.whiteboardClosed });
    expect((await open(owner.socket, 'board-olga')).status).toBe(true);
    // Another teacher can neither take the open board over nor change or close it.
    expect(await open(other.socket, 'board-otto')).toEqual({
      status: false,
      message: RoomText.ownerOnly,
    });
    for (const [name, data] of [
      ['update_whiteboard', { readonly: false }],
      ['update_whiteboard', { url: 'board-otto' }],
      ['close_whiteboard', undefined],
    ] as const) {
      expect(await send(other.socket, 'send_message', { type: 'action', name, data })).toEqual({
        status: false,
        message: RoomText.ownerOnly,
      });
    }
    expect(
      await send(owner.socket, 'send_message', {
        type: 'action',
        name: 'update_whiteboard',
        data: { readonly: false },
      }),
    ).toEqual({ status: true, data: {} });
    await until(() => other.got.length === 2);
    expect(other.got[1]).toMatchObject({
      name: 'update_whiteboard',
      data: { url: 'board-olga', readonly: false, from: owner.welcome.user.id },
    });

    expect(
      await send(other.socket, 'send_message', { type: 'action', name: 'hide_member_popup' }),
    ).toEqual({ status: true, data: {} });
    // action_clear: any teacher; the room's whiteboard and pop-up are gone for the next one.
    expect(await send(other.socket, 'send_message', { type: 'action_clear' })).toEqual({
      status: true,
      data: {},
    });
    await until(() => owner.got.some((m) => m.type === 'action_clear'));
    expect(owner.got.at(-1)).toEqual({
      type: 'action_clear',
      from: other.welcome.user.id,
      role: 'teacher',
    });
    const late = await join(serverB.url, person('late'));
    expect(late.welcome.state).toEqual({ whiteboard: null, popup: null });
  });

  it('checks pop-up URLs against the allowlist an admin sets', async () => {
    await clearRoom();
    const teacher = await join(serverA.url, person('pat', 'teacher'));
    const show = (url: unknown) =>
      send(teacher.socket, 'send_message', {
        type: 'action',
        name: 'show_member_popup',
        data: { url },
      });
    for (const url of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd']) {
      expect(await show(url)).toEqual({ status: false, message: RoomText.popupScheme });
    }
    // A fresh install: the default education sites and nothing else.
    expect(await show('https://example.org/page')).toEqual({
      status: false,
      message: RoomText.popupNotAllowed,
    });
    for (const origin of POPUP_ALLOWLIST_DEFAULT) {
      expect(await show(`${origin}/some/page`)).toEqual({ status: true, data: {} });
    }
    expect(await show('https://phet.colorado.edu.evil.test/')).toEqual({
      status: false,
      message: RoomText.popupNotAllowed,
    });
    expect(await show(42)).toEqual({ status: false, message: SocketText.invalidPayload });
    await writePopupAllowlist(database.db, ['https://example.org', 'https://*.wikipedia.org']);
    const member = await join(serverB.url, person('mia'));
    expect(await show('https://example.org/page')).toEqual({ status: true, data: {} });
    expect(await show('https://en.wikipedia.org/wiki/Atrium')).toEqual({ status: true, data: {} });
    expect(await show('https://wikipedia.org.evil.test/')).toEqual({
      status: false,
      message: RoomText.popupNotAllowed,
    });
    await until(() => member.got.length === 2);
    expect(member.got[0]).toMatchObject({
      type: 'action',
      name: 'show_member_popup',
      data: { url: 'https://example.org/page', from: teacher.welcome.user.id },
    });
    const late = await join(serverB.url, person('late'));
    expect(late.welcome.state.popup).toEqual({
      url: 'https://en.wikipedia.org/wiki/Atrium',
      from: teacher.welcome.user.id,
    });
    await writePopupAllowlist(database.db, []);
  });

  it('answers malformed messages with the spec text and changes nothing', async () => {
    await clearRoom();
    const teacher = await join(serverA.url, person('tia', 'teacher'));
    for (const payload of [
      'hello',
      null,
      { type: 'action' },
      { type: 'action', name: 'format_disk', data: {} },
      { type: 'action', name: 'open_whiteboard', data: { url: '', readonly: false } },
      { type: 'action', name: 'open_whiteboard', data: { url: 'x'.repeat(3000), readonly: 1 } },
      { type: 'shout' },
    ]) {
      expect(await send(teacher.socket, 'send_message', payload)).toEqual({
        status: false,
        message: SocketText.invalidPayload,
      });
    }
    expect((await join(serverB.url, person('late'))).welcome.state.whiteboard).toBeNull();
  });

  it('relays scenes, keeps them for latecomers, and enforces read-only on the relay', async () => {
    await clearRoom();
    const teacher = await join(serverA.url, person('tom', 'teacher'));
    const student = await join(serverB.url, person('sue'));
    const teacherScenes = record<{ elements: BoardElement[]; from: string }>(
      teacher.socket,
      'board:scene',
    );
    const studentScenes = record<{ elements: BoardElement[] }>(student.socket, 'board:scene');
    const board = `board-${randomUUID()}`;
    expect(await send(student.socket, 'board:scene', { elements: [element('s0')] })).toEqual({
      status: false,
      message: RoomText.whiteboardClosed,
    });
    await send(teacher.socket, 'send_message', {
      type: 'action',
      name: 'open_whiteboard',
      data: { url: board, readonly: false },
    });
    const t1 = element('t1');
    expect(await send(teacher.socket, 'board:scene', { elements: [t1] })).toEqual({
      status: true,
      data: {},
    });
    await until(() => studentScenes.length === 1);
    expect(studentScenes[0]).toEqual({ elements: [t1], from: teacher.welcome.user.id });

    const s1 = element('s1');
    expect((await send(student.socket, 'board:scene', { elements: [s1] })).status).toBe(true);
    await until(() => teacherScenes.length === 1);

    // Read-only: the student's update is refused even sent straight over the socket.
    await send(teacher.socket, 'send_message', {
      type: 'action',
      name: 'update_whiteboard',
      data: { readonly: true },
    });
    const forged = { ...s1, version: 2, text: 'scribble' };
    expect(await send(student.socket, 'board:scene', { elements: [forged] })).toEqual({
      status: false,
      message: RoomText.readonly,
    });
    const told = nextEvent(student.socket, 'rejected');
    student.socket.emit('board:scene', { elements: [element('s2')] });
    expect(await told).toEqual({ event: 'board:scene', message: RoomText.readonly });
    // The owner still draws; once that arrives, nothing of the student's came before it.
    const t2 = { ...t1, version: 2, x: 99 };
    expect((await send(teacher.socket, 'board:scene', { elements: [t2] })).status).toBe(true);
    await until(() => studentScenes.length === 2);
    expect(teacherScenes).toHaveLength(1);

    // A stale copy (lower version) does not overwrite the stored element.
    await send(teacher.socket, 'board:scene', { elements: [t1] });
    const late = await join(serverB.url, person('late'));
    expect(late.welcome.scene).toEqual([s1, t2].sort((a, b) => a.id.localeCompare(b.id)));
    expect(await send(late.socket, 'board:sync', {})).toEqual({
      status: true,
      data: late.welcome.scene,
    });
  });

  it('refuses oversized scenes and malformed elements', async () => {
    await clearRoom();
    const teacher = await join(serverA.url, person('big', 'teacher'));
    await send(teacher.socket, 'send_message', {
      type: 'action',
      name: 'open_whiteboard',
      data: { url: `board-${randomUUID()}`, readonly: false },
    });
    expect(
      await send(teacher.socket, 'board:scene', {
        elements: [element('huge', 1, ROOM_SCENE_MESSAGE_BYTES - 100)],
      }),
    ).toEqual({ status: false, message: RoomText.sceneMessageTooLarge });
    for (const elements of [
      [],
      [{ id: 'x', type: 'rectangle' }],
      [{ ...element('y'), version: -1 }],
      'lots',
    ]) {
      expect(await send(teacher.socket, 'board:scene', { elements })).toEqual({
        status: false,
        message: SocketText.invalidPayload,
      });
    }
    // Batches under the message limit fill the board up to its own limit, then are refused.
    const per = 50 * 1024;
    const batches = Math.ceil(ROOM_SCENE_MAX_BYTES / per);
    let refusedAt = -1;
    for (let i = 0; i <= batches; i++) {
      const result = await send(teacher.socket, 'board:scene', {
        elements: [element(`big-${i}`, 1, per)],
      });
      if (!result.status) {
        expect(result.message).toBe(RoomText.sceneTooLarge);
        refusedAt = i;
        break;
      }
    }
    expect(refusedAt).toBeGreaterThanOrEqual(batches - 2);
    // Changing an element already stored is still allowed when it does not grow the board.
    expect(
      (await send(teacher.socket, 'board:scene', { elements: [element('big-0', 2, per)] })).status,
    ).toBe(true);
  });

  it('limits each user’s messages', async () => {
    const claims = person('flood');
    const member = await join(serverA.url, claims);
    const { limit } = ROOM_LIMITS.send_message;
    const results: AckResult<unknown>[] = [];
    for (let i = 0; i <= limit; i++) {
      results.push(
        await send(member.socket, 'send_message', { type: 'action', name: 'hide_member_popup' }),
      );
    }
    expect(results.slice(0, limit).every((r) => !r.status && r.message === RoomText.hostOnly)).toBe(
      true,
    );
    expect(results[limit]).toEqual({ status: false, message: RoomText.tooMany });
    // The same person on the other server shares the budget.
    const again = await join(serverB.url, claims);
    expect(
      await send(again.socket, 'send_message', { type: 'action', name: 'hide_member_popup' }),
    ).toEqual({ status: false, message: RoomText.tooMany });

    // Cursors past the budget are dropped without an answer.
    const watcher = await join(serverB.url, person('watch'));
    const cursors = record(watcher.socket, 'board:cursor');
    const { limit: cursorLimit } = ROOM_LIMITS['board:cursor'];
    for (let i = 0; i < cursorLimit + 50; i++) {
      member.socket.emit('board:cursor', { x: i, y: 1 });
      // Paced as a pointer moves, so that volatile delivery has an idle link to write to.
      await new Promise((r) => setTimeout(r, 2));
    }
    await send(member.socket, 'board:sync', {});
    await new Promise((r) => setTimeout(r, 500));
    // 50 more than the budget were sent: at most the budget arrives (volatile may lose a few).
    expect(cursors.length).toBeLessThanOrEqual(cursorLimit);
    expect(cursors.length).toBeGreaterThan(cursorLimit / 2);
    expect(cursors[0]).toEqual({ x: 0, y: 1, from: claims.sub, username: 'flood' });
  });
});

// Issue 28 §4: each breakout group's own whiteboard (`/room/room-{n}-g{m}`) and chat, driven over
// the real socket.io client as an edited page would. A group's members open, draw on and close
// their board; another group's student and anyone after the groups close are kept
// out (and dropped if they were in); only a teacher makes a group's board read-only. Two server
// processes on PostgreSQL and Redis (the teacher on one, the students on the other) when
// TEST_DATABASE_URL and TEST_REDIS_URL are set.
import { randomUUID } from 'node:crypto';
import { ChatText, ClassGroupText, RoomText, groupChannel, roomNamespace } from '@atrium/protocol';
import type {
  AckResult,
  BoardElement,
  BoardRoom,
  ClassGroups,
  RoomStateReply,
  RoomWelcome,
} from '@atrium/protocol';
import { io as connectRaw } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { classSetups, useClassPair } from '../../../test/classroom.ts';
import { ask, connectError, next, ok } from '../../../test/socket-client.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { AccessTokens } from '../../security/access-tokens.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';

const JWT_SECRET = 'room-groups-test-secret-0123456789abcdef';
const tokens = new AccessTokens(JWT_SECRET);

const person = (username: string, role: AuthClaims['role'] = 'member'): AuthClaims => ({
  sub: randomUUID(),
  username,
  role,
});

let nonce = 1;
const element = (id: string, version = 1): BoardElement => ({
  id,
  type: 'rectangle',
  version,
  versionNonce: nonce++,
  isDeleted: false,
  x: 10,
  y: 20,
  width: 100,
  height: 50,
});

const send = <T = unknown>(socket: Socket, event: string, payload: unknown) =>
  socket.timeout(5000).emitWithAck(event, payload) as Promise<AckResult<T>>;

describe.each(classSetups)('a breakout group’s board and chat (%s)', (_name, twoProcesses) => {
  const pair = useClassPair(twoProcesses, JWT_SECRET, {
    CLASSROOM_MEDIA: 'mesh',
    CLASS_GROUP_WARNING_S: '1',
  });
  let teacherSide: TestApp;
  let studentSide: TestApp;
  beforeAll(() => {
    ({ teacherSide, studentSide } = pair);
  });
  const boards: Socket[] = [];
  afterEach(() => {
    for (const s of boards.splice(0)) s.disconnect();
  });

  /** A socket on a room's namespace, as the page's room channel opens it. */
  async function board(app: TestApp, claims: AuthClaims, room: BoardRoom): Promise<Socket> {
    const socket = connectRaw(app.url + roomNamespace(room), {
      path: '/api/socket',
      transports: ['websocket'],
      reconnection: false,
      auth: { token: await tokens.sign(claims) },
    });
    boards.push(socket);
    return socket;
  }
  async function enter(app: TestApp, claims: AuthClaims, room: BoardRoom) {
    const socket = await board(app, claims, room);
    const welcome = await new Promise<RoomWelcome>((resolve) => socket.once('welcome', resolve));
    return { socket, welcome };
  }
  const disconnected = (socket: Socket) =>
    new Promise<string>((resolve) => socket.once('disconnect', resolve));
  const chatList = async (app: TestApp, claims: AuthClaims, room: string) =>
    fetch(`${app.url}/api/chat/all?room=${room}`, {
      headers: { authorization: `Bearer ${await tokens.sign(claims)}` },
    });

  it('is its members’ alone: open, draw, read-only by the teacher, moves and closing drop the rest', async () => {
    const room = 'room-2';
    const teacher = await pair.connect(person('bteach', 'teacher'), teacherSide);
    const ann = await pair.connect(person('bann'), studentSide);
    const bea = await pair.connect(person('bbea'), studentSide);
    const g1 = groupChannel(room, 1) as BoardRoom;
    const g2 = groupChannel(room, 2) as BoardRoom;

    // Before any group opens, nobody but a teacher looks into a group's room.
    expect((await connectError(await board(studentSide, ann.claims, g1))).message).toBe(
      ClassGroupText.notYourGroup,
    );

    await ok(
      ask(teacher.socket, 'class:group:plan', {
        room,
        count: 2,
        mode: 'manual',
        minutes: null,
        assignments: { [ann.claims.sub]: 1, [bea.claims.sub]: 2 },
      }),
    );
    for (const s of [teacher, ann, bea]) await ok(ask(s.socket, 'class:join', { room }));
    await ok<ClassGroups>(ask(teacher.socket, 'class:group:open', {}));

    // Ann opens her group's board (a student may, in a group) and draws on it.
    const annBoard = await enter(studentSide, ann.claims, g1);
    expect(annBoard.welcome.state.whiteboard).toBeNull();
    expect(
      await send(annBoard.socket, 'send_message', {
        type: 'action',
        name: 'open_whiteboard',
        data: { url: 'group-1', readonly: true },
      }),
    ).toEqual({ status: false, message: RoomText.hostOnly });
    expect(
      await send(annBoard.socket, 'send_message', {
        type: 'action',
        name: 'show_member_popup',
        data: { url: 'https://example.com/' },
      }),
    ).toEqual({ status: false, message: RoomText.hostOnly });
    expect((await send(annBoard.socket, 'send_message', { type: 'action_clear' })).status).toBe(
      false,
    );
    await ok(
      send(annBoard.socket, 'send_message', {
        type: 'action',
        name: 'open_whiteboard',
        data: { url: 'group-1', readonly: false },
      }),
    );
    await ok(send(annBoard.socket, 'board:scene', { elements: [element('a1')] }));

    // Bea, in group 2, is kept out of group 1's board and chat, and the reverse holds for Ann.
    expect((await connectError(await board(studentSide, bea.claims, g1))).message).toBe(
      ClassGroupText.notYourGroup,
    );
    expect((await chatList(studentSide, bea.claims, g1)).status).toBe(403);
    expect((await chatList(studentSide, ann.claims, g1)).status).toBe(200);
    const readToken = await fetch(`${studentSide.url}/api/rte/${g1}/publisher/uid/x`);
    expect(readToken.status).toBe(403);
    expect(((await readToken.json()) as { message: string }).message).toBe(
      ChatText.readTokenClassAsks,
    );

    // The teacher, on the other process, sees the group's board as it is, and makes it read-only.
    const teacherBoard = await enter(teacherSide, teacher.claims, g1);
    expect(teacherBoard.welcome.state.whiteboard).toMatchObject({
      url: 'group-1',
      owner: ann.claims.sub,
    });
    expect(teacherBoard.welcome.scene?.map((e) => e.id)).toEqual(['a1']);
    // A second holder of the page's socket asks for the welcome again, with who is there.
    const again = await ok(send<RoomStateReply>(teacherBoard.socket, 'board:state', {}));
    expect(again.state.whiteboard?.url).toBe('group-1');
    expect(again.scene?.map((e) => e.id)).toEqual(['a1']);
    expect(again.users.map((u) => u.username).sort()).toEqual(['bann', 'bteach']);
    const drawn = new Promise<{ elements: BoardElement[] }>((resolve) =>
      teacherBoard.socket.once('board:scene', resolve),
    );
    await ok(send(annBoard.socket, 'board:scene', { elements: [element('a2')] }));
    expect((await drawn).elements.map((e) => e.id)).toEqual(['a2']);
    expect(
      await send(annBoard.socket, 'send_message', {
        type: 'action',
        name: 'update_whiteboard',
        data: { readonly: true },
      }),
    ).toEqual({ status: false, message: RoomText.hostOnly });
    await ok(
      send(teacherBoard.socket, 'send_message', {
        type: 'action',
        name: 'update_whiteboard',
        data: { readonly: true },
      }),
    );
    expect(await send(annBoard.socket, 'board:scene', { elements: [element('a3')] })).toEqual({
      status: false,
      message: RoomText.readonly,
    });
    await ok(send(teacherBoard.socket, 'board:scene', { elements: [element('t1')] }));
    // Nor does she undo it by opening, changing or closing the board herself.
    for (const change of [
      { name: 'open_whiteboard', data: { url: 'group-1', readonly: false } },
      { name: 'update_whiteboard', data: { url: 'elsewhere' } },
      { name: 'close_whiteboard' },
    ]) {
      expect(await send(annBoard.socket, 'send_message', { type: 'action', ...change })).toEqual({
        status: false,
        message: RoomText.readonly,
      });
    }
    await ok(
      send(teacherBoard.socket, 'send_message', {
        type: 'action',
        name: 'update_whiteboard',
        data: { readonly: false },
      }),
    );

    // A group's board is the group's: Ann closes the board the teacher changed, and opens it again.
    await ok(send(annBoard.socket, 'send_message', { type: 'action', name: 'close_whiteboard' }));
    await ok(
      send(annBoard.socket, 'send_message', {
        type: 'action',
        name: 'open_whiteboard',
        data: { url: 'group-1', readonly: false },
      }),
    );

    // The teacher moves Ann to group 2: her socket on group 1's board is dropped, on her process.
    const annDropped = disconnected(annBoard.socket);
    await ok(ask(teacher.socket, 'class:group:move', { userId: ann.claims.sub, group: 2 }));
    expect(await annDropped).toBe('io server disconnect');
    expect((await connectError(await board(studentSide, ann.claims, g1))).message).toBe(
      ClassGroupText.notYourGroup,
    );
    const annInTwo = await enter(studentSide, ann.claims, g2);
    expect(annInTwo.welcome.state.whiteboard).toBeNull();

    // The groups close: every student's group board goes; the teacher may still look back.
    const beaBoard = await enter(studentSide, bea.claims, g2);
    const beaDropped = disconnected(beaBoard.socket);
    const annDroppedAgain = disconnected(annInTwo.socket);
    const closed = next(ann.socket, 'class:groups', (g) => g.state === 'prepared');
    await ok(ask(teacher.socket, 'class:group:close', {}));
    await closed;
    expect(await beaDropped).toBe('io server disconnect');
    expect(await annDroppedAgain).toBe('io server disconnect');
    expect((await connectError(await board(studentSide, bea.claims, g2))).message).toBe(
      ClassGroupText.notYourGroup,
    );
    expect((await chatList(studentSide, bea.claims, g2)).status).toBe(403);
    expect(teacherBoard.socket.connected).toBe(true);
    for (const s of [teacher, ann, bea]) await ok(ask(s.socket, 'class:leave', {}));
  }, 60_000);
});

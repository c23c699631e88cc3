// Calls end in a real video room (issue 16): the caller's id, or `callerId_accepterId` for a
// friend call, hosted by the classroom's media path (Janus when installed, else the mesh). Only
// the people a call admitted get in; a stranger who names the room gets nothing.
import { randomUUID } from 'node:crypto';
import { ClassroomText, SocialText } from '@atrium/protocol';
import type { AnswerAck, ClassJoinAck } from '@atrium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JanusClient } from '../../media/janus/index.ts';
import type { MediaServer } from '../../media/janus/index.ts';
import type { PrivateJanus } from '../../media/janus/janus-process.ts';
import { createTestDatabase } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { janusBinary, startTestJanus } from '../../../test/janus.ts';
import { ask, ok } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import {
  befriend as befriendOn,
  call,
  createPerson,
  guestToken,
  JWT_SECRET,
  openClient,
} from '../../../test/people.ts';
import type { Client, Person } from '../../../test/people.ts';

const modes = [
  ['a WebRTC mesh', false],
  ...(janusBinary ? [['a private Janus', true] as const] : []),
] as const;

describe.each(modes)('call rooms on %s', (_name, withJanus) => {
  let database: TestDatabase;
  let server: TestApp;
  let janus: PrivateJanus | undefined;
  let janusClient: JanusClient | undefined;
  const clients: Client[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    let media: MediaServer | null = null;
    if (withJanus) {
      janus = await startTestJanus();
      janusClient = await JanusClient.connect({
        url: janus.url,
        apiSecret: janus.apiSecret,
        adminKey: janus.adminKey,
      });
      const client = janusClient;
      media = { kind: 'private', client, janus, close: () => client.close() };
    }
    server = await startTestApp(database, { JWT_SECRET }, undefined, { media: () => media });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server?.close();
    await database?.dispose();
    await janusClient?.close();
    await janus?.stop();
  });

  const person = (base: string) => createPerson(database.db, base);
  const online = async (p: Person | null, token?: string) => {
    const client = await openClient(server.url, token ?? p?.token ?? null);
    clients.push(client);
    if (p) await ok(ask(client.socket, 'social:inbox', {}));
    return client;
  };
  const befriend = (a: Person, b: Person) => befriendOn(server.url, a, b);
  /** `caller` calls `callee`, who accepts; the room both are sent to. */
  const acceptedCall = async (caller: Client, callee: Client, calleeName: string) => {
    await ok(ask(caller.socket, 'social:call', { username: calleeName }));
    await callee.wait('social:message', (m) => m.type === 'call');
    const reply = caller.wait('social:reply', (r) => r.type === 'accept-call');
    const ack = await ok<AnswerAck>(
      ask(callee.socket, 'social:answer', { inbox: 'CallUser', accept: true }),
    );
    expect((await reply).room).toBe(ack.room);
    return ack.room!;
  };
  const join = (c: Client, room: string) => ask(c.socket, 'class:join', { room });
  const joined = async (c: Client, room: string) => (await ok(join(c, room))) as ClassJoinAck;
  const tokensFor = (p: Person, room: string) =>
    call(server.url, 'GET', `/api/communication/rte/${room}/publisher/uid/7`, { token: p.token });

  it('a friend call: both join `callerId_accepterId`; a stranger is refused', async () => {
    const [al, bo, cy] = [await person('al'), await person('bo'), await person('cy')];
    await befriend(al, bo);
    const [a, b, c] = [await online(al), await online(bo), await online(cy)];
    const room = await acceptedCall(a, b, bo.name);
    expect(room).toBe(`${al.id}_${bo.id}`);

    // The stranger knows the room's name and asks before anyone is in: refused, nothing made.
    expect(await join(c, room)).toEqual({ status: false, message: ClassroomText.notInCall });
    const strangerTokens = await tokensFor(cy, room);
    expect(strangerTokens.json).toMatchObject({ status: false, rtcToken: '', rtmToken: '' });
    expect(strangerTokens.json.message).toBe(ClassroomText.notInCall);

    const first = await joined(a, room);
    expect(first).toMatchObject({ room, mode: withJanus ? 'sfu' : 'mesh', participants: [] });
    const second = await joined(b, room);
    expect(second.room).toBe(room);
    expect(second.participants.map((p) => p.attributes.name)).toEqual([al.name]);
    expect((await tokensFor(bo, room)).json).toMatchObject({ status: true });
    expect(await join(c, room)).toEqual({ status: false, message: ClassroomText.notInCall });

    if (withJanus && janusClient) {
      // The room is Janus's own, made on demand, with both people in it.
      const { janusRoomId } = await import('../classroom/classroom.sfu.ts');
      const id = janusRoomId(room);
      expect(id).toBeGreaterThanOrEqual(2 ** 32);
      expect((await janusClient.listParticipants(id)).length).toBe(2);
    }
    await ok(ask(a.socket, 'class:leave', {}));
    await ok(ask(b.socket, 'class:leave', {}));
  });

  it('a call between strangers uses the caller’s id; a rejected call admits nobody', async () => {
    const [ed, fi, gu] = [await person('ed'), await person('fi'), await person('gu')];
    const [e, f, g] = [await online(ed), await online(fi), await online(gu)];
    const room = await acceptedCall(e, f, fi.name);
    expect(room).toBe(ed.id);
    await joined(f, room);
    await joined(e, room);
    await ok(ask(f.socket, 'class:leave', {}));
    await ok(ask(e.socket, 'class:leave', {}));

    await ok(ask(g.socket, 'social:call', { username: fi.name }));
    await f.wait('social:message', (m) => m.type === 'call', 2);
    const no = await ok<AnswerAck>(
      ask(f.socket, 'social:answer', { inbox: 'CallUser', accept: false }),
    );
    expect(no.room).toBeNull();
    expect(await join(f, gu.id)).toEqual({ status: false, message: ClassroomText.notInCall });
    expect(await join(g, gu.id)).toEqual({ status: false, message: ClassroomText.notInCall });
  });

  it('someone in a call is busy for a new call until she leaves it (issue 27)', async () => {
    const [pa, qu, ro] = [await person('pa'), await person('qu'), await person('ro')];
    const [p, q, r] = [await online(pa), await online(qu), await online(ro)];
    const room = await acceptedCall(p, q, qu.name);
    // Accepted but not yet in the room: a call still rings for her.
    await ok(ask(r.socket, 'social:call', { username: qu.name }));
    await q.wait('social:message', (m) => m.type === 'call' && m.from === ro.name);
    await ok(ask(r.socket, 'social:cancel-call', { username: qu.name }));
    await q.wait('social:cleared');

    await joined(q, room);
    await joined(p, room);
    expect(await ask(r.socket, 'social:call', { username: qu.name })).toEqual({
      status: false,
      message: SocialText.busy,
    });
    // Nothing was stored: she has no call waiting.
    const waiting = await ok<{ messages?: unknown[] }>(ask(q.socket, 'social:inbox', {}));
    expect(JSON.stringify(waiting)).not.toContain(ro.name);
    // Other messages still reach her, and once she leaves the call rings again.
    await ok(ask(q.socket, 'class:leave', {}));
    await ok(ask(r.socket, 'social:call', { username: qu.name }));
    await q.wait('social:message', (m) => m.type === 'call' && m.from === ro.name, 2);
    await ok(ask(p.socket, 'class:leave', {}));
  });

  it('invites: only someone in the call invites to it; accepting admits the invitee', async () => {
    const [ha, io, ju, ka] = [
      await person('ha'),
      await person('io'),
      await person('ju'),
      await person('ka'),
    ];
    await befriend(ha, io);
    // Invites go to friends only (issue 27).
    await befriend(ha, ju);
    const [h, i, j, k] = [await online(ha), await online(io), await online(ju), await online(ka)];
    const room = await acceptedCall(h, i, io.name);

    // Someone outside the call cannot invite to it (a forged channel), nor to a made-up room.
    expect(await ask(k.socket, 'social:invite', { username: ju.name, channel: room })).toEqual({
      status: false,
      message: SocialText.inviteNotInCall,
    });
    for (const channel of ['room-9', 'x', `${randomUUID()}/../room-1`]) {
      expect(await ask(h.socket, 'social:invite', { username: ju.name, channel })).toEqual({
        status: false,
        message: SocialText.inviteUnknownRoom,
      });
    }
    expect(await join(j, room)).toEqual({ status: false, message: ClassroomText.notInCall });

    await ok(ask(h.socket, 'social:invite', { username: ju.name, channel: room }));
    await j.wait('social:message', (m) => m.type === 'invite');
    const yes = await ok<AnswerAck>(
      ask(j.socket, 'social:answer', { inbox: 'InviteUser', accept: true }),
    );
    expect(yes.room).toBe(room);
    await joined(h, room);
    await joined(i, room);
    const third = await joined(j, room);
    expect(third.participants.map((p) => p.attributes.name).sort()).toEqual(
      [ha.name, io.name].sort(),
    );
    // Still nobody else.
    expect(await join(k, room)).toEqual({ status: false, message: ClassroomText.notInCall });
    for (const c of [h, i, j]) await ok(ask(c.socket, 'class:leave', {}));
  });

  it('two people joining at the same moment each learn of the other', async () => {
    const [ma, ne] = [await person('ma'), await person('ne')];
    const [m, n] = [await online(ma), await online(ne)];
    const room = await acceptedCall(m, n, ne.name);
    const heardOf = (c: Client, name: string) =>
      c.seen.filter(
        (e) =>
          e.event === 'class:joined' &&
          (e.payload as { attributes: { name: string } }).attributes.name === name,
      ).length;
    for (let round = 0; round < 3; round += 1) {
      const before = [heardOf(m, ne.name), heardOf(n, ma.name)] as const;
      const [mine, theirs] = await Promise.all([joined(m, room), joined(n, room)]);
      // Either the ack lists the other, or a `class:joined` for them arrives.
      const knows = (c: Client, ack: ClassJoinAck, other: string, seenBefore: number) =>
        ack.participants.some((p) => p.attributes.name === other)
          ? Promise.resolve()
          : c.wait('class:joined', (p) => p.attributes.name === other, seenBefore + 1);
      await Promise.all([knows(m, mine, ne.name, before[0]), knows(n, theirs, ma.name, before[1])]);
      await Promise.all([
        ok(ask(m.socket, 'class:leave', {})),
        ok(ask(n.socket, 'class:leave', {})),
      ]);
    }
  });

  it('a guest, or a room nobody made, gets nothing', async () => {
    const guest = await online(null, await guestToken());
    expect((await join(guest, randomUUID())).status).toBe(false);
    const lo = await person('lo');
    const l = await online(lo);
    expect(await join(l, randomUUID())).toEqual({
      status: false,
      message: ClassroomText.notInCall,
    });
    expect(await join(l, 'room-99')).toEqual({
      status: false,
      message: ClassroomText.unknownRoom,
    });
  });
});

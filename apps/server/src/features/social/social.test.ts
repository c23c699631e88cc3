import { FriendStatus, SocialConstants, SocialText, notificationText } from '@atrium/protocol';
import type { AnswerAck, Friend, Notification } from '@atrium/protocol';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendships, inboxMessages, users } from '../../db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { ask, ok } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { call, createPerson, guestToken, JWT_SECRET, openClient } from '../../../test/people.ts';
import type { Client, Person } from '../../../test/people.ts';

describe.each(testDatabaseKinds())('social layer on %s', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  const clients: Client[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await startTestApp(database, { JWT_SECRET, NODE_ENV: 'development' });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
    await database.dispose();
  });

  const person = (base: string) => createPerson(database.db, base);
  /** A connected client that the server already counts as online. */
  const online = async (p: Person | null, token?: string) => {
    const client = await openClient(server.url, token ?? p?.token ?? null);
    clients.push(client);
    if (p) await ok(ask(client.socket, 'social:inbox', {}));
    return client;
  };
  const api = (p: Person | string | null, method: string, path: string, body?: unknown) =>
    call(server.url, method, path, {
      token: typeof p === 'string' || p === null ? p : p.token,
      body,
    });
  const records = (a: Person, b: Person) =>
    database.db
      .select()
      .from(friendships)
      .where(and(eq(friendships.userId, a.id), eq(friendships.friendId, b.id)));

  describe('friends', () => {
    it('requests, refuses a second request, accepts: status 1 with times on both records', async () => {
      const [al, bo] = [await person('al'), await person('bo')];
      const sent = await api(al, 'POST', '/api/social/friends/request', { username: bo.name });
      expect(sent.json).toEqual({ status: true, message: SocialText.requestedFriend(bo.name) });
      for (const [from, to] of [
        [al, bo],
        [bo, al],
      ] as const) {
        const again = await api(from, 'POST', '/api/social/friends/request', { username: to.name });
        expect(again.status).toBe(409);
        expect(again.json.message).toBe(SocialText.friendFailed);
      }
      const [mine] = await records(al, bo);
      const [theirs] = await records(bo, al);
      expect(mine).toMatchObject({ status: FriendStatus.pending, requestedBy: al.id });
      expect(theirs).toMatchObject({ status: 0, requestedOn: mine!.requestedOn });

      // Only the one asked may accept.
      const wrong = await api(al, 'POST', '/api/social/friends/accept', { user_id: bo.id });
      expect(wrong.json.message).toBe(SocialText.noRequest);
      const accepted = await api(bo, 'POST', '/api/social/friends/accept', { user_id: al.id });
      expect(accepted.json.status).toBe(true);
      const [a2] = await records(al, bo);
      const [b2] = await records(bo, al);
      expect(a2!.status).toBe(FriendStatus.accepted);
      expect(a2!.approvedOn).toBeInstanceOf(Date);
      expect(b2).toEqual({ ...a2, userId: bo.id, friendId: al.id });

      const list = await api(al, 'GET', '/api/social/friends');
      expect(list.json.data).toEqual([
        expect.objectContaining({ user_id: bo.id, userName: bo.name, status: 1, online: false }),
      ]);
      const again = await api(al, 'POST', '/api/social/friends/request', { username: bo.name });
      expect(again.json.message).toBe(SocialText.friendFailed);

      // The requester got an "accepted" notification; the friend-request one is settled.
      const alNotes = (await api(al, 'GET', '/api/social/notifications')).json
        .data as Notification[];
      expect(alNotes[0]).toMatchObject({ type: 'accept-request', sendBy: bo.id, status: 1 });
      expect(alNotes[0]!.text).toBe(notificationText('accept-request', bo.name));
      const boNotes = (await api(bo, 'GET', '/api/social/notifications')).json
        .data as Notification[];
      expect(boNotes[0]).toMatchObject({ type: 'friend-request', sendBy: al.id, status: 1 });
      expect(boNotes[0]!.text).toBe(`${al.name} wants to add you as a friend`);
    });

    it('rejects (status 2, rejectedOn), allows a new request after, and removes both records', async () => {
      const [cy, di] = [await person('cy'), await person('di')];
      await api(cy, 'POST', '/api/social/friends/request', { username: di.name });
      const rejected = await api(di, 'POST', '/api/social/friends/reject', { user_id: cy.id });
      expect(rejected.json.status).toBe(true);
      const [row] = await records(di, cy);
      expect(row).toMatchObject({ status: FriendStatus.rejected, approvedOn: null });
      expect(row!.rejectedOn).toBeInstanceOf(Date);
      expect((await records(cy, di))[0]).toMatchObject({ status: 2, rejectedOn: row!.rejectedOn });

      const retry = await api(cy, 'POST', '/api/social/friends/request', { username: di.name });
      expect(retry.json.status).toBe(true);
      expect((await records(cy, di))[0]).toMatchObject({ status: 0, rejectedOn: null });
      await api(di, 'POST', '/api/social/friends/accept', { user_id: cy.id });

      const removed = await api(di, 'DELETE', `/api/social/friends/${cy.id}`);
      expect(removed.json).toEqual({
        status: true,
        message: `${cy.name} successfully removed as friend`,
      });
      expect(await records(cy, di)).toEqual([]);
      expect(await records(di, cy)).toEqual([]);
      const empty = await api(cy, 'GET', '/api/social/friends');
      expect(empty.json).toEqual({
        status: true,
        data: [],
        message: "You don't have any friends.",
      });
      const twice = await api(di, 'DELETE', `/api/social/friends/${cy.id}`);
      expect(twice.json.message).toBe(SocialText.notFriend);
    });

    it("answers the spec's texts for empty, self and unknown usernames, and bad input", async () => {
      const ed = await person('ed');
      const empty = await api(ed, 'POST', '/api/social/friends/request', { username: '   ' });
      expect(empty.status).toBe(400);
      expect(empty.json.message).toBe('Username can not be empty.');
      const self = await api(ed, 'POST', '/api/social/friends/request', { username: ed.name });
      expect(self.json.message).toBe('You can not send to yourself.');
      const nobody = await api(ed, 'POST', '/api/social/friends/request', { username: 'nobody-x' });
      expect(nobody.status).toBe(404);
      const bad = await api(ed, 'POST', '/api/social/friends/accept', { user_id: 'nope' });
      expect(bad.status).toBe(400);
      expect(bad.json.status).toBe(false);
    });

    it('marks friends online while they have a socket, and tells friends when that changes', async () => {
      const [fa, fb] = [await person('fa'), await person('fb')];
      await api(fa, 'POST', '/api/social/friends/request', { username: fb.name });
      await api(fb, 'POST', '/api/social/friends/accept', { user_id: fa.id });
      const watcher = await online(fa);
      const cameOnline = watcher.wait('social:presence', (p) => p.user_id === fb.id && p.online);
      const tab = await online(fb);
      await cameOnline;
      const list = (await api(fa, 'GET', '/api/social/friends')).json.data as Friend[];
      expect(list[0]).toMatchObject({ user_id: fb.id, online: true });
      const wentOffline = watcher.wait('social:presence', (p) => p.user_id === fb.id && !p.online);
      tab.close();
      await wentOffline;
      const after = (await api(fa, 'GET', '/api/social/friends')).json.data as Friend[];
      expect(after[0]).toMatchObject({ online: false });
    });
  });

  describe('presence', () => {
    it('is online from the first socket to the last, stores last_seen, and searches by username', async () => {
      const zed = await person('zedpresence');
      const other = await person('other');
      const first = await online(zed);
      const second = await online(zed);
      const found = await api(other, 'GET', `/api/social/online?search=${zed.name.slice(0, 12)}`);
      expect(found.json.data).toEqual({
        total: 1,
        users: [{ user_id: zed.id, username: zed.name }],
      });
      const [row] = await database.db.select().from(users).where(eq(users.id, zed.id));
      expect(row!.lastSeen).toBeInstanceOf(Date);

      first.close();
      // Still online through the second tab: a call reaches it.
      const caller = await online(other);
      const rang = await ask(caller.socket, 'social:ping', { username: zed.name });
      expect(rang).toEqual({ status: true, data: { message: SocialText.sent } });
      second.close();
      await expect
        .poll(
          async () => (await api(other, 'GET', `/api/social/online?search=${zed.name}`)).json.data,
        )
        .toEqual({ total: 0, users: [] });
      const [later] = await database.db.select().from(users).where(eq(users.id, zed.id));
      expect(later!.lastSeen!.getTime()).toBeGreaterThanOrEqual(row!.lastSeen!.getTime());
    });

    it('closes an unclean drop within 45 s through socket.io’s ping', () => {
      const opts = server.app.realtime.io.engine.opts;
      expect(Number(opts.pingInterval) + Number(opts.pingTimeout)).toBeLessThanOrEqual(45_000);
    });
  });

  describe('calls, invites and action requests', () => {
    it('checks the rules in order: empty, self, offline, then busy', async () => {
      const [ca, cb, cc] = [await person('ca'), await person('cb'), await person('cc')];
      const a = await online(ca);
      const send = (username: string) => ask(a.socket, 'social:call', { username });
      expect(await send('')).toEqual({ status: false, message: 'Username can not be empty.' });
      expect(await send(ca.name)).toEqual({ status: false, message: "You can't call yourself" });
      expect(
        await ask(a.socket, 'social:invite', { username: ca.name, channel: 'room-1' }),
      ).toEqual({
        status: false,
        message: 'You can not send to yourself.',
      });
      expect(await send(cb.name)).toEqual({ status: false, message: 'User not online right now.' });
      expect(await send('ghost-user')).toEqual({
        status: false,
        message: 'User not online right now.',
      });
      const b = await online(cb);
      const heard = b.wait('social:message');
      expect(await send(cb.name)).toEqual({ status: true, data: { message: 'Data sent to user' } });
      expect(await heard).toMatchObject({
        inbox: 'CallUser',
        type: 'call',
        from: ca.name,
        from_id: ca.id,
        isFriend: false,
      });
      const c = await online(cc);
      expect(await ask(c.socket, 'social:call', { username: cb.name })).toEqual({
        status: false,
        message: 'User is busy',
      });
      // Another type has its own slot.
      expect(
        (await ask(c.socket, 'social:request-action', { username: cb.name, action: 'dance' }))
          .status,
      ).toBe(true);
    });

    it("accepting a call puts both in the caller's room; a friend call in callerId_accepterId", async () => {
      const [ka, kb] = [await person('ka'), await person('kb')];
      const a = await online(ka);
      const b = await online(kb);
      await ok(ask(a.socket, 'social:call', { username: kb.name }));
      await b.wait('social:message');
      const reply = a.wait('social:reply');
      const cleared = b.wait('social:cleared');
      const ack = await ok<AnswerAck>(
        ask(b.socket, 'social:answer', { inbox: 'CallUser', accept: true }),
      );
      expect(ack).toMatchObject({ message: 'You accepted the call', room: ka.id });
      expect(await reply).toMatchObject({
        type: 'accept-call',
        text: `${kb.name} accepted your call.`,
        room: ka.id,
        from_id: kb.id,
      });
      expect(await cleared).toEqual({ inbox: 'CallUser' });
      const notes = (await api(ka, 'GET', '/api/social/notifications')).json;
      expect((notes.data as Notification[])[0]).toMatchObject({
        type: 'accept-call',
        sendBy: kb.id,
      });
      expect(notes.latest).toBe(`${kb.name} accepted your calling`);
      // Answered: nothing is pending any more.
      expect(await ask(b.socket, 'social:answer', { inbox: 'CallUser', accept: true })).toEqual({
        status: false,
        message: SocialText.nothingPending,
      });

      await api(ka, 'POST', '/api/social/friends/request', { username: kb.name });
      await api(kb, 'POST', '/api/social/friends/accept', { user_id: ka.id });
      await ok(ask(a.socket, 'social:call', { username: kb.name }));
      const friendCall = await b.wait('social:message', () => true, 2);
      expect(friendCall.isFriend).toBe(true);
      const rejectReply = a.wait('social:reply', (r) => r.type === 'reject-call');
      const no = await ok<AnswerAck>(
        ask(b.socket, 'social:answer', { inbox: 'CallUser', accept: false }),
      );
      expect(no).toMatchObject({ message: 'You rejected the call', room: null });
      expect((await rejectReply).text).toBe(`${kb.name} rejected your call.`);

      await ok(ask(a.socket, 'social:call', { username: kb.name }));
      await b.wait('social:message', () => true, 3);
      const yes = await ok<AnswerAck>(
        ask(b.socket, 'social:answer', { inbox: 'CallUser', accept: true }),
      );
      expect(yes.room).toBe(`${ka.id}_${kb.id}`);
    });

    it('invites into a channel; action requests report user_action_yes/no with the position', async () => {
      const [ia, ib] = [await person('ia'), await person('ib')];
      const a = await online(ia);
      const b = await online(ib);
      // Invites are for friends only, whatever the page offers (issue 27); nothing is sent.
      expect(
        await ask(a.socket, 'social:invite', { username: ib.name, channel: 'room-2' }),
      ).toEqual({ status: false, message: SocialText.inviteFriendsOnly });
      const waiting = await database.db
        .select()
        .from(inboxMessages)
        .where(eq(inboxMessages.recipientId, ib.id));
      expect(waiting).toEqual([]);
      await api(ia, 'POST', '/api/social/friends/request', { username: ib.name });
      expect((await api(ib, 'POST', '/api/social/friends/accept', { user_id: ia.id })).status).toBe(
        200,
      );
      await ok(ask(a.socket, 'social:invite', { username: ib.name, channel: 'room-2' }));
      expect(await b.wait('social:message')).toMatchObject({ type: 'invite', channel: 'room-2' });
      const invited = a.wait('social:reply');
      const join = await ok<AnswerAck>(
        ask(b.socket, 'social:answer', { inbox: 'InviteUser', accept: true }),
      );
      expect(join.room).toBe('room-2');
      expect((await invited).text).toBe(`${ib.name} accepted your invitation.`);

      await ok(ask(a.socket, 'social:request-action', { username: ib.name, action: 'waving' }));
      const asked = await b.wait('social:message', (m) => m.type === 'request-action');
      expect(asked.user_action_type).toBe('waving');
      const yesReply = a.wait('social:reply', (r) => r.type === 'accept-request-action');
      const yes = await ok<AnswerAck>(
        ask(b.socket, 'social:answer', {
          inbox: 'RequestUser',
          accept: true,
          position: { x: '1.5', y: 0, z: '-2' },
        }),
      );
      expect(yes).toEqual({
        message: 'You accepted the request action',
        room: null,
        host: 'user_action_yes',
        user_action_type: 'waving',
        position: { x: 1.5, y: 0, z: -2 },
      });
      expect(await yesReply).toMatchObject({
        text: `${ib.name} accepted your request action to waving.`,
        position: { x: 1.5, y: 0, z: -2 },
      });

      await ok(ask(a.socket, 'social:request-action', { username: ib.name, action: 'dance' }));
      await b.wait('social:message', (m) => m.type === 'request-action', 2);
      const noReply = a.wait('social:reply', (r) => r.type === 'reject-request-action');
      const no = await ok<AnswerAck>(
        ask(b.socket, 'social:answer', { inbox: 'RequestUser', accept: false }),
      );
      expect(no).toMatchObject({
        message: 'You rejected the request action',
        host: 'user_action_no',
      });
      expect((await noReply).text).toBe(`${ib.name} rejected your request action to dance.`);
    });

    it('replays pending messages once, in order, to a recipient who reconnects; expired ones are gone', async () => {
      const [ra, rb] = [await person('ra'), await person('rb')];
      const a = await online(ra);
      const first = await online(rb);
      await ok(ask(a.socket, 'social:call', { username: rb.name }));
      await ok(ask(a.socket, 'social:request-action', { username: rb.name, action: 'greet' }));
      await first.wait('social:message', () => true, 2);
      first.close();
      // Offline now (as the online list shows): nothing new can be sent, what waits is kept.
      await expect
        .poll(async () => (await api(ra, 'GET', `/api/social/online?search=${rb.name}`)).json.data)
        .toEqual({ total: 0, users: [] });
      expect(await ask(a.socket, 'social:invite', { username: rb.name, channel: 'x' })).toEqual({
        status: false,
        message: 'User not online right now.',
      });
      const back = await online(rb);
      await back.wait('social:message', () => true, 2);
      await ok(ask(back.socket, 'system:ping', { sentAt: Date.now() }));
      const replayed = back.seen.filter((s) => s.event === 'social:message').map((s) => s.payload);
      expect(replayed).toMatchObject([
        { type: 'call' },
        { type: 'request-action', user_action_type: 'greet' },
      ]);

      // An hour later the message is gone: not replayed, and the slot is free again.
      await database.db
        .update(inboxMessages)
        .set({ createdAt: new Date(Date.now() - SocialConstants.inboxExpiryMs - 1000) })
        .where(eq(inboxMessages.recipientId, rb.id));
      back.close();
      const later = await online(rb);
      const pending = await ok<{ messages: unknown[] }>(ask(later.socket, 'social:inbox', {}));
      expect(pending.messages).toEqual([]);
      expect(later.seen.filter((s) => s.event === 'social:message')).toEqual([]);
      expect((await ask(a.socket, 'social:call', { username: rb.name })).status).toBe(true);
    });

    it('pings with a 10 s cooldown per sender', async () => {
      const [pa, pb, pc] = [await person('pa'), await person('pb'), await person('pc')];
      const a = await online(pa);
      await online(pb);
      await online(pc);
      expect((await ask(a.socket, 'social:ping', { username: pb.name })).status).toBe(true);
      expect(await ask(a.socket, 'social:ping', { username: pc.name })).toEqual({
        status: false,
        message: SocialText.pingCooldown,
      });
    });
  });

  describe('blocks, notifications, guests and bad payloads', () => {
    it("refuses a blocked user's requests, calls, invites and action requests without saying why", async () => {
      const [ba, bb] = [await person('ba'), await person('bb')];
      const a = await online(ba);
      const b = await online(bb);
      expect((await api(bb, 'POST', '/api/social/blocks', { username: ba.name })).json.status).toBe(
        true,
      );
      expect((await api(bb, 'GET', '/api/social/blocks')).json.data).toEqual([
        { user_id: ba.id, username: ba.name },
      ]);
      const req = await api(ba, 'POST', '/api/social/friends/request', { username: bb.name });
      expect(req.json.message).toBe(SocialText.friendFailed);
      for (const [event, payload] of [
        ['social:call', { username: bb.name }],
        ['social:invite', { username: bb.name, channel: 'room-1' }],
        ['social:request-action', { username: bb.name, action: 'happy' }],
      ] as const) {
        expect(await ask(a.socket, event, payload)).toEqual({
          status: false,
          message: 'User not online right now.',
        });
      }
      await ok(ask(b.socket, 'system:ping', { sentAt: 0 }));
      expect(b.seen.filter((s) => s.event === 'social:message')).toEqual([]);
      expect(await records(ba, bb)).toEqual([]);
      await api(bb, 'DELETE', `/api/social/blocks/${ba.id}`);
      expect((await ask(a.socket, 'social:call', { username: bb.name })).status).toBe(true);
    });

    it('lists notifications newest first, counts unread, and marks all read', async () => {
      const [na, nb] = [await person('na'), await person('nb')];
      const empty = (await api(na, 'GET', '/api/social/notifications')).json;
      expect(empty).toEqual({
        status: true,
        data: [],
        unread: 0,
        latest: null,
        message: "You don't have any notifications.",
      });
      const listener = await online(na);
      const live = listener.wait('social:notification');
      await api(nb, 'POST', '/api/social/friends/request', { username: na.name });
      expect((await live).unread).toBe(1);
      const b = await online(nb);
      await ok(ask(b.socket, 'social:request-action', { username: na.name, action: 'clapping' }));
      const list = (await api(na, 'GET', '/api/social/notifications')).json;
      expect((list.data as Notification[]).map((n) => n.type)).toEqual([
        'request-action',
        'friend-request',
      ]);
      expect(list.unread).toBe(2);
      expect(list.latest).toBe(`${nb.name} wants to do clapping with you`);
      expect((await api(na, 'POST', '/api/social/notifications/read')).json).toEqual({
        status: true,
      });
      const read = (await api(na, 'GET', '/api/social/notifications')).json;
      expect(read.unread).toBe(0);
      expect((read.data as Notification[]).every((n) => n.isRead)).toBe(true);
    });

    it('gives guests and anonymous callers none of it', async () => {
      const member = await person('gm');
      await online(member);
      const token = await guestToken();
      for (const [method, path, body] of [
        ['GET', '/api/social/friends', undefined],
        ['POST', '/api/social/friends/request', { username: member.name }],
        ['GET', '/api/social/online', undefined],
        ['GET', '/api/social/notifications', undefined],
        ['POST', '/api/social/blocks', { username: member.name }],
      ] as const) {
        const res = await api(token, method, path, body);
        expect(res.status, path).toBe(403);
        expect(res.json.message).toBe(SocialText.registerRequired);
        expect((await api(null, method, path, body)).status).toBe(401);
      }
      const guest = await online(null, token);
      for (const [event, payload] of [
        ['social:call', { username: member.name }],
        ['social:invite', { username: member.name, channel: 'room-1' }],
        ['social:request-action', { username: member.name, action: 'laugh' }],
        ['social:answer', { inbox: 'CallUser', accept: true }],
        ['social:inbox', {}],
        ['social:watch-online', {}],
      ] as const) {
        expect(await ask(guest.socket, event, payload)).toEqual({
          status: false,
          message: SocialText.registerRequired,
        });
      }
      // A guest is never counted online.
      const found = await api(member, 'GET', '/api/social/online?search=guest-7');
      expect(found.json.data).toEqual({ total: 0, users: [] });
    });

    it("answers every malformed payload with 'invalid payload' and changes nothing", async () => {
      const [ma, mb] = [await person('ma'), await person('mb')];
      const a = await online(ma);
      const b = await online(mb);
      for (const [event, payload] of [
        ['social:call', { username: 5 }],
        ['social:call', null],
        ['social:call', { username: mb.name, extra: 1 }],
        ['social:invite', { username: mb.name }],
        ['social:invite', { username: mb.name, channel: '' }],
        ['social:request-action', { username: mb.name, action: 'backflip' }],
        ['social:answer', { inbox: 'Nope', accept: true }],
        ['social:answer', { inbox: 'CallUser', accept: 'yes' }],
        ['social:answer', { inbox: 'RequestUser', accept: true, position: { x: {}, y: 0, z: 0 } }],
        ['social:call', { username: 'a\u0000b' }],
      ] as const) {
        expect(await ask(a.socket, event, payload), JSON.stringify(payload)).toEqual({
          status: false,
          message: 'invalid payload',
        });
      }
      await ok(ask(b.socket, 'system:ping', { sentAt: 0 }));
      expect(b.seen.filter((s) => s.event === 'social:message')).toEqual([]);
      const rows = await database.db
        .select()
        .from(inboxMessages)
        .where(eq(inboxMessages.recipientId, mb.id));
      expect(rows).toEqual([]);
    });
  });
});

describe('the debug ping outside development mode', () => {
  it('is refused', async () => {
    const database = await createTestDatabase('pglite');
    const server = await startTestApp(database, { JWT_SECRET });
    try {
      const [a, b] = [await createPerson(database.db, 'xa'), await createPerson(database.db, 'xb')];
      const ca = await openClient(server.url, a.token);
      const cb = await openClient(server.url, b.token);
      await ok(ask(cb.socket, 'social:inbox', {}));
      expect(await ask(ca.socket, 'social:ping', { username: b.name })).toEqual({
        status: false,
        message: SocialText.debugOnly,
      });
      ca.close();
      cb.close();
    } finally {
      await server.close();
      await database.dispose();
    }
  });
});

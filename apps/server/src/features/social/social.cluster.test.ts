import { randomUUID } from 'node:crypto';
import type { AnswerAck } from '@atrium/protocol';
import type { RedisClientType } from 'redis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/databases.ts';
import { ask, ok } from '../../../test/socket-client.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { RedisPresence } from './social.presence.ts';
import { call, createPerson, openClient, startTwoProcesses } from '../../../test/people.ts';
import type { Client, Person, TwoProcesses } from '../../../test/people.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const postgresUrl = process.env.TEST_DATABASE_URL;

describe.runIf(redisUrl && postgresUrl)('social across two server processes', () => {
  let two: TwoProcesses;
  let database: TestDatabase;
  let serverA: TestApp;
  let serverB: TestApp;
  const clients: Client[] = [];

  beforeAll(async () => {
    two = await startTwoProcesses({ NODE_ENV: 'development' });
    ({ database, a: serverA, b: serverB } = two);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await two.close();
  });

  const online = async (server: TestApp, p: Person) => {
    const client = await openClient(server.url, p.token);
    clients.push(client);
    await ok(ask(client.socket, 'social:inbox', {}));
    return client;
  };
  const onlineList = async (server: TestApp, viewer: Person, search: string) =>
    (
      await call(server.url, 'GET', `/api/social/online?search=${search}`, {
        token: viewer.token,
      })
    ).json.data;

  it('agrees on who is online on both processes, until the last socket closes', async () => {
    const tag = randomUUID().slice(0, 6);
    const [x, y] = [
      await createPerson(database.db, `px${tag}`),
      await createPerson(database.db, `py${tag}`),
    ];
    const onA = await online(serverA, x);
    const onB = await online(serverB, x);
    await online(serverB, y);
    for (const server of [serverA, serverB]) {
      expect(await onlineList(server, y, tag)).toEqual({
        total: 2,
        users: [
          { user_id: x.id, username: x.name },
          { user_id: y.id, username: y.name },
        ].sort((a, b) => a.username.localeCompare(b.username)),
      });
    }
    onA.close();
    // Still online through the socket on B, as both processes see it.
    await expect.poll(() => onlineList(serverA, y, x.name)).toMatchObject({ total: 1 });
    onB.close();
    for (const server of [serverA, serverB]) {
      await expect.poll(() => onlineList(server, y, x.name)).toEqual({ total: 0, users: [] });
    }
  });

  it('tells the Online tab on one process, within 1 s, who logs in and out on the other (issue 27)', async () => {
    const tag = randomUUID().slice(0, 6);
    const person = (base: string) => createPerson(database.db, `${base}${tag}`);
    const [watcher, other, stranger, bystander] = [
      await person('ow'),
      await person('ox'),
      await person('os'),
      await person('ob'),
    ];
    // Two tabs on A have the Online tab open; a third person on A has not. None are friends.
    const watching = await online(serverA, watcher);
    const alsoWatching = await online(serverA, other);
    const idle = await online(serverA, bystander);
    for (const c of [watching, alsoWatching]) await ok(ask(c.socket, 'social:watch-online', {}));

    const startedAt = performance.now();
    const cameOnline = watching.wait('social:presence', (p) => p.user_id === stranger.id);
    const strangerOnB = await online(serverB, stranger);
    expect(await cameOnline).toEqual({
      user_id: stranger.id,
      username: stranger.name,
      online: true,
    });
    expect(performance.now() - startedAt).toBeLessThan(1000);

    const closedAt = performance.now();
    const wentOffline = watching.wait(
      'social:presence',
      (p) => p.user_id === stranger.id && !p.online,
    );
    strangerOnB.close();
    expect(await wentOffline).toEqual({
      user_id: stranger.id,
      username: stranger.name,
      online: false,
    });
    expect(performance.now() - closedAt).toBeLessThan(1000);

    // Only sockets that watch hear it: the one who stopped watching and the idle one do not.
    await ok(ask(watching.socket, 'social:unwatch-online', {}));
    const heardAgain = alsoWatching.wait(
      'social:presence',
      (p) => p.user_id === stranger.id && p.online,
      2,
    );
    await online(serverB, stranger);
    await heardAgain;
    const presenceOf = (c: Client) => c.seen.filter((s) => s.event === 'social:presence');
    expect(presenceOf(watching)).toHaveLength(2);
    expect(presenceOf(idle)).toEqual([]);
  });

  it('delivers a call from a user on one process to a user on the other, and the answer back', async () => {
    const [caller, callee] = [
      await createPerson(database.db, 'cx'),
      await createPerson(database.db, 'cy'),
    ];
    const a = await online(serverA, caller);
    const b = await online(serverB, callee);
    await call(serverA.url, 'POST', '/api/social/friends/request', {
      token: caller.token,
      body: { username: callee.name },
    });
    await call(serverB.url, 'POST', '/api/social/friends/accept', {
      token: callee.token,
      body: { user_id: caller.id },
    });
    expect(await ask(a.socket, 'social:call', { username: callee.name })).toEqual({
      status: true,
      data: { message: 'Data sent to user' },
    });
    expect(await b.wait('social:message')).toMatchObject({ from_id: caller.id, isFriend: true });
    const reply = a.wait('social:reply');
    const ack = await ok<AnswerAck>(
      ask(b.socket, 'social:answer', { inbox: 'CallUser', accept: true }),
    );
    const room = `${caller.id}_${callee.id}`;
    expect(ack.room).toBe(room);
    expect(await reply).toMatchObject({ type: 'accept-call', room });
    // The callee's other tab, on the first process, closes its popup too.
    const otherTab = await online(serverA, callee);
    await ok(ask(a.socket, 'social:invite', { username: callee.name, channel: room }));
    await otherTab.wait('social:message');
    const cleared = otherTab.wait('social:cleared');
    await ok(ask(b.socket, 'social:answer', { inbox: 'InviteUser', accept: false }));
    expect(await cleared).toEqual({ inbox: 'InviteUser' });
  });
});

describe.runIf(redisUrl)('Redis presence', () => {
  let redis: RedisClientType;
  beforeAll(async () => {
    redis = createClient({ url: redisUrl });
    await redis.connect();
  });
  afterAll(async () => {
    await redis.quit();
  });

  it("drops a dead process's sockets once their entries lapse, and keeps a live one's", async () => {
    const prefix = `presence-test:${randomUUID()}:`;
    // The fake clock starts at the real one: key expiry in Redis is wall-clock time.
    let now = Date.now();
    const dead = new RedisPresence(redis, {
      prefix,
      ttlMs: 45_000,
      heartbeatMs: 0,
      now: () => now,
    });
    const live = new RedisPresence(redis, {
      prefix,
      ttlMs: 45_000,
      heartbeatMs: 0,
      now: () => now,
    });
    const [u1, u2] = [
      { id: 'u1', username: 'Ada' },
      { id: 'u2', username: 'bo' },
    ];
    expect(await dead.connect(u1, 's1')).toBe(true);
    expect(await live.connect(u2, 's2')).toBe(true);
    expect(await live.connect(u1, 's3')).toBe(false);
    expect((await live.online()).sort()).toEqual(['u1', 'u2']);
    // Found by name in any case, on either process.
    expect(await live.onlineId('ADA')).toBe('u1');
    expect(await dead.onlineId('Bo')).toBe('u2');
    expect(await live.onlineId('nobody')).toBeNull();
    // u1's socket on the live process closes: u1 is still online through the dead one's entry.
    expect(await live.disconnect(u1, 's3')).toBe(false);
    expect(await live.isOnline('u1')).toBe(true);
    expect(await live.onlineId('ada')).toBe('u1');
    // 45 s later without a heartbeat from the dead process, u1 is offline; u2 was renewed.
    now += 30_000;
    await live.heartbeat();
    now += 15_001 + 1;
    expect(await live.isOnline('u1')).toBe(false);
    expect(await live.onlineId('ada')).toBeNull();
    expect(await live.online()).toEqual(['u2']);
    // A new socket after the lapse counts as coming online again.
    expect(await live.connect(u1, 's4')).toBe(true);
    expect(await live.onlineId('ada')).toBe('u1');
    // The last socket closing forgets the name.
    expect(await live.disconnect(u2, 's2')).toBe(true);
    expect(await live.onlineId('bo')).toBeNull();
    await dead.close();
    await live.close();
    await redis.del([`${prefix}online`, `${prefix}names`, `${prefix}u:u1`, `${prefix}u:u2`]);
  });
});

import { AdminApi, AdminText, adminText } from '@atrium/protocol';
import { createClient } from 'redis';
import type { RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { SanctionsRepository } from '../../moderation/sanctions.repository.ts';
import { SessionGate } from '../../moderation/session-gate.ts';
import { startTestApp } from '../../../test/test-app.ts';
import {
  call,
  JWT_SECRET,
  canRunTwoProcesses,
  createPerson,
  openClient,
  startTwoProcesses,
  type TwoProcesses,
} from '../../../test/people.ts';

/** Resolves with the milliseconds until the client's socket closes. */
const closedWithin = (socket: { once(event: 'disconnect', f: () => void): unknown }) => {
  const started = performance.now();
  return new Promise<number>((resolve) => {
    socket.once('disconnect', () => resolve(performance.now() - started));
  });
};

describe.runIf(canRunTwoProcesses)('moderation across two server processes (issue 29)', () => {
  let campus: TwoProcesses;

  beforeAll(async () => {
    campus = await startTwoProcesses();
  });
  afterAll(async () => {
    await campus.close();
  });

  it('a kick on one process closes the person’s sockets on the other within a second, and voids their token there', async () => {
    const admin = await createPerson(campus.database.db, 'chief', 'admin');
    const pupil = await createPerson(campus.database.db, 'kicked');
    const onB = await openClient(campus.b.url, pupil.token);
    const alsoOnB = await openClient(campus.b.url, pupil.token);
    const ended = onB.wait('system:ended');
    const closed = Promise.all([closedWithin(onB.socket), closedWithin(alsoOnB.socket)]);
    const kick = await call(campus.a.url, 'POST', AdminApi.sanction.path, {
      token: admin.token,
      body: { kind: 'kick', user_id: pupil.id, reason: 'Disrupting the assembly' },
    });
    expect(kick.status).toBe(200);
    expect(await ended).toEqual({ reason: 'kick', message: AdminText.youWereKicked });
    const times = await closed;
    expect(Math.max(...times)).toBeLessThan(1000);
    const whoami = await call(campus.b.url, 'GET', '/api/user/whoami', { token: pupil.token });
    expect(whoami.status).toBe(401);
  });

  it('a ban on one process is refused at the other’s sign-in, and a process started later knows the revocation', async () => {
    const admin = await createPerson(campus.database.db, 'chief', 'admin');
    const pupil = await createPerson(campus.database.db, 'banned');
    const ban = await call(campus.b.url, 'POST', AdminApi.sanction.path, {
      token: admin.token,
      body: { kind: 'ban', user_id: pupil.id, reason: 'Cheating', minutes: 30 },
    });
    expect(ban.status).toBe(200);
    // A hears of it through Redis: within a second its HTTP refuses the token...
    const started = performance.now();
    while (
      (await call(campus.a.url, 'GET', '/api/user/whoami', { token: pupil.token })).status !== 401
    ) {
      expect(performance.now() - started).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // ...and its socket handshake: the socket is anonymous there.
    const client = await openClient(campus.a.url, pupil.token);
    const join = await client.socket.emitWithAck('social:inbox', {});
    expect(join).toMatchObject({ status: false });
    client.close();
    expect(
      (await call(campus.b.url, 'GET', '/api/user/whoami', { token: pupil.token })).status,
    ).toBe(401);
    // A third process of the campus, started after the ban, loads the revocation at start.
    const database = await openDatabase({ kind: 'postgres', url: campus.database.url ?? '' });
    const late = await startTestApp(database, { JWT_SECRET });
    try {
      const whoami = await call(late.url, 'GET', '/api/user/whoami', { token: pupil.token });
      expect(whoami.status).toBe(401);
      const other = await createPerson(campus.database.db, 'fine');
      expect((await call(late.url, 'GET', '/api/user/whoami', { token: other.token })).status).toBe(
        200,
      );
    } finally {
      await late.close();
      await database.close();
    }
  });

  it('the CLI’s set-role (no sockets of its own) closes the person’s sockets on both processes, and voids their token', async () => {
    const pupil = await createPerson(campus.database.db, 'promoted');
    const onA = await openClient(campus.a.url, pupil.token);
    const onB = await openClient(campus.b.url, pupil.token);
    const ended = onB.wait('system:ended');
    const closed = Promise.all([closedWithin(onA.socket), closedWithin(onB.socket)]);
    const end = {
      reason: 'role' as const,
      message: adminText(AdminText.roleChanged, { role: 'teacher' }),
    };
    // What `admin set-role` does after the change (cli/admin.ts, endSessions): a gate of its
    // own over the campus's database and Redis.
    const redis: RedisClientType = createClient({ url: process.env.TEST_REDIS_URL });
    await redis.connect();
    try {
      await new SessionGate(new SanctionsRepository(campus.database.db), redis, console).revoke(
        pupil.id,
        end,
      );
    } finally {
      await redis.quit();
    }
    expect(await ended).toEqual(end);
    expect(Math.max(...(await closed))).toBeLessThan(1000);
    for (const url of [campus.a.url, campus.b.url]) {
      expect((await call(url, 'GET', '/api/user/whoami', { token: pupil.token })).status).toBe(401);
    }
  });
});

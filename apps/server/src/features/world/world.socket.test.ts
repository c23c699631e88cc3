import { CAMPUS_LAYOUT, SocketText } from '@atrium/protocol';
import type { AvatarState, ClientToServerEvents, ServerToClientEvents } from '@atrium/protocol';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCampus } from '../../db/seed.ts';
import { signInDemoAccounts } from '../../../test/demo-sessions.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { openClient } from '../../../test/people.ts';
import { snapshotEntry } from '../../../test/socket-client.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('live avatars over socket.io', () => {
  let database: TestDatabase;
  let server: TestApp;
  const opened: ClientSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    server = await startTestApp(database, { WORLD_INSTANCE_CAPACITY: '3' });
  });
  afterEach(() => {
    for (const s of opened.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  async function guest(): Promise<ClientSocket> {
    const res = await fetch(`${server.url}/api/auth/guest`, { method: 'POST' });
    const { token } = (await res.json()) as { token: string };
    return open(token);
  }

  async function open(token?: string): Promise<ClientSocket> {
    const { socket } = await openClient(server.url, token ?? null);
    opened.push(socket);
    return socket;
  }

  it('refuses to join without a logged-in user', async () => {
    const anonymous = await open();
    expect(await anonymous.emitWithAck('world:join', { world: 'campus' })).toEqual({
      status: false,
      message: SocketText.notLoggedIn,
    });
  });

  it('shows each person to the other, with moves and emotes, live', async () => {
    const a = await guest();
    const b = await guest();
    const joinA = await a.emitWithAck('world:join', { world: 'campus' });
    const announced = new Promise<AvatarState>((resolve) => a.once('world:joined', resolve));
    const joinB = await b.emitWithAck('world:join', { world: 'campus' });
    if (!joinA.status || !joinB.status) throw new Error('join failed');
    expect(joinB.data.instanceId).toBe(joinA.data.instanceId);
    expect(joinB.data.others.map((o) => o.id)).toContain(joinA.data.self.id);
    expect(await announced).toEqual(joinB.data.self);
    expect(joinA.data.self).toMatchObject({
      x: CAMPUS_LAYOUT.spawn.x,
      z: CAMPUS_LAYOUT.spawn.z,
      roleLabel: 'Guest',
    });

    const target = {
      x: CAMPUS_LAYOUT.spawn.x + 0.3,
      y: 0,
      z: CAMPUS_LAYOUT.spawn.z,
      ry: 1,
      anim: 'walk' as const,
    };
    expect(joinB.data.self.index).not.toBe(joinA.data.self.index);
    const arrival = snapshotEntry(b, joinA.data.self.index, (s) => Math.abs(s.x - target.x) < 0.01);
    a.emit('world:move', target);
    const got = await arrival;
    expect(got.anim).toBe('walk');
    expect(got.z).toBeCloseTo(target.z, 2);
    expect(got.ry).toBeCloseTo(target.ry, 1);

    const emoted = new Promise((resolve) => b.once('world:emoted', resolve));
    a.emit('world:emote', { emote: 'dance' });
    expect(await emoted).toEqual({ id: joinA.data.self.id, emote: 'dance' });

    const left = new Promise((resolve) => b.once('world:left', resolve));
    a.disconnect();
    expect(await left).toEqual({ id: joinA.data.self.id });
  });

  it('snaps a teleport back, and nobody else sees it', async () => {
    const a = await guest();
    const join = await a.emitWithAck('world:join', { world: 'campus' });
    if (!join.status) throw new Error('join failed');
    const before = server.app.world.refused();
    const correction = new Promise<AvatarState>((resolve) => a.once('world:correction', resolve));
    a.emit('world:move', { x: 30, y: 0, z: 30, ry: 0, anim: 'run' });
    expect(await correction).toMatchObject({ x: join.data.self.x, z: join.data.self.z });
    expect(server.app.world.refused()).toBe(before + 1);
  });

  it('drops malformed moves and keeps the connection', async () => {
    const a = await guest();
    await a.emitWithAck('world:join', { world: 'campus' });
    const rejected = new Promise((resolve) => a.once('system:rejected', resolve));
    const untyped = a as unknown as { emit(event: string, payload: unknown): void };
    untyped.emit('world:move', { x: 'far', y: 0, z: 0, ry: 0, anim: 'fly' });
    expect(await rejected).toMatchObject({ event: 'world:move' });
    expect((await a.emitWithAck('system:ping', { sentAt: 1 })).status).toBe(true);
  });

  it('refuses unknown worlds and opens a new instance beyond the capacity', async () => {
    const sockets = await Promise.all([guest(), guest(), guest(), guest()]);
    const unknown = await sockets[0].emitWithAck('world:join', { world: 'moon' });
    expect(unknown).toEqual({ status: false, message: SocketText.worldUnknown });
    const ids: string[] = [];
    for (const s of sockets) {
      const joined = await s.emitWithAck('world:join', { world: 'campus' });
      if (joined.status) ids.push(joined.data.instanceId);
    }
    expect(new Set(ids.slice(0, 3)).size).toBe(1);
    expect(ids[3]).not.toBe(ids[0]);
  });
});

describe.each(testDatabaseKinds())('who enters the world (%s)', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  let accounts: Awaited<ReturnType<typeof seedDemoCampus>>;
  const opened: ClientSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    accounts = await seedDemoCampus(database.db);
    server = await startTestApp(database);
  });
  afterEach(() => {
    for (const s of opened.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  async function join(token: string): Promise<AvatarState> {
    const { socket } = await openClient(server.url, token);
    opened.push(socket);
    const joined = await socket.emitWithAck('world:join', { world: 'campus' });
    if (!joined.status) throw new Error(joined.message);
    return joined.data.self;
  }

  it('tags the avatar with the username chosen after the token was signed', async () => {
    const { tokens, ids } = await signInDemoAccounts(server.url, accounts ?? []);
    const token = tokens.member ?? '';
    const chosen = `chosen_${kind}`;
    const res = await fetch(`${server.url}/api/user/${ids.member}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ username: chosen }),
    });
    expect(res.status).toBe(200);
    // The same token, signed with the old username, enters under the new one.
    expect(await join(token)).toMatchObject({ username: chosen, roleLabel: 'Member' });
  });

  it('gives an account the same look in every session, and others their own', async () => {
    // By email: the test above renames the member.
    const logIn = async (role: string) => {
      const account = accounts?.find((a) => a.role === role);
      const res = await fetch(`${server.url}/api/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: account?.email, password: account?.password }),
      });
      return ((await res.json()) as { token: string }).token;
    };
    const guest = async () => {
      const res = await fetch(`${server.url}/api/auth/guest`, { method: 'POST' });
      return ((await res.json()) as { token: string }).token;
    };
    const [first, second] = [await logIn('teacher'), await logIn('teacher')];
    const teacher = await join(first);
    const teacherAgain = await join(second);
    expect(teacherAgain.id).not.toBe(teacher.id);
    expect(teacherAgain.look).toBe(teacher.look);
    expect((await join(await logIn('admin'))).look).not.toBe(teacher.look);
    // Guests are new people each time.
    expect((await join(await guest())).look).not.toBe((await join(await guest())).look);
  });
});

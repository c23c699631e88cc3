import { CharacterApi, CharacterText, decodeLook, encodeLook, ErrorCode } from '@atrium/protocol';
import type { AvatarState, CharacterLook, CharacterLookResponse } from '@atrium/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCampus } from '../../db/seed.ts';
import { signInDemoAccounts } from '../../../test/demo-sessions.ts';
import type { DemoSessions } from '../../../test/demo-sessions.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { ask, next, ok } from '../../../test/socket-client.ts';
import type { ClientSocket } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import {
  call,
  canRunTwoProcesses,
  openClient,
  signInGuest,
  startTwoProcesses,
} from '../../../test/people.ts';
import type { TwoProcesses } from '../../../test/people.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { lookSeed } from '../world/world.service.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { CharacterRepository } from './character.repository.ts';
import { CharacterService, wornLook } from './character.service.ts';

const look: CharacterLook = {
  body: 3,
  skin: 4,
  hairColour: 6,
  hairStyle: 4,
  top: 8,
  bottom: 5,
  special: null,
};

const opened: ClientSocket[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.disconnect();
});

async function openSocket(url: string, token: string): Promise<ClientSocket> {
  const { socket } = await openClient(url, token);
  opened.push(socket);
  return socket;
}

async function api(
  url: string,
  method: 'GET' | 'PUT',
  token: string | null,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const res = await call(url, method, CharacterApi.get.path, { token, body });
  return { status: res.status, body: res.json };
}

const guestToken = signInGuest;

describe.each(testDatabaseKinds())('the character look (%s)', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  let sessions: DemoSessions;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const accounts = await seedDemoCampus(database.db);
    server = await startTestApp(database);
    sessions = await signInDemoAccounts(server.url, accounts ?? []);
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  const token = (role: string) => sessions.tokens[role] ?? '';

  it('is the seed until the account saves one, then the saved look, kept in the database', async () => {
    const before = await api(server.url, 'GET', token('teacher'));
    expect(before).toEqual({
      status: 200,
      body: {
        look: null,
        code: lookSeed(sessions.ids.teacher ?? ''),
        unlocked: [],
        guest: false,
      },
    });
    const saved = await api(server.url, 'PUT', token('teacher'), { look });
    expect(saved).toEqual({
      status: 200,
      body: { look, code: encodeLook(look), unlocked: [], guest: false },
    });
    expect((await api(server.url, 'GET', token('teacher'))).body).toMatchObject({
      look,
      code: encodeLook(look),
    });
    const repo = new CharacterRepository(database.db);
    expect(await repo.code(sessions.ids.teacher ?? '')).toBe(encodeLook(look));
  });

  it('refuses bad looks with a 400 and writes nothing', async () => {
    const bad: unknown[] = [
      { look: { ...look, body: 6 } },
      { look: { ...look, skin: -1 } },
      { look: { ...look, top: 2.5 } },
      { look: { ...look, hairStyle: 'bald' } },
      { look: { ...look, special: 'pirate' } },
      { look: { ...look, extra: true } },
      { look: { body: 1 } },
      { look: encodeLook(look) },
      {},
      [],
    ];
    for (const body of bad) {
      const res = await api(server.url, 'PUT', token('admin'), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ status: false, code: ErrorCode.validation });
    }
    expect(await new CharacterRepository(database.db).code(sessions.ids.admin ?? '')).toBe(
      undefined,
    );
  });

  it('refuses a special look to an account without its avatar NFT, and writes nothing', async () => {
    for (const special of ['astronaut', 'robot', 'wizard'] as const) {
      const res = await api(server.url, 'PUT', token('member'), { look: { ...look, special } });
      const name = { astronaut: 'Astronaut', robot: 'Robot', wizard: 'Wizard' }[special];
      expect(res).toEqual({
        status: 403,
        body: expect.objectContaining({ message: CharacterText.lockedLook(name) }) as unknown,
      });
    }
    expect(await new CharacterRepository(database.db).code(sessions.ids.member ?? '')).toBe(
      undefined,
    );
  });

  it('refuses to save a guest look (403, the guest text) and a request without a token (401)', async () => {
    const guest = await guestToken(server.url);
    const res = await api(server.url, 'PUT', guest, { look });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: CharacterText.guestCannotSave });
    expect((await api(server.url, 'GET', guest)).body).toMatchObject({ look: null, guest: true });
    expect((await api(server.url, 'PUT', null, { look })).status).toBe(401);
    expect((await api(server.url, 'GET', null)).status).toBe(401);
  });

  it("shows the saved look in another visitor's view of the joiner, and a change live", async () => {
    const watcher = await openSocket(server.url, await guestToken(server.url));
    await ok(ask(watcher, 'world:join', { world: 'campus' }));
    const arrived = next(watcher, 'world:joined');
    const admin = await openSocket(server.url, token('admin'));
    const first: CharacterLook = { ...look, body: 5, top: 1 };
    await api(server.url, 'PUT', token('admin'), { look: first });
    // An account's own `look` in the join is ignored: it wears what it saved.
    const joined = await ok<{ self: AvatarState }>(
      ask(admin, 'world:join', { world: 'campus', look: encodeLook(look) }),
    );
    expect(decodeLook(joined.self.look)).toEqual(first);
    expect(decodeLook((await arrived).look)).toEqual(first);

    const changed = next(watcher, 'world:look', (l) => l.id === joined.self.id);
    const second: CharacterLook = { ...look, hairStyle: 0, skin: 7 };
    expect((await api(server.url, 'PUT', token('admin'), { look: second })).status).toBe(200);
    expect(await changed).toEqual({ id: joined.self.id, look: encodeLook(second) });
    // A newcomer is told the new look.
    const late = await openSocket(server.url, await guestToken(server.url));
    const { others } = await ok<{ others: AvatarState[] }>(
      ask(late, 'world:join', { world: 'campus' }),
    );
    expect(others.find((o) => o.id === joined.self.id)?.look).toBe(encodeLook(second));
  });

  it('lets a guest wear a chosen look for the visit, but no NFT look and no bad code', async () => {
    const guest = await openSocket(server.url, await guestToken(server.url));
    const code = encodeLook(look);
    const joined = await ok<{ self: AvatarState }>(
      ask(guest, 'world:join', { world: 'campus', look: code }),
    );
    expect(joined.self.look).toBe(code);
    expect(
      await ask(guest, 'world:join', {
        world: 'campus',
        look: encodeLook({ ...look, special: 'robot' }),
      }),
    ).toEqual({ status: false, message: CharacterText.guestNoSpecial });
    expect(await ask(guest, 'world:join', { world: 'campus', look: 0x80000007 })).toEqual({
      status: false,
      message: CharacterText.lookInvalid,
    });
    expect(await ask(guest, 'world:join', { world: 'campus', look: -1 })).toMatchObject({
      status: false,
    });
    // A change during the visit reaches the others at once; an NFT look is refused there too.
    const watcher = await openSocket(server.url, await guestToken(server.url));
    await ok(ask(watcher, 'world:join', { world: 'campus' }));
    const self = await ok<{ self: AvatarState }>(ask(guest, 'world:join', { world: 'campus' }));
    const other = encodeLook({ ...look, hairStyle: 0 });
    const heard = next(watcher, 'world:look', (l) => l.id === self.self.id);
    expect(await ask(guest, 'world:look', { look: other })).toEqual({
      status: true,
      data: { look: other },
    });
    expect(await heard).toEqual({ id: self.self.id, look: other });
    expect(
      await ask(guest, 'world:look', { look: encodeLook({ ...look, special: 'wizard' }) }),
    ).toEqual({ status: false, message: CharacterText.guestNoSpecial });
    // A new guest session wears its own seed again: nothing was kept.
    const newGuest = await openSocket(server.url, await guestToken(server.url));
    const fresh = await ok<{ self: AvatarState }>(ask(newGuest, 'world:join', { world: 'campus' }));
    expect(decodeLook(fresh.self.look)).toBeNull();
  });
});

describe('the character service with avatar NFTs', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('saves a special look for an account that owns its avatar, and tells the world', async () => {
    const accounts = await seedDemoCampus(database.db);
    const { db } = database;
    const member = accounts?.find((a) => a.role === 'member');
    const [row] = (await db.query.users.findMany()).filter((u) => u.username === member?.username);
    const userId = row?.id ?? '';
    const changes: Array<[string, number]> = [];
    const service = new CharacterService({
      repo: new CharacterRepository(db),
      // The wallet's answer: this account owns the Robot avatar (token 202).
      ownedAvatarIds: (id) => Promise.resolve(id === userId ? [202] : []),
      seed: lookSeed,
      lookChanged: (id, code) => void changes.push([id, code]),
    });
    const claims: AuthClaims = { sub: userId, role: 'member', username: 'm' };
    const robot = { ...look, special: 'robot' as const };
    const saved: CharacterLookResponse = await service.save(claims, robot);
    expect(saved).toMatchObject({ look: robot, unlocked: ['robot'] });
    expect(changes).toEqual([[userId, encodeLook(robot)]]);
    await expect(service.save(claims, { ...look, special: 'wizard' })).rejects.toThrow(
      CharacterText.lockedLook('Wizard'),
    );
    expect((await service.get(claims)).look).toEqual(robot);

    // In the world it wears the robot while it owns the avatar, and its own look once it does not.
    expect(await wornLook(new CharacterRepository(db), () => Promise.resolve([202]), userId)).toBe(
      encodeLook(robot),
    );
    expect(await wornLook(new CharacterRepository(db), () => Promise.resolve([]), userId)).toBe(
      encodeLook({ ...robot, special: null }),
    );
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect(await wornLook(new CharacterRepository(db), () => Promise.resolve([]), nobody)).toBe(
      undefined,
    );
  });
});

describe.runIf(canRunTwoProcesses)('a saved look across two server processes', () => {
  let two: TwoProcesses;
  let serverA: TestApp;
  let serverB: TestApp;
  let sessions: DemoSessions;

  beforeAll(async () => {
    two = await startTwoProcesses({ JWT_SECRET: 'character-cluster-test-secret-0123456789' });
    ({ a: serverA, b: serverB } = two);
    const accounts = await seedDemoCampus(two.database.db);
    sessions = await signInDemoAccounts(serverA.url, accounts ?? []);
  });
  afterAll(() => two.close());

  it('changes the avatar on one process when the look is saved through the other', async () => {
    const teacher = await openSocket(serverA.url, sessions.tokens.teacher ?? '');
    const joined = await ok<{ self: AvatarState }>(ask(teacher, 'world:join', { world: 'campus' }));
    const watcher = await openSocket(serverB.url, await guestToken(serverB.url));
    const { others } = await ok<{ others: AvatarState[] }>(
      ask(watcher, 'world:join', { world: 'campus' }),
    );
    expect(others.map((o) => o.id)).toContain(joined.self.id);
    const changed = next(watcher, 'world:look', (l) => l.id === joined.self.id);
    const res = await api(serverB.url, 'PUT', sessions.tokens.teacher ?? '', { look });
    expect(res.status).toBe(200);
    expect(await changed).toEqual({ id: joined.self.id, look: encodeLook(look) });
    // A newcomer on process B reads the new look from the shared instance.
    await new Promise((r) => setTimeout(r, 300));
    const late = await openSocket(serverB.url, await guestToken(serverB.url));
    const after = await ok<{ others: AvatarState[] }>(ask(late, 'world:join', { world: 'campus' }));
    expect(after.others.find((o) => o.id === joined.self.id)?.look).toBe(encodeLook(look));
  });
});

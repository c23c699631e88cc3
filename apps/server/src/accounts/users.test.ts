import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSeeded, seedDemoCampus } from '../db/seed.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/databases.ts';
import type { TestDatabase } from '../../test/databases.ts';
import { AppError } from '../http/errors.ts';
import { verifyPassword } from './password.ts';
import { UsersRepository } from './users.repository.ts';
import { UsersService, UsersText } from './users.service.ts';

describe.each(testDatabaseKinds())('accounts on %s', (kind) => {
  let database: TestDatabase;
  let service: UsersService;
  let repo: UsersRepository;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    repo = new UsersRepository(database.db);
    service = new UsersService(repo);
  });
  afterAll(() => database.dispose());

  it('creates an active account with an argon2id hash', async () => {
    const user = await service.createAccount({
      username: 'Alice',
      email: 'alice@school.example',
      password: 'correct horse battery',
      role: 'teacher',
    });
    expect(user).toMatchObject({ username: 'Alice', role: 'teacher', status: 1 });
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(user.passwordHash as string, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(user.passwordHash as string, 'wrong')).toBe(false);
  });

  it('refuses a username or email taken in another case, and writes nothing', async () => {
    const before = await repo.count();
    await expect(
      service.createAccount({
        username: 'alice',
        email: 'new@school.example',
        password: 'p4ssword!',
        role: 'member',
      }),
    ).rejects.toMatchObject({ statusCode: 409, message: UsersText.usernameTaken });
    await expect(
      service.createAccount({
        username: 'bob',
        email: 'ALICE@school.example',
        password: 'p4ssword!',
        role: 'member',
      }),
    ).rejects.toBeInstanceOf(AppError);
    expect(await repo.count()).toBe(before);
  });

  it('refuses bad input with a message and writes nothing', async () => {
    const before = await repo.count();
    await expect(
      service.createAccount({
        username: 'x',
        email: 'not-an-email',
        password: 'short',
        role: 'member',
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('Username') });
    expect(await repo.count()).toBe(before);
  });

  it('resolves a race on the unique index as a conflict', async () => {
    const attempt = () =>
      service.createAccount({
        username: 'racer',
        email: 'racer@school.example',
        password: 'p4ssword!',
        role: 'member',
      });
    const results = await Promise.allSettled([attempt(), attempt(), attempt()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect(r.reason).toMatchObject({ statusCode: 409 });
    }
  });

  it('changes a role and lists accounts', async () => {
    const updated = await service.setRole('ALICE', 'admin');
    expect(updated.role).toBe('admin');
    await expect(service.setRole('nobody', 'admin')).rejects.toMatchObject({ statusCode: 404 });
    const names = (await service.list()).map((u) => u.username);
    expect(names).toEqual(expect.arrayContaining(['Alice', 'racer']));
  });
});

describe.each(testDatabaseKinds())('demo seed on %s', (kind) => {
  it('creates three accounts once, with passwords that work', async () => {
    const database = await createTestDatabase(kind);
    try {
      expect(await isSeeded(database.db)).toBe(false);
      const [first, second] = await Promise.all([
        seedDemoCampus(database.db),
        seedDemoCampus(database.db),
      ]);
      const accounts = first ?? second;
      expect([first, second].filter(Boolean)).toHaveLength(1);
      expect(accounts?.map((a) => a.role)).toEqual(['admin', 'teacher', 'member']);
      const repo = new UsersRepository(database.db);
      for (const account of accounts ?? []) {
        const row = await repo.findByUsername(account.username);
        expect(row?.role).toBe(account.role);
        expect(await verifyPassword(row?.passwordHash as string, account.password)).toBe(true);
      }
      expect(await seedDemoCampus(database.db)).toBeUndefined();
      expect(await repo.count()).toBe(3);
    } finally {
      await database.dispose();
    }
  });
});

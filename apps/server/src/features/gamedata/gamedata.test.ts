import { AuthText, GameDataLimits, GameDataText } from '@atrium/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoCampus } from '../../db/seed.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { signInDemoAccounts } from '../../../test/demo-sessions.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { gameDataLimitKey } from './gamedata.service.ts';

const SET = '/apimember/game-data-set';
const GET = '/apimember/game-data-get';

describe.each(testDatabaseKinds())('game data on %s', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const accounts = (await seedDemoCampus(database.db)) ?? [];
    server = await startTestApp(database);
    const sessions = await signInDemoAccounts(server.url, accounts);
    Object.assign(tokens, sessions.tokens);
    Object.assign(ids, sessions.ids);
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });
  beforeEach(async () => {
    for (const id of Object.values(ids)) {
      await server.app.services.limiter.reset(gameDataLimitKey(id));
    }
  });

  const call = (path: string, body: unknown, role: string | null = 'member') =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(role ? { authorization: `Bearer ${tokens[role]}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const ok = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as { status: true; result: 'OK'; data?: string | null };
  };
  const expectFailure = async (res: Response, status: number, message: string) => {
    expect(res.status, await res.clone().text()).toBe(status);
    expect(await res.json()).toMatchObject({ status: false, message });
  };
  const read = async (key: string, role = 'member') =>
    (await ok(await call(GET, { userId: ids[role], key }, role))).data;

  it('sets and gets a value per user and key; a key never set reads as null', async () => {
    expect(
      await ok(await call(SET, { userId: ids.member, key: 'darts.best', value: '180' })),
    ).toEqual({ status: true, result: 'OK' });
    expect(await read('darts.best')).toBe('180');
    // Overwrites, trims the key, keeps the value as sent; numbers are kept as their text.
    await ok(await call(SET, { userId: ids.member, key: '  darts.best ', value: ' 501 ' }));
    expect(await read('darts.best')).toBe(' 501 ');
    await ok(await call(SET, { key: 'level', value: 3 }));
    expect(await read('level')).toBe('3');
    expect(await ok(await call(GET, { userId: ids.member, key: 'never-set' }))).toEqual({
      status: true,
      result: 'OK',
      data: null,
    });
    // A form body works as well as JSON.
    const form = await fetch(`${server.url}${SET}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens.member}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ userId: ids.member ?? '', key: 'form', value: 'yes' }),
    });
    await ok(form);
    expect(await read('form')).toBe('yes');
  });

  it('needs key and value to set, and key to get', async () => {
    await expectFailure(await call(SET, { value: 'x' }), 400, GameDataText.keyRequired);
    await expectFailure(await call(SET, { key: '  ', value: 'x' }), 400, GameDataText.keyRequired);
    await expectFailure(await call(SET, { key: 'k' }), 400, GameDataText.valueRequired);
    await expectFailure(await call(SET, { key: 'k', value: '' }), 400, GameDataText.valueRequired);
    await expectFailure(
      await call(SET, { key: 'k', value: null }),
      400,
      GameDataText.valueRequired,
    );
    await expectFailure(await call(GET, { userId: ids.member }), 400, GameDataText.keyRequired);
    await expectFailure(await call(GET, {}), 400, GameDataText.keyRequired);
    await expectFailure(
      await call(SET, { key: 'k'.repeat(GameDataLimits.maxKeyLength + 1), value: 'x' }),
      400,
      GameDataText.keyTooLong,
    );
    await expectFailure(
      await call(SET, { key: 'k', value: 'v'.repeat(GameDataLimits.maxValueLength + 1) }),
      400,
      GameDataText.valueTooLong,
    );
    expect(await read('k')).toBeNull();
  });

  it('refuses guests and anonymous callers, whatever the body', async () => {
    await expectFailure(
      await call(SET, { key: 'k', value: 'v' }, 'guest'),
      403,
      AuthText.registerRequired,
    );
    await expectFailure(await call(GET, { key: 'k' }, 'guest'), 403, AuthText.registerRequired);
    await expectFailure(await call(GET, {}, 'guest'), 403, AuthText.registerRequired);
    await expectFailure(await call(SET, { key: 'k', value: 'v' }, null), 401, AuthText.notSignedIn);
    await expectFailure(await call(GET, { key: 'k' }, null), 401, AuthText.notSignedIn);
  });

  it("keeps each user's data apart: another user's id is refused, never read or written", async () => {
    await ok(await call(SET, { key: 'secret', value: 'teacher-only' }, 'teacher'));
    await expectFailure(
      await call(GET, { userId: ids.teacher, key: 'secret' }),
      403,
      GameDataText.userIdMismatch,
    );
    await expectFailure(
      await call(SET, { userId: ids.teacher, key: 'secret', value: 'overwritten' }),
      403,
      GameDataText.userIdMismatch,
    );
    // The member's own key of the same name is their own.
    expect(await read('secret')).toBeNull();
    expect(await read('secret', 'teacher')).toBe('teacher-only');
    // The id is compared case-insensitively (a uuid), so the caller's own id in capitals works.
    await ok(await call(GET, { userId: ids.teacher?.toUpperCase(), key: 'secret' }, 'teacher'));
  });

  it('caps the keys per user; existing keys can still be changed', async () => {
    for (let i = 0; i < GameDataLimits.maxKeysPerUser; i += 1) {
      await ok(await call(SET, { key: `slot-${i}`, value: String(i) }, 'admin'));
      await server.app.services.limiter.reset(gameDataLimitKey(ids.admin ?? ''));
    }
    await expectFailure(
      await call(SET, { key: 'one-too-many', value: 'x' }, 'admin'),
      400,
      GameDataText.tooManyKeys,
    );
    await ok(await call(SET, { key: 'slot-0', value: 'changed' }, 'admin'));
    expect(await read('slot-0', 'admin')).toBe('changed');
    expect(await read('one-too-many', 'admin')).toBeNull();
  });
});

import { randomUUID } from 'node:crypto';
import { ErrorCode, SettingsAdminText, SettingsApi, WalletApi } from '@atrium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokens } from '../../security/access-tokens.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  call,
  clusterUrls,
  createPerson,
  JWT_SECRET,
  startTwoProcesses,
  type TwoProcesses,
} from '../../../test/people.ts';

const tokens = new AccessTokens(JWT_SECRET);
const adminToken = () => tokens.sign({ sub: randomUUID(), username: 'head', role: 'admin' });

const audienceAt = async (url: string) =>
  (
    (await call(url, WalletApi.config.method, WalletApi.config.path)).json.data as {
      audience: string;
    }
  ).audience;

describe("the wallet's audience setting (issue 27)", () => {
  let database: TestDatabase;
  let server: TestApp;
  const read = (token?: string) =>
    call(server.url, SettingsApi.wallet.method, SettingsApi.wallet.path, { token: token ?? null });
  const write = (body: unknown, token?: string) =>
    call(server.url, SettingsApi.updateWallet.method, SettingsApi.updateWallet.path, {
      body,
      token: token ?? null,
    });

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    server = await startTestApp(database, { JWT_SECRET });
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  it('is school by default, and the wallet config says so to everyone', async () => {
    const admin = await adminToken();
    expect(await read(admin)).toMatchObject({
      status: 200,
      json: { status: true, data: { audience: 'school' } },
    });
    expect(await audienceAt(server.url)).toBe('school');
  });

  it('only an admin reads or changes it; a member gets 403, a stranger 401', async () => {
    const member = await createPerson(database.db, 'pupil');
    expect(await write({ audience: 'public' }, member.token)).toMatchObject({
      status: 403,
      json: { status: false, message: SettingsAdminText.onlyAdmins },
    });
    expect((await read(member.token)).status).toBe(403);
    expect((await write({ audience: 'public' })).status).toBe(401);
    expect((await read()).status).toBe(401);
    expect(await audienceAt(server.url)).toBe('school');
  });

  it('refuses a bad value with 400 and changes nothing', async () => {
    const admin = await adminToken();
    for (const bad of [
      { audience: 'everyone' },
      { audience: 1 },
      { audience: null },
      {},
      { audience: 'public', extra: true },
    ]) {
      const res = await write(bad, admin);
      expect(res, JSON.stringify(bad)).toMatchObject({
        status: 400,
        json: { status: false, code: ErrorCode.validation },
      });
    }
    expect((await write({ audience: 'everyone' }, admin)).json.message).toContain(
      'The wallet audience must be school or public.',
    );
    expect(await audienceAt(server.url)).toBe('school');
  });

  it('an admin switches it to public and back; it stays private to the public settings', async () => {
    const admin = await adminToken();
    expect(await write({ audience: 'public' }, admin)).toMatchObject({
      status: 200,
      json: { status: true, data: { audience: 'public' } },
    });
    expect((await read(admin)).json.data).toEqual({ audience: 'public' });
    expect(await audienceAt(server.url)).toBe('public');
    const key = 'wallet.audience';
    const publicRead = await call(
      server.url,
      SettingsApi.customSetting.method,
      `${SettingsApi.customSetting.path}?key=${key}`,
    );
    expect(publicRead.status).toBe(404);
    expect((await write({ audience: 'school' }, admin)).json.data).toEqual({ audience: 'school' });
    expect(await audienceAt(server.url)).toBe('school');
  });
});

// Two servers on one PostgreSQL: a change made at one is the other's at once (no cache).
describe.runIf(clusterUrls.postgres)("the wallet's audience across two server processes", () => {
  let two: TwoProcesses;
  beforeAll(async () => {
    two = await startTwoProcesses({}, { redis: false });
  });
  afterAll(() => two.close());

  it('is changed at A and read at B', async () => {
    const admin = await adminToken();
    expect(await audienceAt(two.b.url)).toBe('school');
    const changed = await call(
      two.a.url,
      SettingsApi.updateWallet.method,
      SettingsApi.updateWallet.path,
      {
        body: { audience: 'public' },
        token: admin,
      },
    );
    expect(changed.status).toBe(200);
    expect(await audienceAt(two.b.url)).toBe('public');
  });
});

import { randomUUID } from 'node:crypto';
import { RoomApi, SettingsAdminText } from '@atrium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { AccessTokens } from '../../security/access-tokens.ts';
import { popupAllowed } from '../../settings/popup-allowlist.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { call as jsonCall } from '../../../test/people.ts';

const JWT_SECRET = 'room-http-test-secret-0123456789abcdef';

describe('the pop-up allowlist setting', () => {
  let database: TestDatabase;
  let server: TestApp;
  const tokens = new AccessTokens(JWT_SECRET);

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    server = await startTestApp(database, { JWT_SECRET });
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  async function call(role: AuthClaims['role'], method: 'GET' | 'PUT', body?: unknown) {
    const token = await tokens.sign({ sub: randomUUID(), username: role, role });
    const res = await jsonCall(server.url, method, RoomApi.popupAllowlist.path, { token, body });
    return { status: res.status, body: res.json as Record<string, unknown> };
  }

  it('is empty by default, set and read by admins only, and checked', async () => {
    expect((await call('admin', 'GET')).body).toEqual({ status: true, data: { origins: [] } });
    for (const role of ['teacher', 'member'] as const) {
      const refused = await call(role, 'PUT', { origins: ['https://evil.test'] });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(SettingsAdminText.onlyAdmins);
    }
    for (const origins of [['javascript:alert(1)'], ['https://example.org/path'], 'x']) {
      expect((await call('admin', 'PUT', { origins })).status).toBe(400);
    }
    const origins = ['https://example.org', 'https://*.wikipedia.org'];
    expect((await call('admin', 'PUT', { origins })).body).toEqual({
      status: true,
      data: { origins },
    });
    expect((await call('admin', 'GET')).body).toEqual({ status: true, data: { origins } });
    expect((await call('teacher', 'GET')).status).toBe(403);
  });
});

describe('popupAllowed', () => {
  const own = ['https://campus.school.test'];
  const entries = ['https://example.org', 'http://intranet.test:8080', 'https://*.wikipedia.org'];
  it.each([
    ['https://campus.school.test/any/page', true],
    ['https://example.org/a?b=c', true],
    ['https://EXAMPLE.org/', true],
    ['http://example.org/', false],
    ['https://example.org:8443/', false],
    ['https://sub.example.org/', false],
    ['http://intranet.test:8080/x', true],
    ['http://intranet.test/x', false],
    ['https://en.wikipedia.org/wiki/A', true],
    ['https://wikipedia.org/', false],
    ['https://wikipedia.org.evil.test/', false],
    ['https://evilwikipedia.org/', false],
  ])('%s → %s', (url, allowed) => {
    expect(popupAllowed(new URL(url), own, entries)).toBe(allowed);
  });
});

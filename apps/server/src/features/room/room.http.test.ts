import { randomUUID } from 'node:crypto';
import { POPUP_ALLOWLIST_DEFAULT, RoomApi, RoomText, SettingsAdminText } from '@atrium/protocol';
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

  /** The `frame-src` of a page's Content-Security-Policy: what the pages may frame. */
  async function frameSrc(): Promise<string | undefined> {
    const res = await fetch(`${server.url}/events`, { headers: { accept: 'text/html' } });
    const csp = res.headers.get('content-security-policy') ?? '';
    return csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('frame-src '));
  }

  it('holds a few education sites by default, which pages may frame', async () => {
    expect(POPUP_ALLOWLIST_DEFAULT.length).toBeGreaterThan(0);
    const answer = { status: true, data: { origins: [...POPUP_ALLOWLIST_DEFAULT] } };
    expect((await call('admin', 'GET')).body).toEqual(answer);
    // Teachers read it (their push prompt lists it); members do not.
    expect((await call('teacher', 'GET')).body).toEqual(answer);
    const member = await call('member', 'GET');
    expect(member.status).toBe(403);
    expect(member.body.message).toBe(RoomText.hostOnly);
    expect(await frameSrc()).toBe(
      `frame-src 'self' https://www.youtube-nocookie.com ${POPUP_ALLOWLIST_DEFAULT.join(' ')}`,
    );
  });

  it('is set by admins only, checked, and followed by what pages may frame', async () => {
    for (const role of ['teacher', 'member'] as const) {
      const refused = await call(role, 'PUT', { origins: ['https://evil.test'] });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(SettingsAdminText.onlyAdmins);
    }
    for (const origins of [['javascript:alert(1)'], ['https://example.org/path'], 'x']) {
      expect((await call('admin', 'PUT', { origins })).status).toBe(400);
    }
    expect((await call('admin', 'GET')).body).toEqual({
      status: true,
      data: { origins: [...POPUP_ALLOWLIST_DEFAULT] },
    });
    const origins = ['https://example.org', 'https://*.wikipedia.org'];
    expect((await call('admin', 'PUT', { origins })).body).toEqual({
      status: true,
      data: { origins },
    });
    expect((await call('admin', 'GET')).body).toEqual({ status: true, data: { origins } });
    expect(await frameSrc()).toBe(
      "frame-src 'self' https://www.youtube-nocookie.com https://example.org https://*.wikipedia.org",
    );
    // An admin may remove every site: then pages frame only their own and the video host.
    expect((await call('admin', 'PUT', { origins: [] })).body).toEqual({
      status: true,
      data: { origins: [] },
    });
    expect(await frameSrc()).toBe("frame-src 'self' https://www.youtube-nocookie.com");
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

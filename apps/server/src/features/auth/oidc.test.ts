import { ACCESS_POLICY_DEFAULTS, AdminText, adminText, AuthText } from '@atrium/protocol';
import { eq } from 'drizzle-orm';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { browseSignIn, startOidcProvider } from '../../../test/oidc-provider.ts';
import type { TestOidcProvider } from '../../../test/oidc-provider.ts';
import { freePort, startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { UsersRepository } from '../../accounts/users.repository.ts';
import { UsersService } from '../../accounts/users.service.ts';
import { users } from '../../db/schema.ts';
import { writeAccessPolicy } from '../../settings/access-policy.ts';
import { REFRESH_COOKIE } from './session-cookie.ts';

const TOOL_REDIRECT = 'http://127.0.0.1:1/token-tool';

describe('sign-in through an OpenID Connect provider', () => {
  let database: TestDatabase;
  let idp: TestOidcProvider;
  let server: TestApp;
  let appUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    idp = await startOidcProvider([
      {
        client_id: 'atrium',
        client_secret: 'atrium-secret',
        redirect_uris: [`${appUrl}/api/auth/oidc/school/callback`],
      },
      // A second client stands for the web page that obtains Google or Facebook tokens itself.
      { client_id: 'web-tool', client_secret: 'web-tool-secret', redirect_uris: [TOOL_REDIRECT] },
    ]);
    const provider = (id: string, clientId: string, secret: string) => ({
      id,
      name: id,
      issuer: idp.issuer,
      clientId,
      clientSecret: secret,
    });
    database = await createTestDatabase('pglite');
    server = await startTestApp(database, {
      PORT: String(port),
      PUBLIC_URL: appUrl,
      OIDC_PROVIDERS: JSON.stringify([
        { ...provider('school', 'atrium', 'atrium-secret'), name: 'Springfield School' },
        provider('google', 'web-tool', 'web-tool-secret'),
        provider('facebook', 'web-tool', 'web-tool-secret'),
      ]),
    });
    await new UsersService(new UsersRepository(database.db)).createAccount({
      username: 'existing',
      email: 'existing@school.test',
      password: 'a long password here',
      role: 'teacher',
    });
  });
  afterAll(async () => {
    await server.close();
    await idp.close();
    await database.dispose();
  });

  /** Signs in through the app's code flow and returns the final redirect and the refresh cookie. */
  async function signIn(accountId: string) {
    const jar = new Map<string, Map<string, string>>();
    const final = await browseSignIn(
      `${appUrl}/api/auth/oidc/school/start`,
      accountId,
      (u) => u.origin === appUrl && u.pathname === '/',
      jar,
    );
    return { final, refresh: jar.get(appUrl)?.get(REFRESH_COOKIE) };
  }

  async function whoami(refresh: string | undefined) {
    const session = await fetch(`${appUrl}/api/auth/refresh-token`, {
      method: 'POST',
      headers: { cookie: `${REFRESH_COOKIE}=${refresh}` },
    });
    expect(session.status).toBe(200);
    const { token } = (await session.json()) as { token: string };
    const who = await fetch(`${appUrl}/api/user/whoami`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return (
      (await who.json()) as { data: { _id: string; username: string; email: string; role: string } }
    ).data;
  }

  it('lists the configured providers for the login buttons', async () => {
    const res = await fetch(`${appUrl}/api/auth/providers`);
    expect(await res.json()).toEqual({
      status: true,
      data: [
        { id: 'school', name: 'Springfield School' },
        { id: 'google', name: 'google' },
        { id: 'facebook', name: 'facebook' },
      ],
    });
  });

  it('creates an account on first sign-in and finds it again on the next', async () => {
    idp.accounts.set('s-100', {
      sub: 's-100',
      email: 'lin@school.test',
      email_verified: true,
      preferred_username: 'lin.w',
    });
    const first = await signIn('s-100');
    expect(first.final.search).toBe('?signin=ok');
    const user = await whoami(first.refresh);
    expect(user).toMatchObject({ username: 'lin.w', email: 'lin@school.test', role: 'member' });
    const second = await signIn('s-100');
    expect((await whoami(second.refresh))._id).toBe(user._id);
  });

  it('links to an existing account through a verified email', async () => {
    idp.accounts.set('s-200', {
      sub: 's-200',
      email: 'EXISTING@school.test',
      email_verified: true,
    });
    const { refresh } = await signIn('s-200');
    expect(await whoami(refresh)).toMatchObject({ username: 'existing', role: 'teacher' });
  });

  it('never links through an unverified email', async () => {
    idp.accounts.set('s-300', {
      sub: 's-300',
      email: 'existing@school.test',
      email_verified: false,
      name: 'Mallory',
    });
    const { refresh } = await signIn('s-300');
    const user = await whoami(refresh);
    expect(user.username).toBe('Mallory');
    expect(user.email).toMatch(/@oidc\.invalid$/);
    expect(user.role).toBe('member');
  });

  it('returns to the home page with an error when the state does not match', async () => {
    const res = await fetch(`${appUrl}/api/auth/oidc/school/callback?code=abc&state=forged`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?signin=error');
  });

  it('answers an unknown provider with 404', async () => {
    const res = await fetch(`${appUrl}/api/auth/oidc/nope/start`, { redirect: 'manual' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: false, message: AuthText.providerUnknown });
  });

  /** What a web page that signs in with Google or Facebook itself would hold: provider tokens. */
  async function providerTokens(accountId: string) {
    const config = await client.discovery(
      new URL(idp.issuer),
      'web-tool',
      'web-tool-secret',
      undefined,
      {
        execute: [client.allowInsecureRequests],
      },
    );
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: TOOL_REDIRECT,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    const callback = await browseSignIn(url.toString(), accountId, (u) =>
      u.toString().startsWith(TOOL_REDIRECT),
    );
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    return { idToken: tokens.id_token as string, accessToken: tokens.access_token };
  }

  it('signs in with a Google ID token and a Facebook access token, as the spec posts them', async () => {
    idp.accounts.set('g-1', {
      sub: 'g-1',
      email: 'gia@school.test',
      email_verified: true,
      name: 'Gia',
    });
    const { idToken, accessToken } = await providerTokens('g-1');

    const google = await fetch(`${appUrl}/api/auth/google`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(google.status).toBe(200);
    const googleBody = (await google.json()) as {
      status: boolean;
      token: string;
      data: { username: string; _id: string };
    };
    expect(googleBody).toMatchObject({ status: true, data: { username: 'Gia' } });

    const facebook = await fetch(`${appUrl}/api/auth/facebook`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'facebook' }),
    });
    expect(facebook.status).toBe(200);
    // The same verified email links the Facebook identity to the account Google created.
    expect(((await facebook.json()) as { data: { _id: string } }).data._id).toBe(
      googleBody.data._id,
    );
  });

  it('refuses forged or missing provider tokens', async () => {
    const forged = await fetch(`${appUrl}/api/auth/google`, {
      method: 'POST',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x' },
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ status: false, message: AuthText.providerFailed });
    const missing = await fetch(`${appUrl}/api/auth/facebook`, { method: 'POST' });
    expect(missing.status).toBe(401);
  });

  it("holds the admin's sign-up policy for a provider's first sign-in, and lets linked accounts in (issue 29)", async () => {
    const accountsNamed = (email: string) =>
      database.db.select().from(users).where(eq(users.email, email));
    try {
      await writeAccessPolicy(database.db, { self_registration: false });
      idp.accounts.set('p-1', { sub: 'p-1', email: 'new@school.test', email_verified: true });
      expect((await signIn('p-1')).final.search).toBe('?signin=closed');
      expect(await accountsNamed('new@school.test')).toEqual([]);
      // Someone whose account exists signs in as before.
      expect((await signIn('s-100')).final.search).toBe('?signin=ok');
      // The token routes answer the form's text.
      idp.accounts.set('p-2', { sub: 'p-2', email: 'tok@school.test', email_verified: true });
      const { idToken } = await providerTokens('p-2');
      const google = await fetch(`${appUrl}/api/auth/google`, {
        method: 'POST',
        headers: { authorization: `Bearer ${idToken}` },
      });
      expect(google.status).toBe(403);
      expect(await google.json()).toMatchObject({ message: AdminText.registrationClosed });

      // Open, for one domain: a verified address there gets in; another, or an unverified one
      // at that domain, does not.
      await writeAccessPolicy(database.db, {
        self_registration: true,
        email_domains: ['school.test'],
      });
      idp.accounts.set('p-3', { sub: 'p-3', email: 'out@elsewhere.test', email_verified: true });
      expect((await signIn('p-3')).final.search).toBe('?signin=domain');
      idp.accounts.set('p-4', { sub: 'p-4', email: 'fake@school.test', email_verified: false });
      expect((await signIn('p-4')).final.search).toBe('?signin=domain');
      const refused = await fetch(`${appUrl}/api/auth/google`, {
        method: 'POST',
        headers: { authorization: `Bearer ${(await providerTokens('p-3')).idToken}` },
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        message: adminText(AdminText.registrationDomain, { domains: 'school.test' }),
      });
      expect(await accountsNamed('out@elsewhere.test')).toEqual([]);
      expect((await signIn('p-1')).final.search).toBe('?signin=ok');
      expect(await accountsNamed('new@school.test')).toHaveLength(1);
    } finally {
      await writeAccessPolicy(database.db, ACCESS_POLICY_DEFAULTS);
    }
  });
});

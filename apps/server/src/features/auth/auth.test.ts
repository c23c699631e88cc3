import { AuthText, ErrorCode } from '@atrium/protocol';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PUBLIC_URL, useAccountsApi } from '../../../test/accounts-api.ts';
import { testDatabaseKinds } from '../../../test/databases.ts';
import { linkIn } from '../../../test/smtp.ts';
import { UsersRepository } from '../../accounts/users.repository.ts';
import { AuthLimits } from './auth.service.ts';

describe.each(testDatabaseKinds())('accounts API on %s', (kind) => {
  const { env, call, register, userCount } = useAccountsApi(kind);

  it('registers, mails the activation link, activates once, logs in, refreshes and logs out', async () => {
    const reg = await register('nadia', { first_name: 'Nadia' });
    expect(reg).toMatchObject({
      status: 200,
      json: { status: true, message: AuthText.registered },
    });

    const mail = await env.smtp.next('nadia@school.test');
    const link = linkIn(mail);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/metaverse/index.html');
    const token = link.searchParams.get('token') ?? '';
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const early = await call('POST', '/api/auth', {
      username: 'nadia',
      password: 'violet tulip river',
    });
    expect(early).toMatchObject({ status: 401, json: { message: AuthText.accountNotActivated } });

    const activated = await call('POST', '/api/auth/activate', { token });
    expect(activated).toMatchObject({
      status: 200,
      json: { status: true, result: 'OK', already_active: false, message: AuthText.activated },
    });

    const login = await call('POST', '/api/auth', {
      username: 'NADIA@school.test',
      password: 'violet tulip river',
    });
    expect(login.status).toBe(200);
    expect(login.json).toMatchObject({
      status: true,
      data: { username: 'nadia', role: 'member', role_label: 'Member', logged: true },
    });
    expect(login.cookie).toBeDefined();

    const who = await call('GET', '/api/user/whoami', undefined, {
      authorization: `Bearer ${login.json.token}`,
    });
    expect(who.json.data).toEqual({
      is_superadmin: false,
      is_teacher: false,
      _id: login.json.data?._id,
      username: 'nadia',
      email: 'nadia@school.test',
      status: 1,
      first_name: 'Nadia',
      last_name: '',
      phone_number: '',
      profile_picture: '',
      description: '',
      last_login: expect.any(String),
      role: 'member',
      role_label: 'Member',
    });

    const refreshed = await call('POST', '/api/auth/refresh-token', undefined, {
      cookie: login.cookie as string,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.token).toEqual(expect.any(String));
    expect(refreshed.cookie).toBeDefined();
    expect(refreshed.cookie).not.toBe(login.cookie);

    const logout = await call('POST', '/api/auth/logout', undefined, {
      cookie: refreshed.cookie as string,
    });
    expect(logout.status).toBe(200);
    const afterLogout = await call('POST', '/api/auth/refresh-token', undefined, {
      cookie: refreshed.cookie as string,
    });
    expect(afterLogout).toMatchObject({ status: 401, json: { message: AuthText.sessionExpired } });
  });

  it('revokes the whole family when a rotated refresh token is presented again', async () => {
    const login = await call('POST', '/api/auth', {
      username: 'headteacher',
      password: 'a long admin password',
    });
    const first = login.cookie as string;
    const second = (await call('POST', '/api/auth/refresh-token', undefined, { cookie: first }))
      .cookie as string;
    // Presented again past the leeway for a lost answer: a replay.
    await env.database.db.execute(
      sql`update refresh_tokens set used_at = used_at - ${`${AuthLimits.refreshReuseGraceMs + 1000} milliseconds`}::interval where used_at is not null`,
    );
    const reuse = await call('POST', '/api/auth/refresh-token', undefined, { cookie: first });
    expect(reuse).toMatchObject({ status: 401, json: { message: AuthText.sessionExpired } });
    const victim = await call('POST', '/api/auth/refresh-token', undefined, { cookie: second });
    expect(victim.status).toBe(401);
  });

  it('answers a rotated refresh token again for a moment, as when a navigation lost the answer', async () => {
    const login = await call('POST', '/api/auth', {
      username: 'headteacher',
      password: 'a long admin password',
    });
    const first = login.cookie as string;
    // The page navigated away: the browser never stored this answer's cookie.
    const lost = await call('POST', '/api/auth/refresh-token', undefined, { cookie: first });
    expect(lost.status).toBe(200);
    const next = await call('POST', '/api/auth/refresh-token', undefined, { cookie: first });
    expect(next.status).toBe(200);
    expect(next.json.token).toEqual(expect.any(String));
    expect(next.cookie).not.toBe(lost.cookie);
    // The session goes on from the new page's cookie; the family was not revoked.
    const later = await call('POST', '/api/auth/refresh-token', undefined, {
      cookie: next.cookie as string,
    });
    expect(later.status).toBe(200);
    // A logout ends the family: the leeway does not bring it back.
    await call('POST', '/api/auth/logout', undefined, { cookie: later.cookie as string });
    const afterLogout = await call('POST', '/api/auth/refresh-token', undefined, {
      cookie: later.cookie as string,
    });
    expect(afterLogout.status).toBe(401);
    const replayAfterLogout = await call('POST', '/api/auth/refresh-token', undefined, {
      cookie: next.cookie as string,
    });
    expect(replayAfterLogout.status).toBe(401);
  });

  it('refuses an expired refresh token and a refresh without a cookie', async () => {
    const login = await call('POST', '/api/auth', {
      username: 'headteacher',
      password: 'a long admin password',
    });
    await env.database.db.execute(
      sql`update refresh_tokens set expires_at = now() - interval '1 second' where used_at is null and revoked_at is null`,
    );
    expect(
      (await call('POST', '/api/auth/refresh-token', undefined, { cookie: login.cookie as string }))
        .status,
    ).toBe(401);
    expect((await call('POST', '/api/auth/refresh-token')).status).toBe(401);
  });

  it.each([
    [
      'a password mismatch',
      { repeat_password: 'something else entirely' },
      AuthText.passwordMismatch,
    ],
    [
      'a common password',
      { password: 'Superman', repeat_password: 'Superman' },
      AuthText.commonPassword,
    ],
    [
      'a short password',
      { password: 'short', repeat_password: 'short' },
      AuthText.passwordTooShort,
    ],
    ['an unknown field', { is_admin: true }, 'is_admin'],
    ['a bad email', { email: 'not-an-email' }, 'Email is not valid.'],
  ])('refuses %s with 400 and writes nothing', async (_label, extra, message) => {
    const before = await userCount();
    const res = await register('zed', extra);
    expect(res.status).toBe(400);
    expect(res.json.status).toBe(false);
    expect(res.json.message).toContain(message);
    expect(await userCount()).toBe(before);
  });

  it('never mails a link to a foreign activation_url host', async () => {
    const res = await register('farah', {
      activation_url: 'https://evil.example/metaverse/index.html',
    });
    expect(res.status).toBe(200);
    const link = linkIn(await env.smtp.next('farah@school.test'));
    expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/metaverse/index.html`);
  });

  it('answers a second click on an activation link with "already active"', async () => {
    await register('kenji');
    const token = linkIn(await env.smtp.next('kenji@school.test')).searchParams.get('token') ?? '';
    const first = await call('POST', '/api/auth/activate', { token });
    expect(first.json).toMatchObject({ already_active: false, message: AuthText.activated });
    const again = await call('POST', '/api/auth/activate', { token });
    expect(again).toEqual({
      status: 200,
      json: { status: true, result: 'OK', already_active: true, message: AuthText.alreadyActive },
      cookie: undefined,
    });
    const login = await call('POST', '/api/auth', {
      username: 'kenji',
      password: 'violet tulip river',
    });
    expect(login.status).toBe(200);
  });

  it('tells nothing about unknown, expired or disabled-account activation tokens', async () => {
    const unknown = await call('POST', '/api/auth/activate', { token: 'no-such-token' });
    expect(unknown).toMatchObject({
      status: 400,
      json: { status: false, code: ErrorCode.validation, message: AuthText.invalidToken },
    });

    await register('lotte');
    const expiredToken =
      linkIn(await env.smtp.next('lotte@school.test')).searchParams.get('token') ?? '';
    await env.database.db.execute(
      sql`update user_tokens set expires_at = now() - interval '1 second'
          where user_id = (select id from users where username = 'lotte')`,
    );
    const expired = await call('POST', '/api/auth/activate', { token: expiredToken });
    expect(expired).toMatchObject({ status: 400, json: { message: AuthText.invalidToken } });
    const lotte = await new UsersRepository(env.database.db).findByUsername('lotte');
    expect(lotte?.status).toBe(0);

    // A used link of an account that was disabled afterwards must not say "already active".
    await register('maren');
    const usedToken =
      linkIn(await env.smtp.next('maren@school.test')).searchParams.get('token') ?? '';
    expect((await call('POST', '/api/auth/activate', { token: usedToken })).status).toBe(200);
    await env.database.db.execute(sql`update users set status = 2 where username = 'maren'`);
    const disabled = await call('POST', '/api/auth/activate', { token: usedToken });
    expect(disabled).toMatchObject({ status: 400, json: { message: AuthText.invalidToken } });
    expect(unknown.json).toEqual(disabled.json);
  });

  it('says the email is registered when the username is left blank', async () => {
    const form = {
      username: '',
      password: 'violet tulip river',
      repeat_password: 'violet tulip river',
    };
    const first = await call('POST', '/api/auth/register', { ...form, email: 'blank@school.test' });
    expect(first.status).toBe(200);
    const before = await userCount();
    // The first account's username is its email; a blank username must not read as "taken".
    const again = await call('POST', '/api/auth/register', { ...form, email: 'Blank@school.test' });
    expect(again).toMatchObject({
      status: 409,
      json: { status: false, code: ErrorCode.conflict, message: AuthText.emailTaken },
    });
    const named = await call('POST', '/api/auth/register', { ...form, email: 'head@school.test' });
    expect(named.json.message).toBe(AuthText.emailTaken);
    expect(await userCount()).toBe(before);
  });

  it('uses the email as the username when none is given', async () => {
    const res = await call('POST', '/api/auth/register', {
      username: '',
      email: 'Mailonly@school.test',
      password: 'violet tulip river',
      repeat_password: 'violet tulip river',
    });
    expect(res.status).toBe(200);
    const user = await new UsersRepository(env.database.db).findByUsername('mailonly@school.test');
    expect(user).toMatchObject({
      username: 'Mailonly@school.test',
      email: 'Mailonly@school.test',
      status: 0,
    });
  });

  it('uses an allowed client activation_url and refuses taken names', async () => {
    const ok = await register('omar', {
      activation_url: 'http://partner.test/metaverse/index.html?x=1',
    });
    expect(ok.status).toBe(200);
    const link = linkIn(await env.smtp.next('omar@school.test'));
    expect(link.origin).toBe('http://partner.test');
    expect([...link.searchParams.keys()]).toEqual(['token']);
    const before = await userCount();
    expect((await register('OMAR', { email: 'other@school.test' })).json.message).toBe(
      AuthText.usernameTaken,
    );
    expect((await register('omar2', { email: 'Omar@school.test' })).json.message).toBe(
      AuthText.emailTaken,
    );
    expect(await userCount()).toBe(before);
  });

  it('answers forgot-password alike for known and unknown emails, then resets once', async () => {
    const known = await call('POST', '/api/auth/forgot-password', { email: 'head@school.test' });
    const unknown = await call('POST', '/api/auth/forgot-password', { email: 'ghost@school.test' });
    expect(known).toEqual(unknown);
    expect(known.json).toEqual({ status: true, message: AuthText.forgotSent });

    const link = linkIn(await env.smtp.next('head@school.test'));
    expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/metaverse/forgot.html`);
    await env.server.app.authService.flush();
    expect(env.smtp.mails.some((m) => m.to.includes('ghost@school.test'))).toBe(false);

    const token = link.searchParams.get('token') ?? '';
    const mismatch = await call('POST', '/api/auth/recover-password', {
      token,
      new_password: 'brand new secret',
      repeat_new_password: 'other',
    });
    expect(mismatch).toMatchObject({ status: 400, json: { message: AuthText.passwordMismatch } });

    const reset = await call('POST', '/api/auth/recover-password', {
      token,
      new_password: 'brand new secret',
      repeat_new_password: 'brand new secret',
    });
    expect(reset).toMatchObject({ status: 200, json: { message: AuthText.recovered } });
    const reused = await call('POST', '/api/auth/recover-password', {
      token,
      new_password: 'another new secret',
      repeat_new_password: 'another new secret',
    });
    expect(reused).toMatchObject({ status: 400, json: { message: AuthText.invalidToken } });

    expect(
      (
        await call('POST', '/api/auth', {
          username: 'headteacher',
          password: 'a long admin password',
        })
      ).status,
    ).toBe(401);
    expect(
      (await call('POST', '/api/auth', { username: 'headteacher', password: 'brand new secret' }))
        .status,
    ).toBe(200);
  });

  it('takes about as long for known and unknown emails', async () => {
    const time = async (email: string) => {
      const started = performance.now();
      await call(
        'POST',
        '/api/auth/forgot-password',
        { email },
        { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}` },
      );
      return performance.now() - started;
    };
    // The lower quartile: work a known address does before answering shows in every sample, while
    // a stall of a loaded machine (the e2e browsers beside this test) hits only some of them.
    const quartile = (xs: number[]) =>
      [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 4)] as number;
    const known: number[] = [];
    const unknown: number[] = [];
    // Each request is timed on a quiet server: the mail work a known address starts after the
    // answer is flushed first, or on a loaded machine it lands in the next request's time.
    for (let i = 0; i < 12; i += 1) {
      await env.server.app.authService.flush();
      known.push(await time('head@school.test'));
      await env.server.app.authService.flush();
      unknown.push(await time(`ghost${i}@school.test`));
    }
    await env.server.app.authService.flush();
    // Both answer before any lookup or mail work; neither should be several times the other.
    const ratio = quartile(known) / quartile(unknown);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });

  it('refuses an expired recovery token and never mails a link to a foreign recovery_url', async () => {
    await call('POST', '/api/auth/forgot-password', { email: 'nadia@school.test' });
    const token = linkIn(await env.smtp.next('nadia@school.test')).searchParams.get('token') ?? '';
    // The mail leaves inside the token's transaction; wait for the commit before ageing it.
    await env.server.app.authService.flush();
    await env.database.db.execute(
      sql`update user_tokens set expires_at = now() - interval '1 second' where kind = 'recovery'`,
    );
    const expired = await call('POST', '/api/auth/recover-password', {
      token,
      new_password: 'brand new secret',
      repeat_new_password: 'brand new secret',
    });
    expect(expired).toMatchObject({ status: 400, json: { message: AuthText.invalidToken } });

    const foreign = await call('POST', '/api/auth/forgot-password', {
      email: 'nadia@school.test',
      recovery_url: 'https://evil.example/reset',
    });
    expect(foreign).toMatchObject({ status: 200, json: { message: AuthText.forgotSent } });
    const link = linkIn(await env.smtp.next('nadia@school.test'));
    expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/metaverse/forgot.html`);
  });

  it('accepts the spec form encoding for forgot-password', async () => {
    const res = await fetch(`${env.server.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': '203.0.113.9',
      },
      body: 'email=nobody%40school.test',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true, message: AuthText.forgotSent });
  });

  it('lets a guest in but refuses account features', async () => {
    const guest = await call('POST', '/api/auth/guest');
    expect(guest.json).toMatchObject({ status: true, data: { role: 'guest', is_guest: true } });
    // A guest has never been here: greeted as a newcomer, not with "Welcome back!".
    expect(guest.json.message).toBe(AuthText.guestWelcome);
    expect(AuthText.guestWelcome).not.toBe(AuthText.loggedIn);
    expect(guest.cookie).toBeUndefined();
    const auth = { authorization: `Bearer ${guest.json.token}` };
    const who = await call('GET', '/api/user/whoami', undefined, auth);
    expect(who).toMatchObject({ status: 403, json: { message: AuthText.registerRequired } });
    const patch = await call(
      'PATCH',
      `/api/user/${crypto.randomUUID()}`,
      { username: 'sneaky' },
      auth,
    );
    expect(patch.status).toBe(403);
  });

  it('lets users change only themselves, and admins anyone', async () => {
    const nadia = await call('POST', '/api/auth', {
      username: 'nadia',
      password: 'violet tulip river',
    });
    const admin = await call('POST', '/api/auth', {
      username: 'headteacher',
      password: 'brand new secret',
    });
    const asNadia = { authorization: `Bearer ${nadia.json.token}` };
    const asAdmin = { authorization: `Bearer ${admin.json.token}` };
    const nadiaId = nadia.json.data?._id as string;
    const adminId = admin.json.data?._id as string;

    const self = await call('PATCH', `/api/user/${nadiaId}`, { username: 'nadia_k' }, asNadia);
    expect(self).toMatchObject({ status: 200, json: { data: { username: 'nadia_k' } } });
    const other = await call('PATCH', `/api/user/${adminId}`, { username: 'owned' }, asNadia);
    expect(other).toMatchObject({ status: 403, json: { message: AuthText.onlyYourself } });
    const taken = await call('PATCH', `/api/user/${nadiaId}`, { username: 'HEADTEACHER' }, asNadia);
    expect(taken).toMatchObject({ status: 409, json: { message: AuthText.usernameTaken } });
    const byAdmin = await call(
      'PATCH',
      `/api/user/${nadiaId}`,
      { email: 'nadia.k@school.test' },
      asAdmin,
    );
    expect(byAdmin).toMatchObject({
      status: 200,
      json: { data: { email: 'nadia.k@school.test' } },
    });
    expect((await call('PATCH', `/api/user/${nadiaId}`, { username: 'x y' }, asNadia)).status).toBe(
      400,
    );
    expect((await call('PATCH', `/api/user/${nadiaId}`, {}, asNadia)).status).toBe(400);
    expect((await call('PATCH', '/api/user/not-a-uuid', { username: 'abc' }, asNadia)).status).toBe(
      400,
    );
    expect((await call('PATCH', `/api/user/${nadiaId}`, { username: 'abcd' })).status).toBe(401);
    const bogus = await call('GET', '/api/user/whoami', undefined, {
      authorization: 'Bearer not.a.jwt',
    });
    expect(bogus).toMatchObject({ status: 401, json: { code: ErrorCode.unauthorized } });
  });
});

import { AuthText, ErrorCode, SettingsAdminText } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { useAccountsApi } from '../../../test/accounts-api.ts';
import { testDatabaseKinds } from '../../../test/databases.ts';
import { LIMIT_DEFAULTS } from '../../settings/limit-settings.ts';
import { UsersRepository } from '../../accounts/users.repository.ts';
import { UsersService } from '../../accounts/users.service.ts';
import { commonPasswordCount } from './password-policy.ts';

const form = { password: 'violet tulip river', repeat_password: 'violet tulip river' };

describe.each(testDatabaseKinds())('account limits and enumeration on %s', (kind) => {
  const { env, call, userCount } = useAccountsApi(kind);

  const fromSchool = (n: number) => ({ 'x-forwarded-for': `192.0.2.${n}` });
  const registerFrom = (n: number, name: string, extra: Record<string, unknown> = {}) =>
    call(
      'POST',
      '/api/auth/register',
      { ...form, username: name, email: `${name}@school.test`, ...extra },
      fromSchool(n),
    );
  const adminToken = async () => {
    const login = await call('POST', '/api/auth', {
      username: 'headteacher',
      password: 'a long admin password',
    });
    return { authorization: `Bearer ${login.json.token}` };
  };

  it('ships at least 1,000 common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(1000);
  });

  it('lets a class of 30 behind one address register in a minute, failed attempts included', async () => {
    const started = Date.now();
    // Typos first: refused attempts cost no mail, so they must not use up the class's quota.
    const typos = [
      { username: 'ab', email: 'typo@school.test' },
      { username: 'typo1', email: 'not-an-email' },
      { username: 'typo2', email: 'typo2@school.test', repeat_password: 'other' },
      { username: 'typo3', email: 'typo3@school.test', password: 'password123' },
    ];
    for (let i = 0; i < 10; i += 1) {
      const typo = typos[i % typos.length];
      const res = await call('POST', '/api/auth/register', { ...form, ...typo }, fromSchool(30));
      expect(res.status).toBe(400);
    }
    const before = await userCount();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await registerFrom(30, `pupil${i}`)).status);
    expect(statuses).toEqual(Array(30).fill(200));
    expect(await userCount()).toBe(before + 30);
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('still answers 429 to a flood of 500 registrations from one address', async () => {
    const cap = LIMIT_DEFAULTS.register_mails_per_ip_per_hour;
    const before = await userCount();
    const answers: { status: number; json: { code?: string; message?: string } }[] = [];
    for (let batch = 0; batch < 500; batch += 25) {
      const sent = Array.from({ length: 25 }, (_, i) => registerFrom(31, `flood${batch + i}`));
      answers.push(...(await Promise.all(sent)));
    }
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(ok.length).toBe(cap);
    expect(refused.length).toBe(500 - cap);
    expect(refused[0]?.json).toEqual({
      status: false,
      code: ErrorCode.rateLimited,
      message: AuthText.tooManyRequests,
    });
    expect(await userCount()).toBe(before + cap);
    // Another school's address is not affected.
    expect((await registerFrom(32, 'otherschool')).status).toBe(200);
  }, 120_000);

  it('limits "email already registered" answers per address', async () => {
    const max = LIMIT_DEFAULTS.email_taken_answers_per_ip_per_hour;
    const probe = () =>
      call(
        'POST',
        '/api/auth/register',
        { ...form, username: '', email: 'head@school.test' },
        fromSchool(33),
      );
    for (let i = 0; i < max; i += 1) {
      expect((await probe()).json.message).toBe(AuthText.emailTaken);
    }
    expect(await probe()).toMatchObject({
      status: 429,
      json: { message: AuthText.tooManyRequests },
    });
  });

  it('limits recovery requests per address and recovery mails per recipient', async () => {
    const perRecipient = LIMIT_DEFAULTS.mails_per_recipient_per_hour;
    await new UsersService(new UsersRepository(env.database.db)).createAccount({
      username: 'forgetful',
      email: 'forgetful@school.test',
      password: 'correct password 1',
      role: 'member',
    });
    // From many addresses, so only the recipient's limit applies.
    for (let i = 0; i < perRecipient + 3; i += 1) {
      const res = await call('POST', '/api/auth/forgot-password', {
        email: 'forgetful@school.test',
      });
      expect(res).toMatchObject({ status: 200, json: { message: AuthText.forgotSent } });
    }
    await env.server.app.authService.flush();
    const mails = env.smtp.mails.filter((m) => m.to.includes('forgetful@school.test'));
    expect(mails.length).toBe(perRecipient);

    const perIp = LIMIT_DEFAULTS.recovery_mails_per_ip_per_hour;
    const statuses: number[] = [];
    for (let i = 0; i < perIp + 1; i += 1) {
      const email = `ghost${i}@school.test`;
      statuses.push(
        (await call('POST', '/api/auth/forgot-password', { email }, fromSchool(34))).status,
      );
    }
    expect(statuses.slice(0, perIp)).toEqual(Array(perIp).fill(200));
    expect(statuses[perIp]).toBe(429);
    await env.server.app.authService.flush();
  });

  it('lets an admin raise and lower the limits, and nobody else', async () => {
    const asAdmin = await adminToken();
    const shown = await call('GET', '/api/settings/limits', undefined, asAdmin);
    expect(shown).toMatchObject({ status: 200, json: { status: true, data: LIMIT_DEFAULTS } });

    const lowered = await call(
      'PATCH',
      '/api/settings/limits',
      { register_mails_per_ip_per_hour: 2 },
      asAdmin,
    );
    expect(lowered.json.data).toEqual({ ...LIMIT_DEFAULTS, register_mails_per_ip_per_hour: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await registerFrom(40, `lowered${i}`)).status);
    expect(statuses).toEqual([200, 200, 429]);

    const raised = await call(
      'PATCH',
      '/api/settings/limits',
      { register_mails_per_ip_per_hour: 5 },
      asAdmin,
    );
    // The refused third attempt was counted too, so 5 leaves room for one more.
    expect(raised.status).toBe(200);
    expect((await registerFrom(40, 'raised')).status).toBe(200);

    const member = await call('POST', '/api/auth', {
      username: 'forgetful',
      password: 'correct password 1',
    });
    const asMember = { authorization: `Bearer ${member.json.token}` };
    const change = { register_mails_per_ip_per_hour: 1_000_000 };
    expect(await call('PATCH', '/api/settings/limits', change, asMember)).toMatchObject({
      status: 403,
      json: { status: false, message: SettingsAdminText.onlyAdmins },
    });
    expect((await call('GET', '/api/settings/limits', undefined, asMember)).status).toBe(403);
    expect((await call('PATCH', '/api/settings/limits', change)).status).toBe(401);
    for (const bad of [
      { register_mails_per_ip_per_hour: 0 },
      { register_mails_per_ip_per_hour: 2.5 },
      { register_mails_per_ip_per_hour: '9' },
      { unknown_limit: 5 },
      {},
    ]) {
      const res = await call('PATCH', '/api/settings/limits', bad, asAdmin);
      expect(res).toMatchObject({
        status: 400,
        json: { status: false, code: ErrorCode.validation },
      });
    }
    const after = await call('GET', '/api/settings/limits', undefined, asAdmin);
    expect(after.json.data).toEqual({ ...LIMIT_DEFAULTS, register_mails_per_ip_per_hour: 5 });
    // Private: the public settings endpoint does not reveal them.
    const key = 'limits.register_mails_per_ip_per_hour';
    expect((await call('GET', `/api/public/custom-setting?key=${key}`)).status).toBe(404);

    const restored = await call('PATCH', '/api/settings/limits', LIMIT_DEFAULTS, asAdmin);
    expect(restored.json.data).toEqual(LIMIT_DEFAULTS);
  });

  it('answers login for an unknown user exactly as for a wrong password', async () => {
    const unknown = await call('POST', '/api/auth', {
      username: 'nobody-here',
      password: 'whatever1',
    });
    const wrong = await call('POST', '/api/auth', {
      username: 'headteacher',
      password: 'whatever1',
    });
    expect(unknown.status).toBe(401);
    expect(unknown).toEqual({ ...wrong, cookie: undefined });
    expect(unknown.json.message).toBe(AuthText.invalidCredentials);
  });

  it('limits logins to 10 per minute per IP and username', async () => {
    const max = LIMIT_DEFAULTS.login_attempts_per_ip_per_minute;
    const headers = { 'x-forwarded-for': '192.0.2.10' };
    const statuses: number[] = [];
    for (let i = 0; i < max + 1; i += 1) {
      statuses.push(
        (await call('POST', '/api/auth', { username: 'ratelimited', password: 'x' }, headers))
          .status,
      );
    }
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(401));
    expect(statuses[max]).toBe(429);
    const other = await call(
      'POST',
      '/api/auth',
      { username: 'ratelimited', password: 'x' },
      { 'x-forwarded-for': '192.0.2.11' },
    );
    expect(other.status).toBe(401);
  });

  it('locks an account after 100 failures in an hour, even with the right password', async () => {
    const repo = new UsersRepository(env.database.db);
    await new UsersService(repo).createAccount({
      username: 'locked',
      email: 'locked@school.test',
      password: 'correct password 1',
      role: 'member',
    });
    const user = await repo.findByUsername('locked');
    for (let i = 0; i < LIMIT_DEFAULTS.login_failures_before_lock - 1; i += 1) {
      await env.server.app.services.limiter.hit(`login-fail:${user?.id}`, 3_600_000);
    }
    const wrong = await call('POST', '/api/auth', {
      username: 'locked',
      password: 'wrong password',
    });
    expect(wrong.status).toBe(401);
    const right = await call('POST', '/api/auth', {
      username: 'locked',
      password: 'correct password 1',
    });
    expect(right).toMatchObject({ status: 429, json: { message: AuthText.accountLocked } });
  });
});

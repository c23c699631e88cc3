import { AuthText } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { useAccountsApi } from '../../../test/accounts-api.ts';
import { testDatabaseKinds } from '../../../test/databases.ts';
import { UsersRepository } from '../users/users.repository.ts';
import { UsersService } from '../users/users.service.ts';
import { AuthLimits } from './auth.service.ts';
import { commonPasswordCount } from './password-policy.ts';

describe.each(testDatabaseKinds())('account limits and enumeration on %s', (kind) => {
  const { env, call } = useAccountsApi(kind);

  it('ships at least 1,000 common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(1000);
  });

  it('limits registration to 5 per hour per IP', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.77' };
    const statuses: number[] = [];
    for (let i = 0; i < AuthLimits.registerPerHour + 1; i += 1) {
      statuses.push((await call('POST', '/api/auth/register', { username: 'x' }, headers)).status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(statuses[5]).toBe(429);
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
    const headers = { 'x-forwarded-for': '192.0.2.10' };
    const statuses: number[] = [];
    for (let i = 0; i < AuthLimits.loginPerMinute + 1; i += 1) {
      statuses.push(
        (await call('POST', '/api/auth', { username: 'ratelimited', password: 'x' }, headers))
          .status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
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
    for (let i = 0; i < AuthLimits.failuresPerHourBeforeLock - 1; i += 1) {
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

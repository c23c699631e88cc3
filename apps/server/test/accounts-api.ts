import { afterAll, beforeAll } from 'vitest';
import { UsersRepository } from '../src/accounts/users.repository.ts';
import { UsersService } from '../src/accounts/users.service.ts';
import { createTestDatabase } from './databases.ts';
import type { TestDatabase, TestDatabaseKind } from './databases.ts';
import { startSmtpServer } from './smtp.ts';
import type { TestSmtp } from './smtp.ts';
import { startTestApp } from './test-app.ts';
import type { TestApp } from './test-app.ts';
import { call as jsonCall } from './people.ts';

export interface Json {
  status: boolean;
  message?: string;
  token?: string;
  result?: string;
  code?: string;
  data?: Record<string, unknown>;
}

export const PUBLIC_URL = 'http://campus.test';

/** What an accounts test file shares: the app, its database and the SMTP server it mails to. */
export interface AccountsEnv {
  database: TestDatabase;
  server: TestApp;
  smtp: TestSmtp;
}

/**
 * Starts the app with a real SMTP server for the enclosing suite, with one admin account
 * (`headteacher` / `a long admin password`), and returns helpers that call the API.
 */
export function useAccountsApi(kind: TestDatabaseKind) {
  const env = {} as AccountsEnv;
  let ipCounter = 0;

  beforeAll(async () => {
    env.database = await createTestDatabase(kind);
    env.smtp = await startSmtpServer();
    env.server = await startTestApp(env.database, {
      SMTP_URL: env.smtp.url,
      PUBLIC_URL,
      ALLOWED_ORIGINS: 'http://partner.test',
      TRUST_PROXY: 'true',
    });
    await new UsersService(new UsersRepository(env.database.db)).createAccount({
      username: 'headteacher',
      email: 'head@school.test',
      password: 'a long admin password',
      role: 'admin',
    });
  });
  afterAll(async () => {
    await env.server.close();
    await env.smtp.close();
    await env.database.dispose();
  });

  /** Each call comes from its own client address unless one is given, so per-IP limits stay apart. */
  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; json: Json; cookie: string | undefined }> {
    ipCounter += 1;
    const res = await jsonCall(env.server.url, method, path, {
      body,
      headers: {
        'x-forwarded-for': `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
        ...headers,
      },
    });
    return { ...res, json: res.json as Json };
  }

  const userCount = () => new UsersRepository(env.database.db).count();
  const register = (username: string, extra: Record<string, unknown> = {}) =>
    call('POST', '/api/auth/register', {
      username,
      email: `${username}@school.test`,
      password: 'violet tulip river',
      repeat_password: 'violet tulip river',
      ...extra,
    });

  return { env, call, register, userCount };
}

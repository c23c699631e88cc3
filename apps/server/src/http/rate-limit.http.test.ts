import { randomUUID } from 'node:crypto';
import { AuthText, ErrorCode } from '@atrium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import type { TestDatabase } from '../../test/databases.ts';
import { startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { LIMIT_DEFAULTS } from '../settings/limit-settings.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/** Wrong-password logins for one username from one address, alternating over `servers`. */
async function loginFlood(servers: TestApp[], attempts: number) {
  const login = `nobody-${randomUUID()}`;
  const ip = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
  const answers = [];
  for (let i = 0; i < attempts; i += 1) {
    const server = servers[i % servers.length] as TestApp;
    const res = await fetch(`${server.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ username: login, password: 'not the password' }),
    });
    answers.push({
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      json: (await res.json()) as { status: boolean; code?: string; message?: string },
    });
  }
  return answers;
}

describe('HTTP rate limits', () => {
  let database: TestDatabase;
  const servers: TestApp[] = [];
  const limit = LIMIT_DEFAULTS.login_attempts_per_ip_per_minute;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database.dispose();
  });

  it('answers 429 with Retry-After and the envelope (in memory)', async () => {
    const server = await startTestApp(database, { TRUST_PROXY: 'true' });
    servers.push(server);
    const answers = await loginFlood([server], limit + 2);
    expect(answers.slice(0, limit).map((a) => a.status)).toEqual(Array(limit).fill(401));
    for (const refused of answers.slice(limit)) {
      expect(refused.status).toBe(429);
      expect(refused.json).toEqual({
        status: false,
        code: ErrorCode.rateLimited,
        message: AuthText.tooManyRequests,
      });
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    }
  });

  it.runIf(redisUrl)('shares one budget between two processes on one Redis', async () => {
    const env = { TRUST_PROXY: 'true', REDIS_URL: redisUrl ?? '' };
    const pair = [await startTestApp(database, env), await startTestApp(database, env)];
    servers.push(...pair);
    const answers = await loginFlood(pair, limit * 2);
    // Each process alone would let `limit` through; together they let `limit` through.
    expect(answers.filter((a) => a.status === 401)).toHaveLength(limit);
    expect(answers.slice(limit).every((a) => a.status === 429 && Number(a.retryAfter) >= 1)).toBe(
      true,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import type { TestDatabase } from '../../test/databases.ts';
import { startTestApp } from '../../test/test-app.ts';

describe('dev mail outbox', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database.dispose());

  it('keeps mails without SMTP and lists them at /dev/mail in development', async () => {
    const server = await startTestApp(database, {
      NODE_ENV: 'development',
      PUBLIC_URL: 'http://campus.test',
    });
    try {
      const res = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'dev@school.test',
          password: 'harbour lantern 9',
          repeat_password: 'harbour lantern 9',
        }),
      });
      expect(res.status).toBe(200);
      const page = await fetch(`${server.url}/dev/mail`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('dev@school.test');
      expect(html).toMatch(
        /<a href="http:\/\/campus\.test\/metaverse\/index\.html\?token=[\w-]+">/,
      );
    } finally {
      await server.close();
    }
  });

  it('does not exist in production', async () => {
    const server = await startTestApp(database, { NODE_ENV: 'production' });
    try {
      const res = await fetch(`${server.url}/dev/mail`);
      expect(res.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

import { PublicSetting } from '@atrium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema.ts';
import { createTestDatabase } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { startTestApp } from '../../../test/test-app.ts';

/** SPEC §2: "A configured home page is the exit target" (the web's Leave reads this setting). */
describe('the configured home page setting', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.dispose();
  });

  const read = async (env: Record<string, string>) => {
    const server = await startTestApp(database, env);
    try {
      const res = await fetch(
        `${server.url}/api/public/custom-setting?key=${PublicSetting.homePage}`,
      );
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { value: unknown } }).data.value;
    } finally {
      await server.close();
    }
  };

  it('is / by default, HOME_PAGE_URL when set, and an admin stored value over both', async () => {
    expect(await read({})).toBe('/');
    expect(await read({ HOME_PAGE_URL: 'https://www.school.example/' })).toBe(
      'https://www.school.example/',
    );
    await database.db
      .insert(settings)
      .values({ key: PublicSetting.homePage, value: '/metaverse/forgot.html', public: true });
    expect(await read({ HOME_PAGE_URL: 'https://www.school.example/' })).toBe(
      '/metaverse/forgot.html',
    );
  });

  it('refuses a HOME_PAGE_URL that is neither a path nor an http(s) address', async () => {
    for (const bad of ['javascript:alert(1)', '//evil.example', 'ftp://x.example', 'relative']) {
      await expect(startTestApp(database, { HOME_PAGE_URL: bad })).rejects.toThrow(/HOME_PAGE_URL/);
    }
  });
});

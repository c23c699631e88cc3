import { hasNftOffer, PosterText } from '@atrium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCampus } from '../../db/seed.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { signInDemoAccounts } from '../../../test/demo-sessions.ts';

describe('hasNftOffer', () => {
  it.each([
    ['101', '25', true],
    ['token-7', '0.5 MATIC', true],
    ['', '25', false],
    ['101', '', false],
    ['abc', '25', false],
    ['101', 'free', false],
    [null, '25', false],
    ['  ', '3', false],
  ])('token %j and price %j → %s', (token, price, expected) => {
    expect(hasNftOffer(token, price)).toBe(expected);
  });
});

describe.each(testDatabaseKinds())('posters on %s', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const accounts = (await seedDemoCampus(database.db)) ?? [];
    server = await startTestApp(database);
    Object.assign(tokens, (await signInDemoAccounts(server.url, accounts)).tokens);
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  const send = (method: string, path: string, role?: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(role ? { authorization: `Bearer ${tokens[role]}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const count = async () =>
    ((await (await send('GET', '/api/posters')).json()) as { data: unknown[] }).data.length;

  it('lists the seeded gallery and answers the spec detail endpoint', async () => {
    expect(await count()).toBe(5);
    const res = await send('GET', '/apiposterdetail/poster/1');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      result: true,
      data: {
        id: 1,
        title: 'The Atrium Plaza',
        url: 'https://example.org/prints',
        token_id: '101',
        token_price: '25',
        nft: true,
      },
    });
    const plain = (await (await send('GET', '/apiposterdetail/poster/2')).json()) as {
      data: { nft: boolean };
    };
    expect(plain.data.nft).toBe(false);
  });

  it('lets only admins hang, change and remove posters', async () => {
    const poster = {
      title: '<b>Robotics</b> club',
      image: '/posters/3.svg',
      description: 'Line one\n<script>x()</script>',
    };
    for (const role of ['teacher', 'member', 'guest']) {
      const res = await send('POST', '/api/posters', role, poster);
      expect(res.status).toBe(403);
    }
    expect((await send('POST', '/api/posters', undefined, poster)).status).toBe(401);
    expect(await count()).toBe(5);

    const created = await send('POST', '/api/posters', 'admin', poster);
    expect(created.status).toBe(200);
    const { data } = (await created.json()) as { data: { id: number } };

    const html = await (await send('GET', `/assets/poster-description/${data.id}.html`)).text();
    expect(html).toContain('&#60;script&#62;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<h2>&#60;b&#62;Robotics&#60;/b&#62; club</h2>');

    expect((await send('PATCH', `/api/posters/${data.id}`, 'teacher', { title: 'x' })).status).toBe(
      403,
    );
    const patched = await send('PATCH', `/api/posters/${data.id}`, 'admin', {
      nft_token_id: '9',
      nft_price: '12',
    });
    // Only the sent fields change: the description and the rest stay as they were.
    expect(((await patched.json()) as { data: unknown }).data).toMatchObject({
      nft_token_id: '9',
      nft_price: '12',
      title: poster.title,
      description: poster.description,
      image: poster.image,
    });
    expect((await send('DELETE', `/api/posters/${data.id}`, 'member')).status).toBe(403);
    expect((await send('DELETE', `/api/posters/${data.id}`, 'admin')).status).toBe(200);
    expect((await send('DELETE', `/api/posters/${data.id}`, 'admin')).status).toBe(404);
  });

  it('refuses bad input and unknown posters without writing', async () => {
    for (const body of [
      { title: '', image: '/x.png' },
      { title: 'x', image: 'javascript:alert(1)' },
      { title: 'x', image: '/x.png', admin: true },
    ]) {
      expect((await send('POST', '/api/posters', 'admin', body)).status).toBe(400);
    }
    expect(await count()).toBe(5);
    const missing = await send('GET', '/apiposterdetail/poster/999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      status: false,
      message: PosterText.unableToLoadDetail,
    });
    expect((await send('GET', '/apiposterdetail/poster/abc')).status).toBe(400);
    expect((await send('GET', '/assets/poster-description/1.php')).status).toBe(400);
  });
});

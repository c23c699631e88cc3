import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppRoute, EventsText } from '@atrium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import type { TestDatabase } from '../../test/databases.ts';
import { startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';

const SHELL = '<!doctype html><title>Atrium test shell</title><div id="root"></div>';

describe('serving the web app', () => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'atrium-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), SHELL);
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await mkdir(path.join(dist, 'sdk'));
    await writeFile(path.join(dist, 'sdk', 'player-sdk.umd.js'), 'var Atrium = {};');
    database = await createTestDatabase('pglite');
    server = await startTestApp(database, { WEB_DIST: dist });
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  it.each(Object.values(AppRoute))('serves the app shell at %s', async (route) => {
    const res = await fetch(`${server.url}${route}?token=abc`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toBe(SHELL);
  });

  it('serves the app 404 page with status 404 for unknown pages', async () => {
    const res = await fetch(`${server.url}/no/such/page`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(SHELL);
  });

  it('answers a missing asset with a plain 404', async () => {
    const res = await fetch(`${server.url}/assets/missing.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('caches hashed assets and revalidates the rest', async () => {
    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const icon = await fetch(`${server.url}/favicon.svg`);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('lets other sites load the Player SDK, and only the SDK', async () => {
    const sdk = await fetch(`${server.url}/sdk/player-sdk.umd.js`);
    expect(sdk.status).toBe(200);
    expect(sdk.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(sdk.headers.get('access-control-allow-origin')).toBe('*');
    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(asset.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("leaves SPEC §7's public paths and gallery.json to the API, even for a browser", async () => {
    const html = { accept: 'text/html,application/xhtml+xml' };
    const gallery = await fetch(`${server.url}/event/gallery.json`, { headers: html });
    expect(gallery.status).toBe(200);
    expect(gallery.headers.get('content-type')).toContain('application/json');
    expect(await gallery.json()).toEqual([]);
    for (const path of ['/public/voting/submit', '/public/record-breaking/submit']) {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { ...html, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          ...(path.includes('voting') ? { vote_team: '1' } : {}),
          name: 'Ann',
        }),
      });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({ status: false, message: EventsText.emailRequired });
    }
  });

  it('does not serve files outside the web folder', async () => {
    const res = await fetch(`${server.url}/..%2f..%2fetc%2fpasswd`);
    expect(res.status).toBe(404);
  });
});

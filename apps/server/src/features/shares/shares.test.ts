import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ShareAdminText, ShareText } from '@atrium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shares } from '../../db/schema.ts';
import { seedDemoCampus } from '../../db/seed.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';

const SHELL = '<!doctype html><title>shell</title><div id="root"></div>';

describe.each(testDatabaseKinds())('shares and the embed frame on %s', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  let accounts: { role: string; username: string; password: string }[] = [];

  const tokenOf = async (role: string) => {
    const account = accounts.find((a) => a.role === role);
    const res = await fetch(`${server.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: account?.username, password: account?.password }),
    });
    return ((await res.json()) as { token: string }).token;
  };
  const send = (method: string, path: string, token: string | null, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'atrium-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), SHELL);
    database = await createTestDatabase(kind);
    accounts = (await seedDemoCampus(database.db)) ?? [];
    await database.db.insert(shares).values({
      id: 'partner',
      title: 'Partner page',
      allowedOrigins: ['https://partner.example'],
      defaultQuality: 720,
      defaultLocation: 'nowhere',
    });
    server = await startTestApp(database, { WEB_DIST: dist });
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  it('seeds the demo campus share', async () => {
    const res = await fetch(`${server.url}/api/public/share/campus`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: true,
      data: {
        id: 'campus',
        world: 'campus',
        title: 'Atrium Demo Campus',
        allowed_origins: [],
        default_quality: 1080,
        default_location: 'plaza',
      },
    });
  });

  it('answers an unknown location as none, and an unknown share as not found', async () => {
    const partner = (await (await fetch(`${server.url}/api/public/share/partner`)).json()) as {
      data: { default_location: unknown; allowed_origins: unknown };
    };
    expect(partner.data.default_location).toBeNull();
    expect(partner.data.allowed_origins).toEqual(['https://partner.example']);
    const res = await fetch(`${server.url}/api/public/share/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: false, message: ShareText.notFound });
    const bad = await fetch(`${server.url}/api/public/share/${encodeURIComponent('a b')}`);
    expect(bad.status).toBe(400);
  });

  it('lets only the share’s hosts frame it', async () => {
    const campus = await fetch(`${server.url}/embed/campus`);
    expect(campus.status).toBe(200);
    expect(await campus.text()).toBe(SHELL);
    expect(campus.headers.get('x-frame-options')).toBeNull();
    expect(campus.headers.get('content-security-policy')).toMatch(
      // Without PUBLIC_URL the server's own loopback origins are its public ones.
      /frame-ancestors 'self' http:\/\/localhost:\d+ http:\/\/127\.0\.0\.1:\d+ http:\/\/\[::1\]:\d+(;|$)/,
    );
    const partner = await fetch(`${server.url}/embed/partner`);
    expect(partner.headers.get('content-security-policy')).toContain('https://partner.example');
    // Other pages stay unframeable by strangers.
    const home = await fetch(`${server.url}/`);
    expect(home.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });

  it('still loads an unknown share, with status 404, so it can report the error', async () => {
    const res = await fetch(`${server.url}/embed/nope`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(SHELL);
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
    const odd = await fetch(`${server.url}/embed/${encodeURIComponent('<x>')}`);
    expect(odd.status).toBe(404);
  });

  it('lets admins create, change and remove shares, and nobody else', async () => {
    const admin = await tokenOf('admin');
    const member = await tokenOf('member');
    const input = {
      id: 'museum-lobby',
      title: 'Museum lobby',
      allowed_origins: ['https://museum.example', 'http://localhost:3000'],
      default_quality: 720,
      default_location: 'gallery',
    };
    expect((await send('POST', '/api/shares', null, input)).status).toBe(401);
    const refused = await send('POST', '/api/shares', member, input);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: ShareAdminText.onlyAdmins });

    const created = await send('POST', '/api/shares', admin, input);
    expect(created.status).toBe(200);
    expect(((await created.json()) as { data: unknown }).data).toEqual({
      id: 'museum-lobby',
      world: 'campus',
      title: 'Museum lobby',
      allowed_origins: ['https://museum.example', 'http://localhost:3000'],
      default_quality: 720,
      default_location: 'gallery',
    });
    expect((await send('POST', '/api/shares', admin, input)).status).toBe(409);
    const framed = await fetch(`${server.url}/embed/museum-lobby`);
    expect(framed.headers.get('content-security-policy')).toContain('https://museum.example');

    const changed = await send('PATCH', '/api/shares/museum-lobby', admin, { title: 'Lobby' });
    // Only the title changes; the origins, quality and spot stay.
    expect(((await changed.json()) as { data: unknown }).data).toMatchObject({
      title: 'Lobby',
      allowed_origins: input.allowed_origins,
      default_quality: 720,
      default_location: 'gallery',
    });
    expect((await send('PATCH', '/api/shares/museum-lobby', member, { title: 'x' })).status).toBe(
      403,
    );
    const list = await send('GET', '/api/shares', admin);
    expect(((await list.json()) as { data: { id: string }[] }).data.map((d) => d.id)).toContain(
      'museum-lobby',
    );
    expect((await send('DELETE', '/api/shares/museum-lobby', member)).status).toBe(403);
    expect((await send('DELETE', '/api/shares/museum-lobby', admin)).status).toBe(200);
    expect((await fetch(`${server.url}/api/public/share/museum-lobby`)).status).toBe(404);
  });

  it('refuses bad shares with a clear message and writes nothing', async () => {
    const admin = await tokenOf('admin');
    const bad = [
      [{ id: 'x y', title: 'T' }, 'share id'],
      [
        { id: 'ok', title: 'T', allowed_origins: ['https://a.example/path'] },
        ShareAdminText.badOrigin,
      ],
      [
        { id: 'ok', title: 'T', allowed_origins: ['javascript:alert(1)'] },
        ShareAdminText.badOrigin,
      ],
      [{ id: 'ok', title: 'T', default_quality: 480 }, ShareAdminText.badQuality],
      [{ id: 'ok', title: 'T', world: 'moon' }, ShareAdminText.unknownWorld],
      [{ id: 'ok', title: 'T', default_location: 'roof' }, 'default_location'],
      [{ id: 'ok', title: '' }, 'Title is required.'],
      [{ id: 'ok', title: 'T', extra: 1 }, 'extra'],
    ] as const;
    for (const [body, text] of bad) {
      const res = await send('POST', '/api/shares', admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain(text);
    }
    expect((await fetch(`${server.url}/api/public/share/ok`)).status).toBe(404);
    expect((await send('PATCH', '/api/shares/campus', admin, {})).status).toBe(400);
    expect((await send('PATCH', '/api/shares/nope', admin, { title: 'x' })).status).toBe(404);
  });
});

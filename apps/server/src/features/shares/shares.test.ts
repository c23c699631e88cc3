import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ShareText } from '@atrium/protocol';
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

  beforeAll(async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'atrium-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), SHELL);
    database = await createTestDatabase(kind);
    await seedDemoCampus(database.db);
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
      /frame-ancestors 'self' http:\/\/localhost:\d+(;|$)/,
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
});

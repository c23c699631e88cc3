import { CommonText, ErrorCode } from '@atrium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedDemoCampus } from '../db/seed.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/databases.ts';
import type { TestDatabase } from '../../test/databases.ts';
import { startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';

describe.each(testDatabaseKinds())('HTTP API on %s', (kind) => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoCampus(database.db);
    // A route with a strict body schema, to exercise the real validator and error serializer.
    server = await startTestApp(database, {}, (app) => {
      app.post(
        '/api/test/echo',
        { schema: { body: z.strictObject({ name: z.string().min(1), count: z.number().int() }) } },
        async (request) => ({ status: true, data: request.body }),
      );
    });
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  const post = (body: string, contentType = 'application/json') =>
    fetch(`${server.url}/api/test/echo`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });

  it('answers /api/health', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: true, data: { version: expect.any(String) } });
  });

  it('answers /api/ready with the database kind', async () => {
    const res = await fetch(`${server.url}/api/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: true, data: { database: kind } });
  });

  it('accepts a valid body', async () => {
    const res = await post(JSON.stringify({ name: 'a', count: 2 }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true, data: { name: 'a', count: 2 } });
  });

  it.each([
    ['malformed JSON', '{"name": ', ErrorCode.malformedJson, CommonText.malformedJson],
    ['an empty JSON body', '', ErrorCode.malformedJson, CommonText.malformedJson],
    ['an unknown field', '{"name":"a","count":1,"admin":true}', ErrorCode.validation, 'admin'],
    ['a wrong type', '{"name":"a","count":"one"}', ErrorCode.validation, 'body.count'],
    ['a missing field', '{"count":1}', ErrorCode.validation, 'body.name'],
    ['a JSON array', '[1,2]', ErrorCode.validation, 'body'],
    [
      'a prototype-poisoning body',
      '{"name":"a","count":1,"__proto__":{"x":1}}',
      ErrorCode.malformedJson,
      CommonText.malformedJson,
    ],
  ])('answers %s with 400 and the envelope', async (_label, body, code, fragment) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { status: boolean; code: string; message: string };
    expect(json).toMatchObject({ status: false, code });
    expect(json.message).toContain(fragment);
    expect(json.message.length).toBeGreaterThan(5);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await post('<name>a</name>', 'application/xml');
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ status: false, code: ErrorCode.unsupportedMediaType });
  });

  it('answers an oversized body with 413', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), count: 1 }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ status: false, code: ErrorCode.payloadTooLarge });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await fetch(`${server.url}/api/nope`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      status: false,
      code: ErrorCode.notFound,
      message: CommonText.notFound,
    });
  });

  it('reads a public setting', async () => {
    const res = await fetch(`${server.url}/api/public/custom-setting?key=campus.name`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: true,
      data: { key: 'campus.name', value: 'Atrium Demo Campus' },
    });
  });

  it('reads the default stream key the metaverse page starts from', async () => {
    const res = await fetch(`${server.url}/api/public/custom-setting?key=stream.default`);
    expect(await res.json()).toEqual({
      status: true,
      data: { key: 'stream.default', value: '/embed/campus' },
    });
  });

  it('hides private settings and validates the key', async () => {
    const hidden = await fetch(`${server.url}/api/public/custom-setting?key=demo.seeded_at`);
    expect(hidden.status).toBe(404);
    const missing = await fetch(`${server.url}/api/public/custom-setting`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      status: false,
      message: expect.stringContaining('key'),
    });
    const bad = await fetch(
      `${server.url}/api/public/custom-setting?key=${encodeURIComponent('../x')}`,
    );
    expect(bad.status).toBe(400);
  });

  it('serves the OpenAPI document generated from the protocol schemas', async () => {
    const res = await fetch(`${server.url}/api/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/ready', '/api/public/custom-setting']),
    );
    const ui = await fetch(`${server.url}/api/docs`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
  });

  it("lists for each route only the failures it can send, and the uploads' descriptions", async () => {
    interface Operation {
      description?: string;
      responses?: Record<string, unknown>;
    }
    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const statuses = (path: string, method: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {});

    // Public reads: nobody is refused for not being signed in.
    for (const [path, method] of [
      ['/api/minigame/leaderboard/{mode}', 'get'],
      ['/api/public/events/countdown', 'get'],
      ['/api/wallet/catalogue', 'get'],
      ['/event/gallery.json', 'get'],
      ['/public/voting/submit', 'post'],
    ] as const) {
      expect(statuses(path, method), path).toContain('200');
      expect(statuses(path, method), path).not.toContain('401');
      expect(statuses(path, method), path).not.toContain('403');
    }
    expect(statuses('/api/public/events/countdown', 'get')).toEqual(['200']);
    expect(statuses('/api/minigame/leaderboard/{mode}', 'get').sort()).toEqual([
      '200',
      '400',
      '414',
    ]);
    expect(statuses('/api/wallet/catalogue', 'get').sort()).toEqual(['200', '404', '503']);
    // A signed-in route says so; one without a body never meets the body limit.
    expect(statuses('/api/user/whoami', 'get').sort()).toEqual(['200', '401', '403']);
    expect(statuses('/api/auth', 'post')).toEqual(expect.arrayContaining(['401', '413', '429']));

    for (const path of ['/apipublicfiles/upload-temp', '/upload.php']) {
      expect(doc.paths[path]?.post?.description, path).toMatch(/^Multipart, .{80,}/);
    }
  });

  it('sends the API security headers on API answers', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('server-timing')).toMatch(/^app;dur=\d+\.\d{2}$/);
  });

  it('sends a page Content Security Policy without inline scripts on pages and the docs', async () => {
    for (const path of ['/no/such/page', '/api/docs']) {
      const res = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('readiness when the database is gone', () => {
  it('answers 503 with the envelope', async () => {
    const database = await createTestDatabase('pglite');
    const server = await startTestApp(database);
    await database.close();
    const res = await fetch(`${server.url}/api/ready`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      status: false,
      message: CommonText.databaseUnavailable,
    });
    await server.close();
  });
});

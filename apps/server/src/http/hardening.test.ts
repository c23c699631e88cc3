import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { CommonText, ErrorCode, ScreenshotText } from '@atrium/protocol';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { seedDemoCampus } from '../db/seed.ts';
import { UsersRepository } from '../accounts/users.repository.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/databases.ts';
import type { TestDatabase } from '../../test/databases.ts';
import { signInDemoAccounts } from '../../test/demo-sessions.ts';
import type { DemoSessions } from '../../test/demo-sessions.ts';

interface Envelope {
  status: boolean;
  code?: string;
  message?: string;
}

const PASSWORD = 'violet tulip river';

describe.each(testDatabaseKinds())('hardening on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let url: string;
  let sessions: DemoSessions;
  const log: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const accounts = await seedDemoCampus(database.db);
    const config = loadConfig({
      PORT: '0',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      WEB_DIST: '/nonexistent',
    });
    app = await buildApp({ config, database, logStream: { write: (line) => log.push(line) } });
    // A route that hands the database a NUL, as a string past the schemas would.
    app.get('/api/test/unstorable', async () => {
      await database.db.execute(sql`select ${'ab\u0000cd'}::text as t`);
      return { status: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    sessions = await signInDemoAccounts(url, accounts ?? []);
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Envelope };
  };
  const userCount = () => new UsersRepository(database.db).count();

  describe('control characters (item 15)', () => {
    it('answers a NUL in the login username with 400, not 500', async () => {
      const res = await post('/api/auth', { username: 'ab\u0000cd', password: PASSWORD });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ status: false, code: ErrorCode.validation });
      expect(res.json.message).toBe('body.username: must not contain control characters');
    });

    it.each(['first_name', 'last_name'])(
      'answers a NUL in the registration %s with 400 and creates nobody',
      async (field) => {
        const before = await userCount();
        const res = await post('/api/auth/register', {
          username: `nul${field.replace('_', '')}`,
          email: `nul-${field}@school.test`,
          password: PASSWORD,
          repeat_password: PASSWORD,
          [field]: 'Ada\u0000Lovelace',
        });
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject({ status: false, code: ErrorCode.validation });
        expect(res.json.message).toContain(field);
        expect(await userCount()).toBe(before);
      },
    );

    it('refuses other controls in one-line fields and keeps newlines in a description', async () => {
      const admin = sessions.tokens.admin;
      const bell = await post('/api/posters', { title: 'Ring\u0007', image: '/a.png' }, admin);
      expect(bell.status).toBe(400);
      const newline = await post('/api/posters', { title: 'Two\nlines', image: '/a.png' }, admin);
      expect(newline.status).toBe(400);
      const nulText = await post(
        '/api/posters',
        { title: 'Ok', image: '/a.png', description: 'a\u0000b' },
        admin,
      );
      expect(nulText.status).toBe(400);
      const ok = await post(
        '/api/posters',
        { title: 'Ok', image: '/a.png', description: 'First line\n\tSecond line\r\n' },
        admin,
      );
      expect(ok.status).toBe(200);
    });

    it('answers a NUL in a screenshot id and title with 400', async () => {
      const member = sessions.tokens.member;
      const del = await post('/api/screenshot/delete', { screenshot_id: 'a\u0000b' }, member);
      expect(del.status).toBe(400);
      const upd = await post(
        '/api/screenshot/update',
        { screenshot_id: 'a\u0000b', screenshot_title: 'x' },
        member,
      );
      expect(upd.status).toBe(400);
    });

    it('answers text the database refuses with 400 as a safety net', async () => {
      const res = await fetch(`${url}/api/test/unstorable`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        status: false,
        code: ErrorCode.validation,
        message: CommonText.unstorableText,
      });
    });
  });

  describe('requests refused before routing', () => {
    it('answers a malformed percent-encoding and an overlong path parameter with the envelope', async () => {
      const bad = await fetch(`${url}/api/posters/%ZZ`);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({
        status: false,
        code: ErrorCode.validation,
        message: CommonText.badUrl,
      });
      const long = await fetch(`${url}/apiposterdetail/poster/${'1'.repeat(300)}`);
      expect(long.status).toBe(414);
      expect(await long.json()).toMatchObject({ status: false, message: CommonText.urlTooLong });
    });

    it('answers headers past the size limit with the envelope', async () => {
      const res = await fetch(`${url}/api/health`, { headers: { 'x-pad': 'x'.repeat(20_000) } });
      expect(res.status).toBe(431);
      expect(await res.json()).toEqual({
        status: false,
        code: ErrorCode.payloadTooLarge,
        message: CommonText.headersTooLarge,
      });
    });
  });

  describe('secrets in the log (item 16)', () => {
    it('logs a failed write by code and constraint, never its parameters', async () => {
      await database.db.execute(
        sql.raw(
          `alter table users add constraint hardening_no_doomed check (first_name <> 'Doomed')`,
        ),
      );
      try {
        const res = await post('/api/auth/register', {
          username: 'doomed',
          email: 'doomed@school.test',
          password: PASSWORD,
          repeat_password: PASSWORD,
          first_name: 'Doomed',
        });
        expect(res.status).toBe(500);
        expect(res.json).toMatchObject({ status: false, message: CommonText.unknownError });
      } finally {
        await database.db.execute(
          sql.raw(`alter table users drop constraint if exists hardening_no_doomed`),
        );
      }
      const text = log.join('');
      expect(text).not.toContain('$argon2');
      expect(text).not.toContain('doomed@school.test');
      expect(text).not.toContain(PASSWORD);
      const logged = log.find((line) => line.includes('hardening_no_doomed')) ?? '';
      expect(JSON.parse(logged)).toMatchObject({
        level: 50,
        err: { code: '23514', constraint: 'hardening_no_doomed' },
      });
    });

    it('redacts secret fields and headers wherever they are logged', () => {
      app.log.warn(
        { body: { password: 'hunter2hunter2' }, req: { headers: { authorization: 'Bearer t0k' } } },
        'redaction probe',
      );
      const line = log.find((l) => l.includes('redaction probe')) ?? '';
      expect(line).toContain('[redacted]');
      expect(line).not.toContain('hunter2hunter2');
      expect(line).not.toContain('t0k');
    });
  });

  describe('oversized bodies (item 17)', () => {
    /**
     * Sends the whole body over a real socket, and only then reads the answer, as a simple
     * client does; a reset or broken pipe before the answer is read fails the test.
     */
    const sendWhole = (path: string, bytes: number, token?: string) =>
      new Promise<{ status: number; json: Envelope }>((resolve, reject) => {
        const { port } = new URL(url);
        const tail = `","password":"${PASSWORD}"}`;
        const body = Buffer.alloc(bytes, 'a');
        body.write('{"username":"', 0);
        body.write(tail, bytes - tail.length);
        const head = [
          `POST ${path} HTTP/1.1`,
          `host: 127.0.0.1:${port}`,
          'content-type: application/json',
          `content-length: ${bytes}`,
          ...(token ? [`authorization: Bearer ${token}`] : []),
          '',
          '',
        ].join('\r\n');
        const socket = connect({ host: '127.0.0.1', port: Number(port) });
        const chunks: Buffer[] = [];
        socket.pause();
        socket.on('error', reject);
        socket.on('data', (c: Buffer) => chunks.push(c));
        socket.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          const split = text.indexOf('\r\n\r\n');
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
          try {
            resolve({ status, json: JSON.parse(text.slice(split + 4)) as Envelope });
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
        socket.write(head);
        socket.write(body, () => socket.resume());
      });

    it.each([
      ['/api/auth', 5 * 1024 * 1024],
      ['/api/screenshot/delete', 5 * 1024 * 1024],
      ['/api/screenshot/update', 22 * 1024 * 1024],
    ])('answers %s with a readable 413 every time', async (path, bytes) => {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const res = await sendWhole(path, bytes, sessions.tokens.member);
        expect(res.status, `attempt ${attempt}`).toBe(413);
        expect(res.json).toMatchObject({ status: false, code: ErrorCode.payloadTooLarge });
      }
    });

    it('answers an image body past its limit with the image text', async () => {
      const res = await sendWhole(
        '/api/screenshot/update',
        22 * 1024 * 1024,
        sessions.tokens.member,
      );
      expect(res.json.message).toBe(ScreenshotText.imageTooLarge);
    });

    /**
     * A chunked body that declares a chunk of 2^60 bytes, sent 16 KB at a time until the answer
     * comes: the server must refuse it at once, not read what it has already refused.
     */
    const sendEndlessChunk = (path: string) =>
      new Promise<{
        status: number;
        json: Envelope;
        sent: number;
        ms: number;
        closed: Promise<void>;
      }>((resolve, reject) => {
        const { port } = new URL(url);
        const head = [
          `POST ${path} HTTP/1.1`,
          `host: 127.0.0.1:${port}`,
          'content-type: application/json',
          'transfer-encoding: chunked',
          '',
          'fffffffffffffff',
          '',
        ].join('\r\n');
        const slice = Buffer.alloc(16 * 1024, 'a');
        const total = 2 * 1024 * 1024;
        const socket = connect({ host: '127.0.0.1', port: Number(port) });
        const closed = new Promise<void>((done) => socket.once('close', () => done()));
        const started = Date.now();
        let sent = 0;
        let answer = '';
        let answered = false;
        const finish = () => {
          const split = answer.indexOf('\r\n\r\n');
          const length = Number(/content-length: (\d+)/i.exec(answer)?.[1] ?? NaN);
          if (split < 0 || Buffer.byteLength(answer.slice(split + 4)) < length) return;
          answered = true;
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
          try {
            const json = JSON.parse(answer.slice(split + 4, split + 4 + length)) as Envelope;
            resolve({ status, json, sent, ms: Date.now() - started, closed });
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        };
        // After the answer, the server may reset a connection still sending: that is fine.
        socket.on('error', (err) => {
          if (!answered) reject(err);
        });
        socket.on('data', (c: Buffer) => {
          answer += c.toString();
          if (!answered) finish();
        });
        const sendMore = () => {
          if (answered || socket.destroyed || sent >= total) return;
          sent += slice.length;
          socket.write(slice, () => setTimeout(sendMore, 1));
        };
        socket.write(head, sendMore);
      });

    it('refuses a chunked body declaring an endless chunk at once, and closes', async () => {
      const res = await sendEndlessChunk('/api/auth');
      expect(res.status).toBe(413);
      expect(res.json).toMatchObject({ status: false, code: ErrorCode.payloadTooLarge });
      // The answer came before the client had sent its 2 MB, not after a drain.
      expect(res.sent).toBeLessThan(2 * 1024 * 1024);
      expect(res.ms).toBeLessThan(2000);
      await res.closed;
    });

    it('keeps small routes to a small body limit', async () => {
      // Far below the old 1 MB default, far above any real login.
      const res = await sendWhole('/api/auth', 20 * 1024);
      expect(res.status).toBe(413);
      expect(res.json).toMatchObject({ code: ErrorCode.payloadTooLarge });
    });
  });
});

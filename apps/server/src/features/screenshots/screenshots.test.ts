import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CommonText, ScreenshotLimits, ScreenshotText } from '@atrium/protocol';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screenshots, users } from '../../db/schema.ts';
import { MemoryRateLimiter } from '../../http/rate-limit.ts';
import { testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { FileStore } from '../../lib/file-store.ts';
import { decodeImageData, sniffImage } from './screenshot-image.ts';
import { ScreenshotsRepository } from './screenshots.repository.ts';
import { defaultTitle, saveLimitKey, ScreenshotsService } from './screenshots.service.ts';
import { startDemoCampus } from '../../../test/people.ts';
import type { DemoCampus } from '../../../test/people.ts';

const SAVE = '/apiscreenshot/save-screenshot';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const makeImage = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .withExif({ IFD0: { Copyright: 'secret-exif-marker' } })
    .toFormat(format)
    .toBuffer();
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

interface Saved {
  status: true;
  result: 'OK';
  data: {
    _id: string;
    user_id: string;
    screenshot_title: string;
    place_id: string;
    image: string;
    image_thumb: string;
    width: number;
    height: number;
    createdAt: string;
  };
}

describe('screenshot helpers', () => {
  it('makes the default title from the place and the time', () => {
    expect(defaultTitle('campus:plaza', new Date('2026-11-22T14:05:09Z'))).toBe(
      'Campus plaza — 22 Nov 2026, 14:05',
    );
    expect(defaultTitle('campus:gallery-hall', new Date('2026-01-02T03:04:00Z'))).toBe(
      'Campus gallery hall — 2 Jan 2026, 03:04',
    );
  });

  it('sniffs pictures by their bytes and decodes base64 strictly', () => {
    expect(sniffImage(PNG_MAGIC)).toBe('png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(decodeImageData('data:image/png;base64,AAEC')).toEqual(Buffer.from([0, 1, 2]));
    for (const bad of ['AAE', 'AA EC', 'AA\nEC', 'AA-_', '=AAA', 'AAEC===']) {
      expect(() => decodeImageData(bad)).toThrow(ScreenshotText.invalidBase64);
    }
    expect(() => decodeImageData('data:image/svg+xml;base64,AAEC')).toThrow(
      ScreenshotText.invalidImage,
    );
  });

  it('refuses file keys that could leave the store', async () => {
    const store = new FileStore(await mkdtemp(path.join(os.tmpdir(), 'atrium-fs-')));
    for (const key of [['..', 'x'], ['a', '../b'], ['a/b'], ['.hidden'], [], ['a', '']]) {
      await expect(store.write(key, Buffer.from('x'))).rejects.toThrow(/unsafe file key/);
    }
  });
});

describe.each(testDatabaseKinds())('screenshots on %s', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  let dataDir: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  let campus: DemoCampus;

  beforeAll(async () => {
    campus = await startDemoCampus(kind, 'shots');
    ({ database, server, dataDir } = campus);
    Object.assign(tokens, campus.tokens);
    Object.assign(ids, campus.ids);
  });
  afterAll(() => campus.close());
  beforeEach(async () => {
    for (const id of Object.values(ids)) await server.app.services.limiter.reset(saveLimitKey(id));
  });

  const save = (body: Record<string, string>, role?: string) =>
    fetch(`${server.url}${SAVE}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(role ? { authorization: `Bearer ${tokens[role]}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const saveOk = async (body: Record<string, string>, role?: string) => {
    const res = await save(body, role);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Saved;
  };
  const filePath = (userId: string, name: string) =>
    path.join(dataDir, 'files', 'screenshots', userId, name);
  const stored = async () => ({
    rows: (await database.db.select().from(screenshots)).length,
    files: (await readdir(path.join(dataDir, 'files'), { recursive: true }).catch(() => []))
      .filter((f) => /\.\w+$/.test(f))
      .sort(),
  });
  const getFile = (url: string, role?: string) =>
    fetch(`${server.url}${url}`, {
      headers: role ? { authorization: `Bearer ${tokens[role]}` } : {},
    });

  it('saves a PNG as a clean PNG plus a thumbnail, and stores the row', async () => {
    const { data } = await saveOk(
      { place_id: 'campus:plaza', image: dataUrl(await makeImage(800, 600)) },
      'member',
    );
    const userId = ids.member ?? '';
    expect(data).toMatchObject({
      user_id: userId,
      place_id: 'campus:plaza',
      width: 800,
      height: 600,
    });
    expect(data.screenshot_title).toMatch(
      /^Campus plaza — \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d$/,
    );
    const name = /^\/api\/screenshot\/file\/[\w-]+\/([0-9a-f-]{36})\.png$/.exec(data.image)?.[1];
    expect(data.image).toBe(`/api/screenshot/file/${userId}/${name}.png`);
    expect(data.image_thumb).toBe(`/api/screenshot/file/${userId}/${name}_thumb.webp`);

    const [row] = await database.db.select().from(screenshots).where(eq(screenshots.id, data._id));
    expect(row).toMatchObject({
      userId,
      image: `${name}.png`,
      imageThumb: `${name}_thumb.webp`,
      width: 800,
      height: 600,
      description: '',
    });
    const png = await readFile(filePath(userId, `${name}.png`));
    expect(row?.bytes).toBe(png.length);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 800, height: 600 });
    expect(meta.exif).toBeUndefined();
    const thumb = await sharp(await readFile(filePath(userId, `${name}_thumb.webp`))).metadata();
    expect(thumb).toMatchObject({
      format: 'webp',
      width: ScreenshotLimits.thumbWidth,
      height: 360,
    });
    expect((await stored()).files.some((f) => f.endsWith('.tmp'))).toBe(false);
  });

  it('scales big pictures to fit 1920×1080 and never enlarges small ones', async () => {
    const big = await saveOk(
      { place_id: 'campus:gallery', image: dataUrl(await makeImage(3000, 2000)) },
      'member',
    );
    expect(big.data).toMatchObject({ width: 1620, height: 1080 });
    const name = path.basename(big.data.image);
    const png = await sharp(await readFile(filePath(ids.member ?? '', name))).metadata();
    expect(png).toMatchObject({ width: 1620, height: 1080 });

    const small = await saveOk(
      { place_id: 'campus:plaza', image: dataUrl(await makeImage(300, 200)) },
      'member',
    );
    expect(small.data).toMatchObject({ width: 300, height: 200 });
    const thumbName = path.basename(small.data.image_thumb);
    const thumb = await sharp(await readFile(filePath(ids.member ?? '', thumbName))).metadata();
    expect(thumb).toMatchObject({ width: 300, height: 200 });
  });

  it('takes bare base64, a JPEG, and the token in a JSON or form body', async () => {
    const png = await makeImage(64, 48);
    const bare = await saveOk({
      place_id: 'campus:plaza',
      image: png.toString('base64'),
      token: tokens.teacher ?? '',
      username: 'TEACHER',
    });
    expect(bare.data.user_id).toBe(ids.teacher);

    const jpeg = await saveOk(
      { place_id: 'campus:plaza', image: (await makeImage(64, 48, 'jpeg')).toString('base64') },
      'teacher',
    );
    const file = await readFile(filePath(ids.teacher ?? '', path.basename(jpeg.data.image)));
    expect(file.subarray(0, 8)).toEqual(PNG_MAGIC);

    const form = await fetch(`${server.url}${SAVE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        place_id: 'campus:classroom',
        image: dataUrl(png),
        token: tokens.admin ?? '',
        username: 'admin',
      }).toString(),
    });
    expect(form.status).toBe(200);
    expect(((await form.json()) as Saved).data).toMatchObject({
      user_id: ids.admin,
      place_id: 'campus:classroom',
      screenshot_title: expect.stringMatching(/^Campus classroom — /) as unknown,
    });
  });

  it('refuses guests, strangers and a username that is not the token’s', async () => {
    const before = await stored();
    const image = dataUrl(await makeImage(32, 32));
    const cases: [Record<string, string>, string | undefined, number, string][] = [
      [{ place_id: 'campus:plaza', image }, 'guest', 403, ScreenshotText.guestsHaveNoAlbum],
      [
        { place_id: 'campus:plaza', image, token: tokens.guest ?? '' },
        undefined,
        403,
        ScreenshotText.guestsHaveNoAlbum,
      ],
      [{ place_id: 'campus:plaza', image }, undefined, 401, ScreenshotText.loginRequired],
      [
        { place_id: 'campus:plaza', image, token: 'not-a-token', username: 'member' },
        undefined,
        401,
        ScreenshotText.loginRequired,
      ],
      [
        { place_id: 'campus:plaza', image, username: 'admin' },
        'member',
        403,
        ScreenshotText.usernameMismatch,
      ],
      [
        { place_id: 'campus:plaza', image, token: tokens.member ?? '', username: 'admin' },
        undefined,
        403,
        ScreenshotText.usernameMismatch,
      ],
    ];
    for (const [body, role, status, message] of cases) {
      const res = await save(body, role);
      expect(res.status, JSON.stringify({ role, body: { ...body, image: '…' } })).toBe(status);
      expect(await res.json()).toMatchObject({ status: false, message });
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses what is not a picture and writes nothing', async () => {
    const before = await stored();
    const text = Buffer.from('just some notes\n');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>');
    const truncated = (await makeImage(64, 64)).subarray(0, 40);
    const cases: [string, string][] = [
      ['%%%not base64%%%', ScreenshotText.invalidBase64],
      ['iVBORw0KGgo', ScreenshotText.invalidBase64],
      [text.toString('base64'), ScreenshotText.invalidImage],
      [svg.toString('base64'), ScreenshotText.invalidImage],
      [`data:image/svg+xml;base64,${svg.toString('base64')}`, ScreenshotText.invalidImage],
      [dataUrl(svg), ScreenshotText.invalidImage],
      [dataUrl(truncated), ScreenshotText.invalidImage],
      ['data:image/png;base64,', ScreenshotText.imageRequired],
      ['', ScreenshotText.imageRequired],
    ];
    for (const [image, message] of cases) {
      const res = await save({ place_id: 'campus:plaza', image }, 'admin');
      expect(res.status, image.slice(0, 40)).toBe(400);
      expect(await res.json()).toMatchObject({ status: false, message });
    }
    for (const place_id of ['', 'x'.repeat(201), 'a\nb']) {
      const res = await save({ place_id, image: dataUrl(truncated) }, 'admin');
      expect(res.status).toBe(400);
    }
    await server.app.services.limiter.reset(saveLimitKey(ids.admin ?? ''));
    const huge = 'A'.repeat(Math.ceil((ScreenshotLimits.maxImageBytes + 3) / 3) * 4);
    const tooBig = await save({ place_id: 'campus:plaza', image: huge }, 'admin');
    expect(tooBig.status).toBe(400);
    expect(await tooBig.json()).toMatchObject({ message: ScreenshotText.imageTooLarge });
    const tooMuch = await save({ place_id: 'campus:plaza', image: `${huge}${huge}` }, 'admin');
    expect(tooMuch.status).toBe(413);
    expect(await tooMuch.json()).toMatchObject({ message: ScreenshotText.imageTooLarge });
    expect(await stored()).toEqual(before);
  });

  it('serves a file only to its owner', async () => {
    const { data } = await saveOk(
      { place_id: 'campus:plaza', image: dataUrl(await makeImage(120, 80)) },
      'member',
    );
    const userId = ids.member ?? '';
    const res = await getFile(data.image, 'member');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe('inline');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes).toEqual(await readFile(filePath(userId, path.basename(data.image))));
    const thumb = await getFile(data.image_thumb, 'member');
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).format).toBe('webp');

    for (const role of ['teacher', 'admin', 'guest', undefined]) {
      const other = await getFile(data.image, role);
      expect(other.status, String(role)).toBe(404);
      expect(await other.json()).toMatchObject({ status: false, message: CommonText.notFound });
    }
    const missing = `/api/screenshot/file/${userId}/00000000-0000-4000-8000-000000000000.png`;
    expect((await getFile(missing, 'member')).status).toBe(404);
    for (const bad of [
      `/api/screenshot/file/${userId}/..%2F..%2F..%2Fetc%2Fpasswd`,
      `/api/screenshot/file/${userId}/${path.basename(data.image, '.png')}.svg`,
      `/api/screenshot/file/${userId}/${path.basename(data.image)}%00.html`,
      `/api/screenshot/file/..%2F${userId}/${path.basename(data.image)}`,
      `/api/screenshot/file/${userId}/%2e%2e`,
    ]) {
      const res = await getFile(bad, 'member');
      expect([400, 404], bad).toContain(res.status);
      expect(res.headers.get('content-type'), bad).toMatch(/^application\/json/);
    }
  });

  it('limits saves per user', async () => {
    const image = dataUrl(await makeImage(16, 16));
    for (let i = 0; i < ScreenshotLimits.savesPerMinute; i += 1) {
      await saveOk({ place_id: 'campus:plaza', image }, 'teacher');
    }
    const limited = await save({ place_id: 'campus:plaza', image }, 'teacher');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ message: ScreenshotText.tooManySaves });
    await saveOk({ place_id: 'campus:plaza', image }, 'admin');
  });

  it('removes the written files when the row cannot be stored', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'atrium-shots-fail-'));
    const repo = new ScreenshotsRepository(database.db);
    repo.insert = () => Promise.reject(new Error('disk full'));
    const service = new ScreenshotsService({
      repo,
      files: new FileStore(root),
      limiter: new MemoryRateLimiter(),
      verifyToken: () => Promise.resolve(undefined),
    });
    const claims = { sub: ids.member ?? '', username: 'member', role: 'member' as const };
    const image = dataUrl(await makeImage(40, 30));
    await expect(service.save(claims, { place_id: 'campus:plaza', image })).rejects.toThrow(
      'disk full',
    );
    expect(await readdir(path.join(root, 'screenshots', ids.member ?? ''))).toEqual([]);
    await rm(root, { recursive: true, force: true });
  });

  it('refuses a token whose account is gone, and drops its rows with it', async () => {
    const adminId = ids.admin ?? '';
    const own = () => new ScreenshotsRepository(database.db).listByUser(adminId);
    expect((await own()).length).toBeGreaterThan(0);
    await database.db.delete(users).where(eq(users.id, adminId));
    expect(await own()).toEqual([]);
    const res = await save(
      { place_id: 'campus:plaza', image: dataUrl(await makeImage(8, 8)) },
      'admin',
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: ScreenshotText.loginRequired });
  });
});

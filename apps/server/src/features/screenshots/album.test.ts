import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ListScreenshotsResponseSchema, ScreenshotText } from '@atrium/protocol';
import type { Screenshot } from '@atrium/protocol';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screenshots, shareLinks } from '../../db/schema.ts';
import { MemoryRateLimiter } from '../../http/rate-limit.ts';
import { testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { FileStore } from '../../lib/file-store.ts';
import { ScreenshotsRepository } from './screenshots.repository.ts';
import { saveLimitKey, ScreenshotsService } from './screenshots.service.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { startDemoCampus } from '../../../test/people.ts';
import type { DemoCampus } from '../../../test/people.ts';

const PUBLIC_URL = 'https://campus.example';
const BLUE = { r: 30, g: 120, b: 200 };
const RED = { r: 220, g: 20, b: 20 };

const makeImage = (width: number, height: number, background = BLUE) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** The mean colour of a picture, rounded. */
async function colourOf(bytes: Buffer) {
  const { channels } = await sharp(bytes).stats();
  const [r, g, b] = channels.map((c) => Math.round(c.mean));
  return { r, g, b };
}

type Body = Record<string, unknown> | undefined;

describe.each(testDatabaseKinds())('album on %s', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  let dataDir: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  let campus: DemoCampus;

  beforeAll(async () => {
    campus = await startDemoCampus(kind, 'album', { PUBLIC_URL });
    ({ database, server, dataDir } = campus);
    Object.assign(tokens, campus.tokens);
    Object.assign(ids, campus.ids);
  });
  afterAll(() => campus.close());
  beforeEach(async () => {
    for (const id of Object.values(ids)) await server.app.services.limiter.reset(saveLimitKey(id));
  });

  const call = (route: string, body: Body, role?: string) =>
    fetch(`${server.url}/api/screenshot/${route}`, {
      method: 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(role ? { authorization: `Bearer ${tokens[role]}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const callOk = async <T>(route: string, body: Body, role: string) => {
    const res = await call(route, body, role);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as T;
  };
  const expectFailure = async (res: Response, status: number, message?: string) => {
    expect(res.status, `${res.url} ${await res.clone().text()}`).toBe(status);
    const body = (await res.json()) as { status: boolean; message: string };
    expect(body.status).toBe(false);
    if (message) expect(body.message).toBe(message);
    return body.message;
  };
  const create = async (role = 'member', width = 80, height = 60) => {
    await server.app.services.limiter.reset(saveLimitKey(ids[role] ?? ''));
    const image = (await makeImage(width, height)).toString('base64');
    const res = await fetch(`${server.url}/apiscreenshot/save-screenshot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[role]}` },
      body: JSON.stringify({ place_id: 'campus:plaza', image }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Screenshot }).data;
  };
  const filePath = (shot: Screenshot, which: 'image' | 'image_thumb' = 'image') =>
    path.join(dataDir, 'files', 'screenshots', shot.user_id, path.basename(shot[which]));
  const rowOf = async (id: string) =>
    (await database.db.select().from(screenshots).where(eq(screenshots.id, id)))[0];
  const filesOf = async (userId: string) =>
    (await readdir(path.join(dataDir, 'files', 'screenshots', userId)).catch(() => [])).sort();

  it('needs an account on every album call: 401 without a token, 403 for guests', async () => {
    const routes = ['list', 'get', 'update', 'delete', 'share', 'unshare'];
    for (const route of routes) {
      for (const body of [{ screenshot_id: 'x' }, { junk: true }]) {
        await expectFailure(await call(route, body), 401, ScreenshotText.loginRequired);
        await expectFailure(
          await call(route, body, 'guest'),
          403,
          ScreenshotText.guestsHaveNoAlbum,
        );
      }
    }
  });

  it('lists only the caller’s screenshots, newest first, with optional paging', async () => {
    const a1 = await create('teacher');
    const a2 = await create('teacher');
    const a3 = await create('teacher');
    await create('member');
    const { status, screenshots: list } = await callOk<{
      status: boolean;
      screenshots: Screenshot[];
    }>('list', undefined, 'teacher');
    expect(status).toBe(true);
    expect(list.map((s) => s._id).slice(0, 3)).toEqual([a3._id, a2._id, a1._id]);
    expect(list.every((s) => s.user_id === ids.teacher)).toBe(true);
    // The list is built by the database; each item is exactly what `get` answers for it, and
    // the whole answer passes the protocol's schema.
    expect(ListScreenshotsResponseSchema.parse({ status, screenshots: list })).toEqual({
      status,
      screenshots: list,
    });
    for (const item of list.slice(0, 3)) {
      const one = await callOk<{ data: Screenshot }>('get', { screenshot_id: item._id }, 'teacher');
      expect(item).toEqual(one.data);
    }
    const page = await callOk<{ screenshots: Screenshot[] }>(
      'list',
      { limit: 1, offset: 1 },
      'teacher',
    );
    expect(page.screenshots.map((s) => s._id)).toEqual([a2._id]);
    expect((await callOk<{ screenshots: Screenshot[] }>('list', {}, 'admin')).screenshots).toEqual(
      [],
    );
    await expectFailure(await call('list', { limit: 0 }, 'teacher'), 400);
    await expectFailure(await call('list', { evil: 1 }, 'teacher'), 400);
  });

  it('gets the owner’s screenshot; any other id is the same not-found', async () => {
    const shot = await create('member');
    const got = await callOk<{ status: true; data: Screenshot }>(
      'get',
      { screenshot_id: shot._id },
      'member',
    );
    expect(got).toEqual({ status: true, data: shot });
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [id, role] of [
      [shot._id, 'teacher'],
      [shot._id, 'admin'],
      [unknown, 'member'],
      ['not-a-uuid', 'member'],
      ["' or 1=1 --", 'member'],
      ['', 'member'],
    ] as const) {
      await expectFailure(
        await call('get', { screenshot_id: id }, role),
        404,
        ScreenshotText.notFound,
      );
    }
    await expectFailure(await call('get', {}, 'member'), 400, ScreenshotText.idRequired);
    await expectFailure(await call('get', { screenshot_id: 7 }, 'member'), 400);
  });

  it('updates the picture: new pixels, new files, old files gone', async () => {
    const shot = await create('member', 800, 600);
    const oldBytes = await readFile(filePath(shot));
    const image = (await makeImage(400, 300, RED)).toString('base64');
    const { data } = await callOk<{ data: Screenshot }>(
      'update',
      { screenshot_id: shot._id, screenshot_title: '  Sunset  ', image },
      'member',
    );
    expect(data).toMatchObject({
      _id: shot._id,
      screenshot_title: 'Sunset',
      width: 400,
      height: 300,
      createdAt: shot.createdAt,
    });
    expect(data.image).not.toBe(shot.image);
    expect(data.image_thumb).not.toBe(shot.image_thumb);
    expect(Date.parse(data.modifiedDate)).toBeGreaterThan(Date.parse(shot.modifiedDate));
    expect(Date.parse(data.updatedAt)).toBeGreaterThan(Date.parse(shot.updatedAt));

    const png = await readFile(filePath(data));
    expect(png).not.toEqual(oldBytes);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 400, height: 300 });
    expect(await colourOf(png)).toEqual(RED);
    const thumb = await readFile(filePath(data, 'image_thumb'));
    expect((await sharp(thumb).metadata()).format).toBe('webp');
    const files = await filesOf(shot.user_id);
    expect(files).not.toContain(path.basename(shot.image));
    expect(files).not.toContain(path.basename(shot.image_thumb));
    expect(files.some((f) => f.endsWith('.tmp'))).toBe(false);

    // The owner's file route serves the new picture.
    const served = await fetch(`${server.url}${data.image}`, {
      headers: { authorization: `Bearer ${tokens.member}` },
    });
    expect(await colourOf(Buffer.from(await served.arrayBuffer()))).toEqual(RED);

    // A big picture is fitted into 1920×1080; a data-URL prefix is tolerated.
    const big = await makeImage(3840, 1000);
    const fitted = await callOk<{ data: Screenshot }>(
      'update',
      {
        screenshot_id: shot._id,
        screenshot_title: 'Wide',
        image: `data:image/png;base64,${big.toString('base64')}`,
      },
      'member',
    );
    expect(fitted.data).toMatchObject({ width: 1920, height: 500 });
  });

  it('updates only the title when no image comes', async () => {
    const shot = await create('member');
    const { data } = await callOk<{ data: Screenshot }>(
      'update',
      { screenshot_id: shot._id, screenshot_title: 'Just a name' },
      'member',
    );
    expect(data).toMatchObject({
      screenshot_title: 'Just a name',
      image: shot.image,
      image_thumb: shot.image_thumb,
      modifiedDate: shot.modifiedDate,
    });
    expect(await readFile(filePath(shot))).toBeTruthy();
  });

  it('refuses a bad update or another user’s screenshot and changes nothing', async () => {
    const shot = await create('member');
    const before = { row: await rowOf(shot._id), bytes: await readFile(filePath(shot)) };
    const files = await filesOf(shot.user_id);
    const red = (await makeImage(10, 10, RED)).toString('base64');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64');
    const cases: [Record<string, unknown>, string, number, string?][] = [
      [{ screenshot_title: '   ' }, 'member', 400, ScreenshotText.titleRequired],
      [{ screenshot_title: 'x'.repeat(121) }, 'member', 400, ScreenshotText.titleTooLong],
      [{ screenshot_title: 'a\nb' }, 'member', 400, ScreenshotText.titleInvalid],
      [{ image: red }, 'member', 400, ScreenshotText.titleRequired],
      [{ screenshot_title: 'T', image: '%%%' }, 'member', 400, ScreenshotText.invalidBase64],
      [{ screenshot_title: 'T', image: svg }, 'member', 400, ScreenshotText.invalidImage],
      [{ screenshot_title: 'T', image: '' }, 'member', 400, ScreenshotText.imageRequired],
      [{ screenshot_title: 'T', extra: 1 }, 'member', 400],
      [{ screenshot_title: 'T', image: red }, 'teacher', 404, ScreenshotText.notFound],
      [{ screenshot_title: 'T' }, 'admin', 404, ScreenshotText.notFound],
    ];
    for (const [body, role, status, message] of cases) {
      const res = await call('update', { screenshot_id: shot._id, ...body }, role);
      await expectFailure(res, status, message);
    }
    expect(await rowOf(shot._id)).toEqual(before.row);
    expect(await readFile(filePath(shot))).toEqual(before.bytes);
    expect(await filesOf(shot.user_id)).toEqual(files);
  });

  it('keeps the old files and row when the update cannot be stored', async () => {
    const shot = await create('member');
    const before = { row: await rowOf(shot._id), bytes: await readFile(filePath(shot)) };
    const files = await filesOf(shot.user_id);
    const repo = new ScreenshotsRepository(database.db);
    repo.updateOwned = () => Promise.reject(new Error('disk full'));
    const service = new ScreenshotsService({
      repo,
      files: new FileStore(path.join(dataDir, 'files')),
      limiter: new MemoryRateLimiter(),
      verifyToken: () => Promise.resolve(undefined),
    });
    const claims = { sub: shot.user_id, username: 'member', role: 'member' as const };
    const image = (await makeImage(20, 20, RED)).toString('base64');
    await expect(
      service.update(claims, { screenshot_id: shot._id, screenshot_title: 'New', image }),
    ).rejects.toThrow('disk full');
    expect(await rowOf(shot._id)).toEqual(before.row);
    expect(await readFile(filePath(shot))).toEqual(before.bytes);
    expect(await filesOf(shot.user_id)).toEqual(files);
  });

  it('deletes the row and the files, for the owner only', async () => {
    const shot = await create('member');
    for (const role of ['teacher', 'admin']) {
      await expectFailure(
        await call('delete', { screenshot_id: shot._id }, role),
        404,
        ScreenshotText.notFound,
      );
    }
    expect(await rowOf(shot._id)).toBeDefined();
    const res = await callOk<{ status: true; message: string }>(
      'delete',
      { screenshot_id: shot._id },
      'member',
    );
    expect(res).toEqual({ status: true, message: ScreenshotText.deleted });
    expect(await rowOf(shot._id)).toBeUndefined();
    const files = await filesOf(shot.user_id);
    expect(files).not.toContain(path.basename(shot.image));
    expect(files).not.toContain(path.basename(shot.image_thumb));
    await expectFailure(
      await call('delete', { screenshot_id: shot._id }, 'member'),
      404,
      ScreenshotText.notFound,
    );
    await expectFailure(
      await call('get', { screenshot_id: shot._id }, 'member'),
      404,
      ScreenshotText.notFound,
    );
  });

  it('shares a screenshot anonymously until revoked or deleted', async () => {
    const shot = await create('member');
    await callOk(
      'update',
      { screenshot_id: shot._id, screenshot_title: '<b>"Hi" & \'yo\'</b>' },
      'member',
    );
    for (const role of ['teacher', 'admin']) {
      for (const route of ['share', 'unshare']) {
        await expectFailure(
          await call(route, { screenshot_id: shot._id }, role),
          404,
          ScreenshotText.notFound,
        );
      }
    }
    type Shared = { status: true; data: { token: string; url: string } };
    const first = await callOk<Shared>('share', { screenshot_id: shot._id }, 'member');
    const { token, url } = first.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`${PUBLIC_URL}/p/${token}`);
    expect((await callOk<Shared>('share', { screenshot_id: shot._id }, 'member')).data.token).toBe(
      token,
    );

    const photo = () => fetch(`${server.url}/api/public/photo/${token}`);
    const page = () => fetch(`${server.url}/p/${token}`);
    const res = await photo();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(await readFile(filePath(shot)));

    const html = await page();
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    const text = await html.text();
    const title = escapeHtml('<b>"Hi" & \'yo\'</b>');
    expect(title).not.toMatch(/[<>"']/);
    expect(text).toContain(`<meta property="og:title" content="${title}">`);
    expect(text).toContain(
      `<meta property="og:image" content="${PUBLIC_URL}/api/public/photo/${token}">`,
    );
    expect(text).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(text).toContain(`<img src="/api/public/photo/${token}"`);
    expect(text).not.toContain('<b>');

    for (const bad of ['x', 'A'.repeat(43), '..%2F..%2Fetc%2Fpasswd', `${token}x`]) {
      await expectFailure(
        await fetch(`${server.url}/api/public/photo/${bad}`),
        404,
        ScreenshotText.shareNotFound,
      );
      expect((await fetch(`${server.url}/p/${bad}`)).status).toBe(404);
    }

    expect(await callOk('unshare', { screenshot_id: shot._id }, 'member')).toEqual({
      status: true,
      message: ScreenshotText.unshared,
    });
    await expectFailure(await photo(), 404, ScreenshotText.shareNotFound);
    const gone = await page();
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain(escapeHtml(ScreenshotText.shareNotFound));

    const again = await callOk<Shared>('share', { screenshot_id: shot._id }, 'member');
    expect(again.data.token).not.toBe(token);
    expect((await fetch(`${server.url}/api/public/photo/${again.data.token}`)).status).toBe(200);
    await callOk('delete', { screenshot_id: shot._id }, 'member');
    await expectFailure(
      await fetch(`${server.url}/api/public/photo/${again.data.token}`),
      404,
      ScreenshotText.shareNotFound,
    );
    expect((await fetch(`${server.url}/p/${again.data.token}`)).status).toBe(404);
    const links = await database.db
      .select()
      .from(shareLinks)
      .where(eq(shareLinks.screenshotId, shot._id));
    expect(links).toEqual([]);
  });

  it('tells the owner whether a photo has a public link, and never makes one by asking', async () => {
    const shot = await create('member');
    const linkOf = (role?: string) =>
      fetch(
        `${server.url}/api/screenshot/share-link?screenshot_id=${encodeURIComponent(shot._id)}`,
        role ? { headers: { authorization: `Bearer ${tokens[role]}` } } : {},
      );
    const liveLinks = () =>
      database.db.select().from(shareLinks).where(eq(shareLinks.screenshotId, shot._id));

    expect(await (await linkOf('member')).json()).toEqual({ status: true, data: null });
    expect(await (await linkOf('member')).json()).toEqual({ status: true, data: null });
    expect(await liveLinks()).toEqual([]);
    await expectFailure(await linkOf(), 401);
    await expectFailure(await linkOf('teacher'), 404, ScreenshotText.notFound);

    type Shared = { status: true; data: { token: string; url: string } };
    const shared = await callOk<Shared>('share', { screenshot_id: shot._id }, 'member');
    expect(await (await linkOf('member')).json()).toEqual({ status: true, data: shared.data });
    await callOk('unshare', { screenshot_id: shot._id }, 'member');
    expect(await (await linkOf('member')).json()).toEqual({ status: true, data: null });
    await callOk('delete', { screenshot_id: shot._id }, 'member');
  });

  it('asks search engines not to index a share page or its photo, live or gone', async () => {
    const shot = await create('member');
    type Shared = { status: true; data: { token: string } };
    const { token } = (await callOk<Shared>('share', { screenshot_id: shot._id }, 'member')).data;
    const robotsMeta = '<meta name="robots" content="noindex">';

    const page = await fetch(`${server.url}/p/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(await page.text()).toContain(robotsMeta);
    const photo = await fetch(`${server.url}/api/public/photo/${token}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('x-robots-tag')).toBe('noindex');

    await callOk('unshare', { screenshot_id: shot._id }, 'member');
    const gone = await fetch(`${server.url}/p/${token}`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('x-robots-tag')).toBe('noindex');
    expect(await gone.text()).toContain(robotsMeta);
    await callOk('delete', { screenshot_id: shot._id }, 'member');
  });

  it('lights the My Album dot for photos newer than the last look, and puts it out', async () => {
    const news = async (role?: string) =>
      fetch(`${server.url}/api/screenshot/news`, {
        headers: role ? { authorization: `Bearer ${tokens[role]}` } : {},
      });
    const hasNew = async (role: string) => {
      const res = await news(role);
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { has_new: boolean } }).data.has_new;
    };
    await expectFailure(await news(), 401, ScreenshotText.loginRequired);
    await expectFailure(await news('guest'), 403, ScreenshotText.guestsHaveNoAlbum);
    await expectFailure(await call('seen', {}), 401, ScreenshotText.loginRequired);
    await expectFailure(await call('seen', {}, 'guest'), 403, ScreenshotText.guestsHaveNoAlbum);

    await callOk('seen', {}, 'member');
    expect(await hasNew('member')).toBe(false);
    const shot = await create('member');
    expect(await hasNew('member')).toBe(true);
    // Another user's photo is not news for the member.
    await callOk('seen', {}, 'teacher');
    await create('member');
    expect(await hasNew('teacher')).toBe(false);
    expect(await callOk('seen', {}, 'member')).toEqual({
      status: true,
      message: ScreenshotText.albumSeen,
    });
    expect(await hasNew('member')).toBe(false);
    // Editing or deleting is not news; a new photo is.
    await callOk('update', { screenshot_id: shot._id, screenshot_title: 'Edited' }, 'member');
    expect(await hasNew('member')).toBe(false);
    await create('member');
    expect(await hasNew('member')).toBe(true);
  });

  it('lists 1,000 screenshots, all of them, newest first', async () => {
    // Timing lives in bench/album-list.mjs; this checks what the list answers.
    const userId = ids.admin ?? '';
    const repo = new ScreenshotsRepository(database.db);
    const image = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    for (let i = 0; i < 1000; i += 1) {
      await repo.insert({
        userId,
        screenshotTitle: `Shot ${i}`,
        placeId: 'campus:plaza',
        description: '',
        image: `${image(i)}.png`,
        imageThumb: `${image(i)}_thumb.webp`,
        width: 1920,
        height: 1080,
        bytes: 1000,
        // Distinct times: rows inserted within one clock tick would make "newest first" a tie.
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000),
      });
    }
    const { screenshots: list } = await callOk<{ screenshots: Screenshot[] }>(
      'list',
      undefined,
      'admin',
    );
    expect(list).toHaveLength(1000);
    expect(list.map((s) => s.screenshot_title)).toEqual(
      Array.from({ length: 1000 }, (_, i) => `Shot ${999 - i}`),
    );
    expect(list.every((s) => s.user_id === userId)).toBe(true);
    expect(list[0]).toMatchObject({
      image: `/api/screenshot/file/${userId}/${image(999)}.png`,
      createdAt: new Date(Date.UTC(2026, 0, 1) + 999_000).toISOString(),
    });

    // A large list is reused while the album is unchanged; every change shows at once.
    const listAgain = async () =>
      (await callOk<{ screenshots: Screenshot[] }>('list', undefined, 'admin')).screenshots;
    expect(await listAgain()).toEqual(list);
    const target = list[500]!;
    await callOk('update', { screenshot_id: target._id, screenshot_title: 'Renamed' }, 'admin');
    const renamed = await listAgain();
    expect(renamed[500]?.screenshot_title).toBe('Renamed');
    await callOk('delete', { screenshot_id: list[0]!._id }, 'admin');
    const fewer = await listAgain();
    expect(fewer).toHaveLength(999);
    expect(fewer[0]?._id).toBe(list[1]!._id);
    // A row changed behind the server's back (another instance) shows too.
    await database.db
      .update(screenshots)
      .set({ screenshotTitle: 'Elsewhere', updatedAt: new Date(Date.UTC(2020, 0, 1)) })
      .where(eq(screenshots.id, list[2]!._id));
    expect((await listAgain())[1]?.screenshot_title).toBe('Elsewhere');
  }, 60_000);
});

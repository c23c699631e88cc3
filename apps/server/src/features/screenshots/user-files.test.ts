import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CommonText, ScreenshotLimits, ScreenshotText } from '@atrium/protocol';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test/databases.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { uploadLimitKey } from './user-files.service.ts';
import { startDemoCampus } from '../../../test/people.ts';
import type { DemoCampus } from '../../../test/people.ts';

const UPLOAD = '/apiuserfiles/upload-png';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const RED = { r: 220, g: 20, b: 20 };

const makeImage = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: RED } })
    .withExif({ IFD0: { Copyright: 'secret-exif-marker' } })
    .png()
    .toBuffer();

interface Uploaded {
  status: true;
  result: 'OK';
  message: string;
  data: { fileUrl: string };
}

describe.each(testDatabaseKinds())('editor PNG uploads on %s', (kind) => {
  let server: TestApp;
  let dataDir: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  let campus: DemoCampus;

  beforeAll(async () => {
    campus = await startDemoCampus(kind, 'userfiles');
    ({ server, dataDir } = campus);
    Object.assign(tokens, campus.tokens);
    Object.assign(ids, campus.ids);
  });
  afterAll(() => campus.close());
  beforeEach(async () => {
    for (const id of Object.values(ids)) {
      await server.app.services.limiter.reset(uploadLimitKey(id));
    }
  });

  const upload = (body: Record<string, unknown>, role?: string) =>
    fetch(`${server.url}${UPLOAD}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(role ? { authorization: `Bearer ${tokens[role]}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const uploadOk = async (body: Record<string, unknown>, role: string) => {
    const res = await upload(body, role);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Uploaded;
  };
  const expectFailure = async (res: Response, status: number, message?: string) => {
    expect(res.status, await res.clone().text()).toBe(status);
    const body = (await res.json()) as { status: boolean; message: string };
    expect(body.status).toBe(false);
    if (message) expect(body.message).toBe(message);
  };
  /** Every file under DATA_DIR/files, temporary ones included. */
  const storedFiles = async () =>
    (await readdir(path.join(dataDir, 'files'), { recursive: true }).catch(() => []))
      .filter((f) => /\.\w+$/.test(f))
      .sort();
  const userFilePath = (fileUrl: string) =>
    path.join(dataDir, 'files', 'userfiles', ...fileUrl.split('/').slice(-2));
  const getFile = (url: string, role?: string) =>
    fetch(`${server.url}${url}`, {
      headers: role ? { authorization: `Bearer ${tokens[role]}` } : {},
    });

  it('stores a clean PNG and serves it to its owner only', async () => {
    const userId = ids.member ?? '';
    const png = await makeImage(320, 200);
    const res = await uploadOk({ userId, png_data: png.toString('base64') }, 'member');
    expect(res).toMatchObject({ status: true, result: 'OK', message: ScreenshotText.uploaded });
    const { fileUrl } = res.data;
    expect(fileUrl).toMatch(
      new RegExp(
        `^/api/userfiles/file/${userId}/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\\.png$`,
      ),
    );

    const stored = await readFile(userFilePath(fileUrl));
    expect(stored.subarray(0, 8)).toEqual(PNG_MAGIC);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 320, height: 200 });
    expect(meta.exif).toBeUndefined();
    expect((await storedFiles()).some((f) => f.endsWith('.tmp'))).toBe(false);

    const own = await getFile(fileUrl, 'member');
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('content-disposition')).toBe('inline');
    expect(Buffer.from(await own.arrayBuffer())).toEqual(stored);

    for (const role of ['teacher', 'admin', 'guest']) {
      await expectFailure(await getFile(fileUrl, role), 404, CommonText.notFound);
    }
    await expectFailure(await getFile(fileUrl), 404, CommonText.notFound);
    // The same name under another user's folder is not the member's file.
    const elsewhere = fileUrl.replace(userId, ids.teacher ?? '');
    expect((await getFile(elsewhere, 'teacher')).status).toBe(404);
    const missing = `/api/userfiles/file/${userId}/00000000-0000-4000-8000-000000000000.png`;
    expect((await getFile(missing, 'member')).status).toBe(404);
    const name = path.basename(fileUrl);
    for (const bad of [
      `/api/userfiles/file/${userId}/..%2F..%2F..%2Fetc%2Fpasswd`,
      `/api/userfiles/file/${userId}/${path.basename(name, '.png')}.svg`,
      `/api/userfiles/file/${userId}/${name}%00.html`,
      `/api/userfiles/file/..%2F${userId}/${name}`,
      `/api/userfiles/file/${userId}/%2e%2e`,
      `/api/userfiles/file/${userId}/..%2F..%2Fscreenshots%2F${userId}%2F${name}`,
    ]) {
      const res = await getFile(bad, 'member');
      expect([400, 404], bad).toContain(res.status);
      expect(res.headers.get('content-type'), bad).toMatch(/^application\/json/);
    }
  });

  it('accepts a data-URL prefix and a form body', async () => {
    const png = await makeImage(40, 30);
    const prefixed = await uploadOk(
      { userId: ids.teacher, png_data: `data:image/png;base64,${png.toString('base64')}` },
      'teacher',
    );
    const meta = await sharp(await readFile(userFilePath(prefixed.data.fileUrl))).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 40, height: 30 });

    const form = await fetch(`${server.url}${UPLOAD}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Bearer ${tokens.teacher}`,
      },
      body: new URLSearchParams({
        userId: ids.teacher ?? '',
        png_data: `data:image/png;base64,${png.toString('base64')}`,
      }).toString(),
    });
    expect(form.status, await form.clone().text()).toBe(200);
    const { fileUrl } = ((await form.json()) as Uploaded).data;
    expect(fileUrl).not.toBe(prefixed.data.fileUrl);
    expect(await readFile(userFilePath(fileUrl))).toEqual(
      await readFile(userFilePath(prefixed.data.fileUrl)),
    );
  });

  it('fits a big picture into 1920×1080 and never enlarges', async () => {
    const wide = await uploadOk(
      { userId: ids.member, png_data: (await makeImage(3840, 1600)).toString('base64') },
      'member',
    );
    expect(await sharp(await readFile(userFilePath(wide.data.fileUrl))).metadata()).toMatchObject({
      width: 1920,
      height: 800,
    });
    const tall = await uploadOk(
      { userId: ids.member, png_data: (await makeImage(1000, 2160)).toString('base64') },
      'member',
    );
    expect(await sharp(await readFile(userFilePath(tall.data.fileUrl))).metadata()).toMatchObject({
      width: 500,
      height: 1080,
    });
  });

  it('needs an account: 401 without a token, 403 for guests, and writes nothing', async () => {
    const before = await storedFiles();
    const png_data = (await makeImage(16, 16)).toString('base64');
    for (const body of [{ userId: ids.member, png_data }, { junk: true }]) {
      await expectFailure(await upload(body), 401, ScreenshotText.loginRequired);
      await expectFailure(await upload(body, 'guest'), 403, ScreenshotText.guestsHaveNoAlbum);
    }
    const bogus = await fetch(`${server.url}${UPLOAD}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer not-a-token' },
      body: JSON.stringify({ userId: ids.member, png_data }),
    });
    await expectFailure(bogus, 401, ScreenshotText.loginRequired);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a userId that is not the caller’s and writes nothing', async () => {
    const before = await storedFiles();
    const png_data = (await makeImage(16, 16)).toString('base64');
    for (const userId of [ids.admin, ids.teacher, '00000000-0000-4000-8000-000000000000', 'x']) {
      await expectFailure(
        await upload({ userId, png_data }, 'member'),
        403,
        ScreenshotText.userIdMismatch,
      );
    }
    await expectFailure(await upload({ png_data }, 'member'), 400, ScreenshotText.userIdRequired);
    expect(await storedFiles()).toEqual(before);
    expect(
      await readdir(path.join(dataDir, 'files', 'userfiles', ids.admin ?? '')).catch(() => []),
    ).toEqual([]);
  });

  it('refuses what is not a picture, or too big, and writes nothing', async () => {
    const before = await storedFiles();
    const userId = ids.admin;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>');
    const truncated = (await makeImage(64, 64)).subarray(0, 40);
    const cases: [string, string][] = [
      ['%%%not base64%%%', ScreenshotText.invalidBase64],
      [Buffer.from('just some notes\n').toString('base64'), ScreenshotText.invalidImage],
      [svg.toString('base64'), ScreenshotText.invalidImage],
      [`data:image/svg+xml;base64,${svg.toString('base64')}`, ScreenshotText.invalidImage],
      [`data:image/png;base64,${svg.toString('base64')}`, ScreenshotText.invalidImage],
      [`data:image/png;base64,${truncated.toString('base64')}`, ScreenshotText.invalidImage],
      ['data:image/png;base64,', ScreenshotText.imageRequired],
      ['', ScreenshotText.imageRequired],
    ];
    for (const [png_data, message] of cases) {
      await expectFailure(await upload({ userId, png_data }, 'admin'), 400, message);
    }
    await expectFailure(await upload({ userId, png_data: 7 }, 'admin'), 400);
    await expectFailure(await upload({ userId, png_data: 'AAAA', extra: 1 }, 'admin'), 400);

    await server.app.services.limiter.reset(uploadLimitKey(ids.admin ?? ''));
    const huge = 'A'.repeat(Math.ceil((ScreenshotLimits.maxImageBytes + 3) / 3) * 4);
    await expectFailure(
      await upload({ userId, png_data: huge }, 'admin'),
      400,
      ScreenshotText.imageTooLarge,
    );
    await expectFailure(
      await upload({ userId, png_data: `${huge}${huge}` }, 'admin'),
      413,
      ScreenshotText.imageTooLarge,
    );
    expect(await storedFiles()).toEqual(before);
  });

  it('limits uploads per user', async () => {
    const png_data = (await makeImage(8, 8)).toString('base64');
    for (let i = 0; i < ScreenshotLimits.uploadsPerMinute; i += 1) {
      await uploadOk({ userId: ids.teacher, png_data }, 'teacher');
    }
    const files = await storedFiles();
    await expectFailure(
      await upload({ userId: ids.teacher, png_data }, 'teacher'),
      429,
      ScreenshotText.tooManyUploads,
    );
    expect(await storedFiles()).toEqual(files);
    await uploadOk({ userId: ids.admin, png_data }, 'admin');
  });
});

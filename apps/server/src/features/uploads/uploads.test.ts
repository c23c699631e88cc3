import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { AuthText, UploadLimits, UploadText } from '@atrium/protocol';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.ts';
import { buildZip } from '../../../test/zip-fixtures.ts';
import { uploadsLimitKey } from './uploads.service.ts';
import { startDemoCampus } from '../../../test/people.ts';
import type { DemoCampus } from '../../../test/people.ts';

const TEMP = '/apipublicfiles/upload-temp';
const ZIP = '/upload.php';
const NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]+)?$/;

const png = (width = 16, height = 16) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();

// The uploads keep no rows; one database kind is enough for the app to start.
describe('temp and zip uploads', () => {
  let server: TestApp;
  let dataDir: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  let campus: DemoCampus;

  beforeAll(async () => {
    campus = await startDemoCampus('pglite', 'uploads');
    ({ server, dataDir } = campus);
    Object.assign(tokens, campus.tokens);
    Object.assign(ids, campus.ids);
  });
  afterAll(() => campus.close());
  beforeEach(async () => {
    for (const id of Object.values(ids))
      await server.app.services.limiter.reset(uploadsLimitKey(id));
  });

  /** Every file anywhere under DATA_DIR, temporary ones included, relative to it. */
  const storedFiles = async (): Promise<string[]> => {
    const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dataDir, path.join(e.parentPath, e.name)))
      .sort();
  };

  const post = (
    url: string,
    field: string,
    data: Buffer | string,
    options: { role?: string; filename?: string; type?: string } = {},
  ) => {
    const form = new FormData();
    form.append(
      field,
      new Blob([data], { type: options.type ?? 'application/octet-stream' }),
      options.filename ?? 'file.bin',
    );
    return fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[options.role ?? 'member']}` },
      body: form,
    });
  };
  const expectFailure = async (res: Response, status: number, message: string) => {
    expect(res.status, await res.clone().text()).toBe(status);
    expect(await res.json()).toMatchObject({ status: false, message });
  };
  /** A refusal that must leave DATA_DIR exactly as it was. */
  const expectRefusedAndNothingWritten = async (
    request: () => Promise<Response>,
    status: number,
    message: string,
  ) => {
    const before = await storedFiles();
    await expectFailure(await request(), status, message);
    expect(await storedFiles()).toEqual(before);
  };

  describe('POST /apipublicfiles/upload-temp', () => {
    it('stores a good PNG and a JPEG under server-made names and answers the name', async () => {
      for (const [bytes, ext] of [
        [await png(), 'png'],
        [
          await sharp(await png())
            .jpeg()
            .toBuffer(),
          'jpg',
        ],
        [
          await sharp(await png())
            .webp()
            .toBuffer(),
          'webp',
        ],
        [
          await sharp(await png())
            .gif()
            .toBuffer(),
          'gif',
        ],
      ] as const) {
        const res = await post(TEMP, 'upload_temp', bytes, {
          filename: '../../evil name.exe',
          type: 'text/html',
        });
        expect(res.status, await res.clone().text()).toBe(200);
        const body = (await res.json()) as { status: true; result: string; message: string };
        expect(body).toMatchObject({ status: true, result: 'OK' });
        expect(body.message).toMatch(NAME);
        expect(body.message.endsWith(`.${ext}`)).toBe(true);
        const stored = await readFile(path.join(dataDir, 'files/uploads/temp', body.message));
        expect(stored.equals(bytes)).toBe(true);
      }
    });

    it('takes exactly 2,000,000 bytes and refuses 2,000,001 with the spec text', async () => {
      const image = await png();
      const exact = Buffer.concat([image, Buffer.alloc(UploadLimits.tempMaxBytes - image.length)]);
      const ok = await post(TEMP, 'upload_temp', exact, { filename: 'a.png' });
      expect(ok.status, await ok.clone().text()).toBe(200);

      const over = Buffer.concat([exact, Buffer.alloc(1)]);
      await expectRefusedAndNothingWritten(
        () => post(TEMP, 'upload_temp', over, { filename: 'a.png' }),
        413,
        UploadText.tempTooLarge,
      );
      // Far over the limit: still the text, and the server does not keep the body.
      const huge = Buffer.concat([image, Buffer.alloc(20_000_000)]);
      await expectRefusedAndNothingWritten(
        () => post(TEMP, 'upload_temp', huge, { filename: 'a.png' }),
        413,
        UploadText.tempTooLarge,
      );
    });

    it('sniffs the type from the bytes: a text file or an SVG named .png is refused', async () => {
      await expectRefusedAndNothingWritten(
        () =>
          post(TEMP, 'upload_temp', '<html><script>alert(1)</script></html>', {
            filename: 'photo.png',
            type: 'image/png',
          }),
        400,
        UploadText.notAnImage,
      );
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>';
      await expectRefusedAndNothingWritten(
        () => post(TEMP, 'upload_temp', svg, { filename: 'photo.png', type: 'image/png' }),
        400,
        UploadText.notAnImage,
      );
      // A PNG signature followed by rubbish is not an image either.
      const fake = Buffer.concat([(await png()).subarray(0, 8), Buffer.alloc(200, 7)]);
      await expectRefusedAndNothingWritten(
        () => post(TEMP, 'upload_temp', fake, { filename: 'photo.png', type: 'image/png' }),
        400,
        UploadText.notAnImage,
      );
    });

    it('refuses guests, anonymous callers, a wrong field and a non-multipart body', async () => {
      const image = await png();
      await expectRefusedAndNothingWritten(
        () => post(TEMP, 'upload_temp', image, { role: 'guest' }),
        403,
        AuthText.registerRequired,
      );
      await expectRefusedAndNothingWritten(
        () => {
          const form = new FormData();
          form.append('upload_temp', new Blob([image]), 'a.png');
          return fetch(`${server.url}${TEMP}`, { method: 'POST', body: form });
        },
        401,
        AuthText.notSignedIn,
      );
      await expectRefusedAndNothingWritten(
        () => post(TEMP, 'upload_zip', image),
        400,
        UploadText.fileRequired,
      );
      await expectRefusedAndNothingWritten(
        () =>
          fetch(`${server.url}${TEMP}`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${tokens.member}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ upload_temp: image.toString('base64') }),
          }),
        400,
        UploadText.notMultipart,
      );
    });

    it('answers malformed multipart bodies with a 4xx envelope, never a 500', async () => {
      const send = (contentType: string, body: string) =>
        fetch(`${server.url}${TEMP}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens.member}`, 'content-type': contentType },
          body,
        });
      const cases: Array<[string, string]> = [
        ['multipart/form-data', '--x\r\n'],
        ['multipart/form-data; boundary=x', 'not multipart at all'],
        [
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="upload_temp"; filename="a.png"\r\n\r\nabc',
        ],
        [
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--x--\r\n',
        ],
      ];
      for (const [contentType, body] of cases) {
        const before = await storedFiles();
        const res = await send(contentType, body);
        expect(
          res.status,
          `${contentType} ${body}: ${await res.clone().text()}`,
        ).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(await res.json()).toMatchObject({ status: false });
        expect(await storedFiles()).toEqual(before);
      }
    });

    it('limits uploads per user and minute', async () => {
      const image = await png();
      for (let i = 0; i < UploadLimits.uploadsPerMinute; i += 1) {
        expect((await post(TEMP, 'upload_temp', image, { role: 'teacher' })).status).toBe(200);
      }
      await expectRefusedAndNothingWritten(
        () => post(TEMP, 'upload_temp', image, { role: 'teacher' }),
        429,
        UploadText.tooManyUploads,
      );
    });
  });

  describe('POST upload.php', () => {
    const zipOk = async (zip: Buffer) => {
      const res = await post(ZIP, 'upload_zip', zip, { filename: 'bundle.zip' });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as { status: true; path: string };
    };

    it('stores the one file of a zip under a server-made name and answers its path', async () => {
      const data = Buffer.from('hello from inside the zip\n'.repeat(100));
      const body = await zipOk(buildZip([{ name: 'folder/Report Final.TXT', data }]));
      expect(body.status).toBe(true);
      const [folder, kind, name] = body.path.split('/');
      expect([folder, kind]).toEqual(['uploads', 'zip']);
      expect(name).toMatch(NAME);
      expect(name?.endsWith('.txt')).toBe(true);
      expect((await readFile(path.join(dataDir, 'files', body.path))).equals(data)).toBe(true);
      // Folder entries are not files; a stored (not deflated) entry works too.
      const stored = await zipOk(
        buildZip([{ name: 'folder/' }, { name: 'folder/a.bin', data, method: 0 }]),
      );
      expect((await readFile(path.join(dataDir, 'files', stored.path))).equals(data)).toBe(true);
    });

    it('needs exactly one file inside', async () => {
      const one = { name: 'a.txt', data: Buffer.from('a') };
      for (const entries of [
        [one, { name: 'b.txt', data: Buffer.from('b') }],
        [],
        [{ name: 'd/' }],
      ]) {
        await expectRefusedAndNothingWritten(
          () => post(ZIP, 'upload_zip', buildZip(entries)),
          400,
          UploadText.zipNeedsOneFile,
        );
      }
      // Thousands of entries are refused from the central directory's count, before any is read.
      const many = Array.from({ length: 5000 }, (_, i) => ({ name: `f${i}` }));
      await expectRefusedAndNothingWritten(
        () => post(ZIP, 'upload_zip', buildZip(many)),
        400,
        UploadText.zipNeedsOneFile,
      );
    });

    it('refuses a zip bomb by its declared size, and one whose header lies while inflating', async () => {
      const zeros = Buffer.alloc(UploadLimits.zipMaxUnpackedBytes + 1024 * 1024);
      const honest = buildZip([{ name: 'bomb.bin', data: zeros }]);
      expect(honest.length).toBeLessThan(100_000);
      await expectRefusedAndNothingWritten(
        () => post(ZIP, 'upload_zip', honest),
        413,
        UploadText.zipUnpackedTooLarge,
      );
      const liar = buildZip([{ name: 'small.txt', data: zeros, declaredSize: 100 }]);
      await expectRefusedAndNothingWritten(
        () => post(ZIP, 'upload_zip', liar),
        400,
        UploadText.zipSizeMismatch,
      );
      // A lie under the limit is refused the same way, whatever its size.
      const smallLiar = buildZip([{ name: 'x.txt', data: Buffer.alloc(5000), declaredSize: 10 }]);
      await expectRefusedAndNothingWritten(
        () => post(ZIP, 'upload_zip', smallLiar),
        400,
        UploadText.zipSizeMismatch,
      );
    });

    it('never uses the names inside: traversal and absolute names are refused', async () => {
      for (const name of ['../../x', '../escape.txt', '/etc/cron.d/x', '..\\..\\x', 'C:\\x.txt']) {
        await expectRefusedAndNothingWritten(
          () => post(ZIP, 'upload_zip', buildZip([{ name, data: Buffer.from('owned') }])),
          400,
          UploadText.zipUnsafeName,
        );
      }
      // Nothing landed outside DATA_DIR next to it either.
      const siblings = await readdir(path.dirname(dataDir));
      expect(siblings).not.toContain('x');
      expect(siblings).not.toContain('escape.txt');
    });

    it('refuses a file that is not a zip, a zip over 10 MB, guests and anonymous callers', async () => {
      await expectRefusedAndNothingWritten(
        () => post(ZIP, 'upload_zip', 'this is not a zip at all'),
        400,
        UploadText.notAZip,
      );
      await expectRefusedAndNothingWritten(
        () => post(ZIP, 'upload_zip', Buffer.alloc(UploadLimits.zipMaxBytes + 1)),
        413,
        UploadText.zipTooLarge,
      );
      const zip = buildZip([{ name: 'a.txt', data: Buffer.from('a') }]);
      await expectRefusedAndNothingWritten(
        () => post(ZIP, 'upload_zip', zip, { role: 'guest' }),
        403,
        AuthText.registerRequired,
      );
      await expectRefusedAndNothingWritten(
        () => {
          const form = new FormData();
          form.append('upload_zip', new Blob([zip]), 'a.zip');
          return fetch(`${server.url}${ZIP}`, { method: 'POST', body: form });
        },
        401,
        AuthText.notSignedIn,
      );
    });
  });
});

import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PosterImageLimits, PosterText, UploadText } from '@atrium/protocol';
import type { PosterImage } from '@atrium/protocol';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoCampus } from '../../../test/people.ts';
import type { DemoCampus } from '../../../test/people.ts';

const UPLOAD = '/api/posters/images';

/** A photo as a phone takes it: JPEG, on its side by EXIF, with the camera's metadata. */
const phonePhoto = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhoneCo', Model: 'Pocket 9' } } })
    .toBuffer();

// Issue 29: the Content section's poster image upload. Files, not rows, are what it writes; one
// database kind is enough (the poster rows it touches are the posters tests' on both kinds).
describe('poster image upload', () => {
  let campus: DemoCampus;
  beforeAll(async () => {
    campus = await startDemoCampus('pglite', 'poster-images');
  });
  afterAll(() => campus.close());

  const upload = (
    data: Buffer | string,
    role = 'admin',
    field: string = PosterImageLimits.field,
  ) => {
    const form = new FormData();
    form.append(field, new Blob([data]), 'poster.jpg');
    return fetch(`${campus.server.url}${UPLOAD}`, {
      method: 'POST',
      headers: role ? { authorization: `Bearer ${campus.tokens[role]}` } : {},
      body: form,
    });
  };
  const send = (method: string, url: string, body?: unknown) =>
    fetch(`${campus.server.url}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${campus.tokens.admin}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const stored = async (): Promise<string[]> => {
    const entries = await readdir(campus.dataDir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile() && path.relative(campus.dataDir, e.parentPath).includes('posters'))
      .map((e) => e.name)
      .sort();
  };
  const expectRefused = async (request: Promise<Response>, status: number, message: unknown) => {
    const before = await stored();
    const res = await request;
    expect(res.status, await res.clone().text()).toBe(status);
    expect(await res.json()).toMatchObject({ status: false, message });
    expect(await stored()).toEqual(before);
  };

  it('stores an upright, shrunk WebP without metadata and serves it to anyone, cached for good', async () => {
    const res = await upload(await phonePhoto(4000, 3000));
    expect(res.status, await res.clone().text()).toBe(200);
    const { data } = (await res.json()) as { data: PosterImage };
    expect(data.image).toMatch(/^\/api\/posters\/images\/[0-9a-f-]{36}\.webp$/);
    // EXIF orientation 6 turns the 4000×3000 picture upright: 3000 wide, 4000 high, then it
    // shrinks to fit 2048 × 2048.
    expect([data.width, data.height]).toEqual([1536, 2048]);

    const file = await fetch(`${campus.server.url}${data.image}`); // no token: posters are public
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toContain('immutable');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.length).toBe(data.bytes);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1536, 2048]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    // The audit log says who uploaded what (the stored path, not the bytes).
    const audit = await send('GET', '/api/admin/audit?action=poster.image');
    const entries = ((await audit.json()) as { data: { rows: { after: unknown }[] } }).data.rows;
    expect(entries[0]?.after).toMatchObject({ image: data.image });
  });

  it('keeps a small picture at its own size', async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 4, background: '#336699' },
    })
      .png()
      .toBuffer();
    const { data } = (await (await upload(png)).json()) as { data: PosterImage };
    expect([data.width, data.height]).toEqual([300, 200]);
  });

  it('is for admins only, refused before anything is written', async () => {
    const photo = await phonePhoto(64, 64);
    await expectRefused(upload(photo, ''), 401, expect.any(String));
    for (const role of ['member', 'teacher', 'guest']) {
      await expectRefused(upload(photo, role), 403, expect.any(String));
    }
  });

  it('refuses what is not an image, too large, empty or in the wrong field, writing nothing', async () => {
    await expectRefused(
      upload('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      400,
      UploadText.notAnImage,
    );
    await expectRefused(upload(Buffer.from('GIF89a but not really')), 400, UploadText.notAnImage);
    await expectRefused(upload(Buffer.alloc(0)), 400, UploadText.fileRequired);
    await expectRefused(
      upload(await phonePhoto(32, 32), 'admin', 'upload_temp'),
      400,
      UploadText.fileRequired,
    );
    await expectRefused(
      upload(Buffer.alloc(PosterImageLimits.maxBytes + 1, 1)),
      413,
      PosterText.imageTooLarge,
    );
    // A PNG header that claims 20,000 × 20,000 pixels (400 megapixels) in a few bytes.
    const bomb = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    const res = await upload(bomb);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { message: string };
    expect([UploadText.notAnImage, PosterText.imageTooManyPixels]).toContain(json.message);
    // Not a JSON body, nor a multipart one.
    await expectRefused(send('POST', UPLOAD, { image: 'x' }), 400, UploadText.notMultipart);
    expect((await fetch(`${campus.server.url}/api/posters/images/../../etc/passwd`)).status).toBe(
      404,
    );
    expect((await fetch(`${campus.server.url}/api/posters/images/nope.webp`)).status).toBe(400);
  });

  it('hangs a poster with the upload; the file goes when no poster shows it any more', async () => {
    const upOne = async () =>
      ((await (await upload(await phonePhoto(120, 80))).json()) as { data: PosterImage }).data;
    const first = await upOne();
    const second = await upOne();
    const created = await send('POST', '/api/posters', {
      title: 'Uploaded',
      image: first.image,
      slot: 42,
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const poster = ((await created.json()) as { data: { id: number; image: string } }).data;
    expect(poster.image).toBe(first.image);
    const name = (image: string) => image.split('/').pop()!;
    expect(await stored()).toEqual(expect.arrayContaining([name(first.image), name(second.image)]));

    // A new image: the old file, shown by no poster now, is removed; the new one serves.
    expect((await send('PATCH', `/api/posters/${poster.id}`, { image: second.image })).status).toBe(
      200,
    );
    expect((await fetch(`${campus.server.url}${first.image}`)).status).toBe(404);
    expect((await fetch(`${campus.server.url}${second.image}`)).status).toBe(200);

    // Two posters share the second image: taking one down keeps the file for the other.
    const twin = (
      (await (
        await send('POST', '/api/posters', { title: 'Twin', image: second.image, slot: 43 })
      ).json()) as { data: { id: number } }
    ).data;
    expect((await send('DELETE', `/api/posters/${poster.id}`)).status).toBe(200);
    expect((await fetch(`${campus.server.url}${second.image}`)).status).toBe(200);
    expect((await send('DELETE', `/api/posters/${twin.id}`)).status).toBe(200);
    expect((await fetch(`${campus.server.url}${second.image}`)).status).toBe(404);
    expect(await stored()).not.toContain(name(second.image));
  });
});

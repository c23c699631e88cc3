import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { AlbumText } from '../apps/web/src/features/album/texts.ts';
import { AuthWebText } from '../apps/web/src/features/auth/texts.ts';
import { ShellText } from '../apps/web/src/shared/texts.ts';
import { openPage, saveScreenshot, useBrowser } from './support/browser.ts';

const baseURL = inject('baseURL');
const demoAccounts = inject('demoAccounts');

const member = () => {
  const account = demoAccounts.find((a) => a.role === 'member');
  if (!account) throw new Error('no demo member');
  return account;
};

/** Saves a real PNG into the member's album through the world's endpoint. */
async function savePhoto(): Promise<void> {
  const { username, password } = member();
  const login = await fetch(`${baseURL}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { token } = (await login.json()) as { token: string };
  const png = await sharp({
    create: { width: 640, height: 360, channels: 3, background: '#2563eb' },
  })
    .png()
    .toBuffer();
  const saved = await fetch(`${baseURL}/apiscreenshot/save-screenshot`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ place_id: 'campus:gallery', image: png.toString('base64') }),
  });
  expect(saved.status).toBe(200);
}

describe('the album', () => {
  const browser = useBrowser();

  it('shares a photo with a link anyone can open; deleting the photo takes the link down', async () => {
    await savePhoto();
    const { page, errors } = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    const { username, password } = member();
    await page.goto(`${baseURL}/`);
    await page.getByLabel(AuthWebText.usernameOrEmail, { exact: true }).fill(username);
    await page.getByLabel(AuthWebText.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: AuthWebText.logIn, exact: true }).click();
    await page.getByRole('region', { name: AuthWebText.startTitle }).waitFor();

    await page.getByRole('button', { name: new RegExp(`^${ShellText.myAlbum}`) }).click();
    await page.getByRole('button', { name: AlbumText.open, exact: true }).click();
    const photo = page.getByRole('button', { name: /^Open Campus gallery/ }).first();
    await photo.click();
    await page.getByRole('button', { name: AlbumText.share, exact: true }).click();
    const link = page.getByRole('textbox', { name: AlbumText.copyLink });
    await expect
      .poll(() => link.inputValue(), { timeout: 15_000 })
      .toMatch(new RegExp(`^${baseURL}/p/[A-Za-z0-9_-]{40,}$`));
    const url = await link.inputValue();
    await saveScreenshot(page, 'album-share-modal');

    // An anonymous visitor opens the link: the page carries the picture and the preview tags.
    const stranger = await openPage(browser());
    const response = await stranger.page.goto(url);
    expect(response?.status()).toBe(200);
    const ogImage = await stranger.page
      .locator('meta[property="og:image"]')
      .getAttribute('content');
    expect(ogImage).toMatch(new RegExp(`^${baseURL}/api/public/photo/`));
    const image = await fetch(ogImage ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([640, 360]);

    // Deleting the photo takes the share link down with it.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: AlbumText.delete, exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: AlbumText.delete }).click();
    // Back in the gallery, without that photo (other tests may have left photos of their own).
    await expect
      .poll(() => page.getByRole('button', { name: /^Open Campus gallery/ }).count(), {
        timeout: 15_000,
      })
      .toBe(0);
    expect((await fetch(url)).status).toBe(404);
    expect(errors).toEqual([]);
  }, 120_000);
});

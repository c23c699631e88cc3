// A photo's whole life: taken in the world, edited in the album (crop, filter, text), saved,
// seen again after a reload, shared with an anonymous visitor, and deleted.
import { ScreenshotText } from '@atrium/protocol';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  EditorText,
  FilterLabel,
  SwatchName,
} from '../apps/web/src/features/album/editor/texts.ts';
import { AlbumText } from '../apps/web/src/features/album/texts.ts';
import { WorldText } from '../apps/web/src/features/metaverse/texts.ts';
import { ShellText } from '../apps/web/src/shared/texts.ts';
import { openPage, saveScreenshot, seriousA11yViolations, useBrowser } from './support/browser.ts';
import { albumOf, enterWorld, logIn } from './support/world.ts';
import { lane } from './support/lane.ts';

const baseURL = lane().baseURL;

/** The photo's live public link as the server holds it, or null. */
async function shareLinkOf(role: string, id: string): Promise<{ url: string } | null> {
  const { token } = await albumOf(role);
  const answer = await fetch(
    `${baseURL}/api/screenshot/share-link?screenshot_id=${encodeURIComponent(id)}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { url: string } | null }).data;
}

/** Decoded RGB pixels of an image. */
async function pixels(bytes: ArrayBuffer) {
  const { data, info } = await sharp(Buffer.from(bytes))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function openAlbumPhoto(page: Page): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${ShellText.myAlbum}`) }).click();
  await page.getByRole('button', { name: AlbumText.open, exact: true }).click();
  const photos = page.getByRole('button', { name: /^Open Campus/ });
  await photos.first().waitFor({ timeout: 15_000 });
  expect(await photos.count()).toBe(1);
  await photos.first().click();
}

describe('the album and its editor', () => {
  const browser = useBrowser();

  it('takes a photo in the world, edits it, saves it, shares it and deletes it', async () => {
    const { page, errors } = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    const world = await enterWorld(page, 'teacher');
    await world.locator('canvas').focus();
    await page.keyboard.press('KeyP');
    await page.getByText(WorldText.photoSaved).first().waitFor({ timeout: 20_000 });
    const before = await albumOf('teacher');
    expect(before.photos).toHaveLength(1);
    const original = before.photos[0]!;
    expect(original.width).toBeGreaterThan(original.height);

    // On a fresh page load the server says the album has news: My Album shows its dot.
    await page.goto(`${baseURL}/`);
    await page
      .getByRole('button', { name: new RegExp(`^${ShellText.myAlbum}`) })
      .locator('.top-nav__dot')
      .waitFor({ timeout: 15_000 });

    // The album: open the photo and its editor.
    await openAlbumPhoto(page);
    await saveScreenshot(page, 'album-viewer');
    await page.getByRole('button', { name: AlbumText.edit, exact: true }).click();
    const editor = page.getByRole('region', { name: EditorText.editorLabel });
    await editor.locator('canvas').first().waitFor({ timeout: 20_000 });
    const undo = editor.getByRole('button', { name: new RegExp(EditorText.undo) });
    const redo = editor.getByRole('button', { name: new RegExp(EditorText.redo) });
    expect(await undo.isDisabled()).toBe(true);
    expect(await redo.isDisabled()).toBe(true);

    // Crop to a square.
    await editor.getByRole('button', { name: EditorText.crop }).click();
    await editor.getByRole('button', { name: '1:1', exact: true }).click();
    await editor.getByRole('button', { name: EditorText.apply, exact: true }).click();
    await expect.poll(() => undo.isDisabled()).toBe(false);

    // Grayscale at full strength.
    await editor.getByRole('button', { name: EditorText.adjust }).click();
    await editor.getByRole('button', { name: FilterLabel.grayscale, exact: true }).click();
    await editor.getByLabel(EditorText.filterStrength).fill('100');
    await editor.getByRole('button', { name: EditorText.apply, exact: true }).click();

    // Red text, the last edit, so it stays red.
    await editor.getByRole('button', { name: EditorText.text, exact: true }).click();
    await editor.getByLabel(EditorText.textInput, { exact: true }).fill('Hello campus');
    await editor.getByRole('button', { name: SwatchName.red, exact: true }).click();
    await editor.getByRole('button', { name: EditorText.addText, exact: true }).click();

    // Undo takes the text back; redo restores it.
    await undo.click();
    await expect.poll(() => redo.isDisabled()).toBe(false);
    await redo.click();
    await expect.poll(() => redo.isDisabled()).toBe(true);
    await saveScreenshot(page, 'album-editor');

    // Finish asks first, then saves and returns to the photo view.
    await editor.getByRole('button', { name: EditorText.finish, exact: true }).click();
    const finish = page.getByRole('alertdialog');
    await finish.getByText(EditorText.finishConfirm).waitFor();
    await finish.getByRole('button', { name: EditorText.finish }).click();
    await editor.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByRole('button', { name: AlbumText.edit, exact: true }).waitFor();

    // The server holds the edited picture: square, gray, with red text.
    const after = await albumOf('teacher');
    expect(after.photos).toHaveLength(1);
    const edited = after.photos[0]!;
    expect(edited._id).toBe(original._id);
    expect(edited.image).not.toBe(original.image);
    expect(edited.width).toBe(edited.height);
    const file = await fetch(`${baseURL}${edited.image}`, {
      headers: { authorization: `Bearer ${after.token}` },
    });
    expect(file.status).toBe(200);
    const { data, width, height } = await pixels(await file.arrayBuffer());
    expect(width).toBe(height);
    let gray = 0;
    let red = 0;
    for (let i = 0; i < data.length; i += 3) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (Math.abs(r - g) <= 2 && Math.abs(g - b) <= 2) gray += 1;
      else if (r > 180 && g < 110 && b < 110) red += 1;
    }
    const total = width * height;
    expect(gray / total).toBeGreaterThan(0.8);
    expect(red).toBeGreaterThan(500);

    // After a fresh page load the album shows the edited (square) picture, and the dot is out:
    // the server remembers the look.
    const newsAnswer = page.waitForResponse((r) => r.url().endsWith('/api/screenshot/news'));
    await page.goto(`${baseURL}/`);
    expect(await (await newsAnswer).json()).toMatchObject({ data: { has_new: false } });
    const albumEntry = page.getByRole('button', { name: new RegExp(`^${ShellText.myAlbum}`) });
    await albumEntry.waitFor();
    expect(await albumEntry.locator('.top-nav__dot').count()).toBe(0);
    await openAlbumPhoto(page);
    const shown = page.locator('.album-viewer__img');
    await expect
      .poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 })
      .toBe(width);
    expect(await shown.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(height);

    // Share: opening the dialog makes no public link, and says when one is made.
    await page.getByRole('button', { name: AlbumText.share, exact: true }).click();
    const shareDialog = page.getByRole('dialog', { name: AlbumText.shareTitle });
    await shareDialog.getByText(AlbumText.shareNoLinkYet).waitFor({ timeout: 15_000 });
    await saveScreenshot(page, 'album-share-modal-no-link');
    expect(await shareLinkOf('teacher', edited._id)).toBeNull();
    // Copying the link makes it; an anonymous visitor sees the edited picture through it.
    await shareDialog.getByRole('button', { name: AlbumText.copyLink, exact: true }).click();
    const link = shareDialog.getByRole('textbox', { name: AlbumText.linkLabel });
    await expect
      .poll(() => link.inputValue(), { timeout: 15_000 })
      .toMatch(new RegExp(`^${baseURL}/p/[A-Za-z0-9_-]{40,}$`));
    const url = await link.inputValue();
    await shareDialog.getByText(AlbumText.shareLinkLive).waitFor();
    expect((await shareLinkOf('teacher', edited._id))?.url).toBe(url);
    await saveScreenshot(page, 'album-share-modal');
    const stranger = await openPage(browser());
    const response = await stranger.page.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    expect(await stranger.page.locator('meta[name="robots"]').getAttribute('content')).toBe(
      'noindex',
    );
    await stranger.page.getByRole('link', { name: ScreenshotText.shareJoin }).waitFor();
    await saveScreenshot(stranger.page, 'album-share-page');
    const ogImage = await stranger.page
      .locator('meta[property="og:image"]')
      .getAttribute('content');
    expect(ogImage).toMatch(new RegExp(`^${baseURL}/api/public/photo/`));
    const image = await fetch(ogImage ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([width, height]);

    // Delete: asks first, returns to the gallery, and takes the share link down.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: AlbumText.delete, exact: true }).click();
    const confirmDelete = page.getByRole('alertdialog');
    await confirmDelete.getByText(AlbumText.deleteConfirm).waitFor();
    await confirmDelete.getByRole('button', { name: AlbumText.delete }).click();
    await page.getByText(AlbumText.empty).waitFor({ timeout: 15_000 });
    expect((await fetch(url)).status).toBe(404);
    expect((await albumOf('teacher')).photos).toHaveLength(0);
    expect(errors).toEqual([]);
    expect(stranger.errors).toEqual([]);
  }, 240_000);

  it('asks before unsaved edits are lost: another slide, reset and close', async () => {
    // Two photos for the admin (the other tests use the member's and teacher's albums), saved through the world's endpoint.
    const { token } = await albumOf('admin');
    for (const colour of ['#2563eb', '#16a34a']) {
      const png = await sharp({
        create: { width: 320, height: 180, channels: 3, background: colour },
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
    const { page, errors } = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await logIn(page, 'admin');
    await page.getByRole('button', { name: new RegExp(`^${ShellText.myAlbum}`) }).click();
    await page.getByRole('button', { name: AlbumText.open, exact: true }).click();
    await page
      .getByRole('button', { name: /^Open Campus gallery/ })
      .first()
      .click();
    await page.getByRole('button', { name: AlbumText.edit, exact: true }).click();
    const editor = page.getByRole('region', { name: EditorText.editorLabel });
    await editor.locator('canvas').first().waitFor({ timeout: 20_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    const undo = editor.getByRole('button', { name: new RegExp(EditorText.undo) });
    const dialog = page.getByRole('alertdialog');

    // With no changes, another slide leaves the editor without asking.
    await editor.getByRole('button', { name: EditorText.nextPhoto }).click();
    await editor.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: AlbumText.edit, exact: true }).click();
    await editor.locator('canvas').first().waitFor({ timeout: 20_000 });

    // A flip is an unsaved change: the previous slide asks first; Cancel keeps the editor.
    await editor.getByRole('button', { name: EditorText.flip, exact: true }).click();
    await editor.getByRole('button', { name: new RegExp(EditorText.flipHorizontal) }).click();
    await expect.poll(() => undo.isDisabled()).toBe(false);
    await editor.getByRole('button', { name: EditorText.previousPhoto }).click();
    await dialog.getByText(EditorText.discardConfirm).waitFor();
    await dialog.getByRole('button', { name: ShellText.cancel }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await editor.isVisible()).toBe(true);

    // Reset asks, then empties the history.
    await editor.getByRole('button', { name: EditorText.reset, exact: true }).click();
    await dialog.getByText(EditorText.resetConfirm).waitFor();
    await dialog.getByRole('button', { name: EditorText.reset }).click();
    await expect.poll(() => undo.isDisabled()).toBe(true);

    // Another change, then Close editor: asks, and Discard returns to the photo unchanged.
    await editor.getByRole('button', { name: new RegExp(EditorText.flipVertical) }).click();
    await editor.getByRole('button', { name: EditorText.closeEditor }).click();
    await dialog.getByText(EditorText.discardConfirm).waitFor();
    await dialog.getByRole('button', { name: EditorText.discard }).click();
    await editor.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: AlbumText.edit, exact: true }).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);
});

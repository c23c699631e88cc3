// Issue 27, items 22, 25, 27, 28 and 31: the top navigation at every width with a long name,
// toasts and the keyboard, and the share dialog and the customiser on small or zoomed screens.
// One browser and one signed-in page, resized between the checks.
import { CharacterText } from '@atrium/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlbumText } from '../apps/web/src/features/album/texts.ts';
import { AuthWebText } from '../apps/web/src/shared/auth/texts.ts';
import { ShellText } from '../apps/web/src/shared/texts.ts';
import {
  openPage,
  saveScreenshot,
  seriousA11yViolations,
  useBrowser,
  type WatchedPage,
} from './support/browser.ts';
import { apart, savePhoto } from './support/a11y.ts';
import { lane } from './support/lane.ts';
import { tokenLink, waitForMail } from './support/mail.ts';
import { moreButton, navEntry } from './support/nav.ts';

const baseURL = lane().baseURL;
// A 15-character name, as in the audit.
const username = `navwide${String(Date.now()).slice(-8)}`;
const password = 'long name password 1';
const ENTRIES = [
  ShellText.navHome,
  ShellText.navMetaverse,
  ShellText.myAlbum,
  CharacterText.open,
  'Friends',
  'Wallet',
] as const;

/** Registers and activates the account through the API, as the accounts e2e does. */
async function register(page: Page): Promise<void> {
  const email = `${username}@a11y.e2e.test`;
  const made = await page.request.post(`${baseURL}/api/auth/register`, {
    data: { username, email, password, repeat_password: password },
  });
  expect(made.status()).toBe(200);
  const token = tokenLink(await waitForMail(email)).searchParams.get('token');
  const activated = await page.request.post(`${baseURL}/api/auth/activate`, { data: { token } });
  expect(activated.status()).toBe(200);
}

/** Whether a click at the middle of the element reaches it (nothing covers it, it is on screen). */
async function reachable(page: Page, name: string): Promise<boolean> {
  const link = page.locator('header.top-nav').getByRole('link', { name, exact: true });
  const target = (await link.count()) > 0 ? link : await navEntry(page, new RegExp(`^${name}`));
  const box = await target.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  if (box.x < 0 || box.x + box.width > viewport.width) return false;
  return target.evaluate((el, { x, y }) => el.contains(document.elementFromPoint(x, y)), {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
}

describe('the app shell by width and by keyboard (issue 27)', () => {
  const browser = useBrowser();
  let watched: WatchedPage;
  let page: Page;

  beforeAll(async () => {
    watched = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    page = watched.page;
    await register(page);
    await page.goto(`${baseURL}/`);
    await page.getByLabel(AuthWebText.usernameOrEmail, { exact: true }).fill(username);
    await page.getByLabel(AuthWebText.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: AuthWebText.logIn, exact: true }).click();
    await page.getByRole('region', { name: AuthWebText.startTitle }).waitFor();
  }, 60_000);

  afterAll(async () => {
    await page.context().close();
  });

  it('reaches every navigation entry at every width, with no sideways scrolling; a long name is cut short but whole for screen readers', async () => {
    for (const [width, height] of [
      [1440, 900],
      [1280, 800],
      [1024, 768],
      [390, 844],
      [320, 640],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const name of ENTRIES) {
        expect(await reachable(page, name), `${name} at ${width}`).toBe(true);
        // Close "More" again (Escape gives focus back to it) before the next entry.
        if (await moreButton(page).isVisible()) await page.keyboard.press('Escape');
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      const label = page.locator('.user-area__label');
      expect(await label.getAttribute('title')).toBe(`${username} (Member)`);
      expect(await label.textContent()).toContain(`${username} (Member)`);
      const [name, logOut] = await Promise.all([
        label.boundingBox(),
        page.getByRole('button', { name: ShellText.logOut }).first().boundingBox(),
      ]);
      expect(name && logOut && name.x + name.width <= logOut.x).toBe(true);
      await saveScreenshot(page, `a11y-nav-${width}`);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
  }, 90_000);

  it('lets Tab pass through a toast, moves the toast off the focused control, and gives it a 24 px Close', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.reload();
    await page.getByRole('region', { name: AuthWebText.startTitle }).waitFor();
    // Log out and in again: "Welcome back!" shows for 10 s.
    await page.getByRole('button', { name: ShellText.logOut }).first().click();
    await page.getByLabel(AuthWebText.usernameOrEmail, { exact: true }).fill(username);
    await page.getByLabel(AuthWebText.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: AuthWebText.logIn, exact: true }).click();
    const toast = page.locator('[data-sonner-toast]').first();
    await toast.waitFor();

    // Tab from the page's last control goes through the toast and on, never back to it.
    const last = page.getByRole('button', { name: 'Classroom chat' });
    await last.focus();
    const visited: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Tab');
      visited.push(await page.evaluate(() => document.activeElement?.textContent ?? ''));
    }
    expect(visited).not.toContain('Classroom chat');

    // The folded entries drop below the bar, where the toast is: it moves below the focused one.
    await (await navEntry(page, new RegExp(`^${ShellText.myAlbum}`))).focus();
    const album = page.getByRole('button', { name: new RegExp(`^${ShellText.myAlbum}`) });
    await expect.poll(() => apart(album, toast)).toBe(true);
    await saveScreenshot(page, 'a11y-toast-below-focus');

    const close = await toast.locator('[data-close-button]').boundingBox();
    expect(close?.width).toBeGreaterThanOrEqual(24);
    expect(close?.height).toBeGreaterThanOrEqual(24);
  }, 60_000);

  it('fits the share dialog on a 320 px screen, every network in full and readable', async () => {
    // A photo to share, saved as the world saves one.
    const login = await page.request.post(`${baseURL}/api/auth`, {
      data: { username, password },
    });
    await savePhoto(page, ((await login.json()) as { token: string }).token);

    await page.setViewportSize({ width: 320, height: 640 });
    await page.reload();
    await (await navEntry(page, new RegExp(`^${ShellText.myAlbum}`))).click();
    await page.getByRole('button', { name: AlbumText.open, exact: true }).click();
    await page
      .getByRole('button', { name: /^Open Campus/ })
      .first()
      .click();
    await page.getByRole('button', { name: AlbumText.share, exact: true }).click();
    const share = page.getByRole('dialog', { name: AlbumText.shareTitle });
    await share.waitFor();
    const dialog = await share.boundingBox();
    const targets = share.locator('.album-share__target');
    expect(await targets.count()).toBe(6);
    for (const target of await targets.all()) {
      const box = await target.boundingBox();
      const fits = await target.evaluate((el) => el.scrollWidth <= el.clientWidth);
      expect(fits, (await target.textContent()) ?? undefined).toBe(true);
      expect(
        box && dialog && box.x >= dialog.x && box.x + box.width <= dialog.x + dialog.width,
      ).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    await saveScreenshot(page, 'a11y-share-320');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await share.waitFor({ state: 'hidden' });
  }, 60_000);

  it('leaves the customiser’s options room at 200 % zoom (a 640 × 400 window)', async () => {
    await page.setViewportSize({ width: 640, height: 400 });
    await page.goto(`${baseURL}/`);
    await (await navEntry(page, CharacterText.open)).click();
    const dialog = page.getByRole('dialog', { name: CharacterText.title });
    await dialog.getByRole('group', { name: CharacterText.body }).waitFor({ timeout: 15_000 });
    const options = dialog.locator('.character__options');
    // Either the options have the window's height to show, or the whole dialog scrolls.
    const { shown, inner } = await options.evaluate((el) => ({
      shown: el.getBoundingClientRect().height,
      inner: el.scrollHeight - el.clientHeight,
    }));
    expect(shown).toBeGreaterThan(200);
    expect(inner).toBeLessThanOrEqual(1);
    await saveScreenshot(page, 'a11y-customiser-640x400');
    expect(watched.errors.filter((e) => !e.includes('401'))).toEqual([]);
  }, 60_000);
});

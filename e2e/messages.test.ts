// Where messages appear: a failed answer once, as the error toast of SPEC §8 (not also as a banner
// in the form); toasts below the navigation, so they never hide My Album, on a desktop and a phone.
import { AuthText } from '@atrium/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AuthWebText } from '../apps/web/src/shared/auth/texts.ts';
import { ShellText } from '../apps/web/src/shared/texts.ts';
import { openPage, saveScreenshot, useBrowser } from './support/browser.ts';
import { demoAccount } from './support/world.ts';
import { lane } from './support/lane.ts';
import { moreButton } from './support/nav.ts';

const baseURL = lane().baseURL;

const screens = [
  { name: 'desktop', options: { viewport: { width: 1440, height: 900 } } },
  {
    name: 'phone',
    options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
] as const;

async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel(AuthWebText.usernameOrEmail, { exact: true }).fill(username);
  await page.getByLabel(AuthWebText.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: AuthWebText.logIn, exact: true }).click();
}

/** Two animation frames: whatever a handler rendered alongside a message is on screen by then. */
function settle(page: Page): Promise<unknown> {
  return page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

describe('messages', () => {
  const browser = useBrowser();

  for (const screen of screens) {
    it(`shows a failed login once and keeps toasts off the navigation (${screen.name})`, async () => {
      const { page, errors } = await openPage(browser(), screen.options);
      await page.goto(`${baseURL}/`);

      await submitLogin(page, 'nobody-here', 'not-the-password');
      const failure = page.getByText(AuthText.invalidCredentials);
      await failure.first().waitFor({ timeout: 15_000 });
      await settle(page);
      expect(await failure.count()).toBe(1);
      const failureToast = page
        .locator('[data-sonner-toast]')
        .filter({ hasText: AuthText.invalidCredentials });
      expect(await failureToast.count()).toBe(1);
      expect(await page.locator('form [role="alert"]').count()).toBe(0);

      const { username, password } = demoAccount('member');
      await submitLogin(page, username, password);
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: AuthText.loggedIn });
      await toast.waitFor({ timeout: 15_000 });
      // My Album, or on a phone the "More" that holds it (issue 27): what sits in the bar.
      await page.getByRole('button', { name: ShellText.logOut }).first().waitFor();
      const folded = await moreButton(page).isVisible();
      const entryName = folded ? ShellText.navMore : ShellText.myAlbum;
      const myAlbum = folded
        ? moreButton(page)
        : page.getByRole('button', { name: new RegExp(`^${ShellText.myAlbum}`) });
      await myAlbum.waitFor();
      // Let the toast finish sliding in before measuring it.
      await expect
        .poll(() => toast.evaluate((el) => getComputedStyle(el).transform), { timeout: 5_000 })
        .toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
      await saveScreenshot(page, `toast-${screen.name}`);

      const nav = await page.locator('header.top-nav').boundingBox();
      const box = await toast.boundingBox();
      const viewport = page.viewportSize();
      if (!nav || !box || !viewport) throw new Error('nav, toast or viewport not measured');
      expect(box.y).toBeGreaterThanOrEqual(nav.y + nav.height);
      // Still top-centre (SPEC §8), and on the screen.
      expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(24);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      // My Album is what a click there reaches, not the toast.
      const album = await myAlbum.boundingBox();
      if (!album) throw new Error('My Album not measured');
      const hit = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
        { x: album.x + album.width / 2, y: album.y + album.height / 2 },
      );
      expect(hit).toContain(entryName);
      expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
      await page.context().close();
    }, 90_000);
  }

  it('says an expired session once, as the toast, with the session-end box beside it', async () => {
    const { page } = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    await page.goto(`${baseURL}/`);
    const { username, password } = demoAccount('member');
    await submitLogin(page, username, password);
    await page.getByRole('region', { name: AuthWebText.startTitle }).waitFor({ timeout: 15_000 });
    // The refresh cookie goes: the first refresh, 5 s after signing in, fails.
    await page.context().clearCookies();
    await page
      .getByRole('heading', { name: AuthWebText.sessionEndTitle })
      .waitFor({ timeout: 15_000 });
    const expired = page.getByText(AuthText.sessionExpired);
    await expired.first().waitFor();
    await settle(page);
    expect(await expired.count()).toBe(1);
    expect(
      await page
        .locator('[data-sonner-toast]')
        .filter({ hasText: AuthText.sessionExpired })
        .count(),
    ).toBe(1);
    await page.context().close();
  }, 60_000);
});

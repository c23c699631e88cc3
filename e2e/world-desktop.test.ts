import { AppRoute } from '@atrium/protocol';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AuthWebText } from '../apps/web/src/shared/auth/texts.ts';
import { MetaverseText } from '../apps/web/src/features/metaverse/popups/texts.ts';
import { WorldText } from '../apps/web/src/features/metaverse/texts.ts';
import type { AtriumTestHook } from '../packages/world/src/render/test-hook.ts';
import { openPage, saveScreenshot, useBrowser } from './support/browser.ts';
import { tokenLink, waitForMail } from './support/mail.ts';
import { worldFrame } from './support/world.ts';
import { lane } from './support/lane.ts';

const baseURL = lane().baseURL;
const desktop = { viewport: { width: 1440, height: 900 } };

const read = (frame: Frame) =>
  frame.evaluate(() => (window.__atriumTest as () => AtriumTestHook)());

/** Logs in on the home page with an email or username. */
async function logIn(page: Page, login: string, password: string): Promise<void> {
  await page.goto(`${baseURL}/`);
  await page.getByLabel(AuthWebText.usernameOrEmail, { exact: true }).fill(login);
  await page.getByLabel(AuthWebText.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: AuthWebText.logIn, exact: true }).click();
}

/** Opens the gallery world (visitors arrive facing the posters) and closes the tutorial. */
async function enterGallery(page: Page): Promise<Frame> {
  await page.goto(`${baseURL}${AppRoute.metaverse}?e2e=1&world=stream.gallery`);
  const frame = await worldFrame(page);
  const tutorial = page.getByRole('dialog', { name: MetaverseText.tutorial.controlTitle });
  await tutorial.waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: MetaverseText.tutorial.next }).click();
  await page.getByRole('button', { name: MetaverseText.tutorial.gotIt }).click();
  await tutorial.waitFor({ state: 'hidden' });
  await frame.waitForFunction(() => window.__atriumTest?.().self.label != null, undefined, {
    timeout: 30_000,
  });
  return frame;
}

/**
 * Holds `key` until the avatar has moved, which only happens if the world hears the key. Keys go
 * to the world once the host page's focus is back on the world's frame: that must happen at once
 * (within a few frames) after a popup closes, so the wait for it is short.
 */
async function walksWith(page: Page, frame: Frame, key: string): Promise<void> {
  await page.waitForFunction(() => document.activeElement?.tagName === 'IFRAME', undefined, {
    timeout: 2_000,
  });
  const start = (await read(frame)).self;
  await page.keyboard.down(key);
  try {
    await frame.waitForFunction(
      ([x, z]) => {
        const self = window.__atriumTest?.().self;
        return self !== undefined && Math.hypot(self.x - x, self.z - z) > 0.3;
      },
      [start.x, start.z] as const,
      { timeout: 10_000 },
    );
  } finally {
    await page.keyboard.up(key);
  }
}

describe('the desktop campus at 1440×900', () => {
  const browser = useBrowser();

  it('shows a signed-out visitor the way in, and no developer panel', async () => {
    const { page, errors } = await openPage(browser(), desktop);
    await page.goto(`${baseURL}${AppRoute.metaverse}`);
    await page.getByRole('heading', { name: WorldText.signedOutTitle }).waitFor();
    await expect(page.getByText('Try the interface').count()).resolves.toBe(0);
    await expect(
      page.getByRole('button', { name: 'Poster with an NFT offer' }).count(),
    ).resolves.toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1440,
    );
    await saveScreenshot(page, 'metaverse-signed-out-1440');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  });

  it('fills the window, tags the chosen username, and keeps keys in the world', async () => {
    // A new account whose username is still its email, as after registering without one.
    const stamp = Date.now().toString(36);
    const email = `walker-${stamp}@school.e2e.test`;
    const password = 'lantern harbour meadow';
    const username = `walker_${stamp}`;
    const { page, errors } = await openPage(browser(), desktop);
    const register = await page.request.post(`${baseURL}/api/auth/register`, {
      data: { email, password, repeat_password: password },
    });
    expect(register.status()).toBe(200);
    const activation = tokenLink(await waitForMail(email)).searchParams.get('token');
    const activated = await page.request.post(`${baseURL}/api/auth/activate`, {
      data: { token: activation },
    });
    expect(activated.status()).toBe(200);
    await logIn(page, email, password);
    const updateBox = page.getByRole('region', { name: AuthWebText.updateUsernameTitle });
    await updateBox.getByLabel(AuthWebText.username).fill(username);
    await updateBox.getByRole('button', { name: AuthWebText.saveUsername }).click();
    await page.getByRole('region', { name: AuthWebText.startTitle }).waitFor();

    // The first entry after choosing: the name tag says the username, not the email.
    const frame = await enterGallery(page);
    expect((await read(frame)).self.label).toBe(`${username} (Member)`);

    // The world fills the window below the navigation: no band on the right, nothing cut off.
    const nav = await page.locator('.top-nav').boundingBox();
    const box = await page.locator('#atrium-world-frame iframe').boundingBox();
    expect(nav && box).toBeTruthy();
    if (nav && box) {
      expect(box.x).toBe(0);
      expect(box.y).toBeCloseTo(nav.y + nav.height, 0);
      expect(box.width).toBe(1440);
      expect(box.y + box.height).toBeCloseTo(900, 0);
    }
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
      900,
    );

    // A visible ring while the world has the keys, none when a toolbar button has them.
    const ring = () =>
      frame.locator('canvas').evaluate((canvas) => {
        const style = getComputedStyle(canvas);
        return `${style.outlineStyle} ${style.outlineWidth}`;
      });
    await frame.locator('canvas').focus();
    expect(await ring()).toBe('solid 3px');
    await saveScreenshot(page, 'world-desktop-1440');
    await page.getByRole('button', { name: WorldText.howToPlay }).focus();
    expect(await ring()).toMatch(/^none/);

    // The arrow keys turn the camera, so no mouse is needed.
    await frame.locator('canvas').focus();
    const yaw = (await read(frame)).camera.yaw;
    await page.keyboard.down('ArrowLeft');
    await frame.waitForFunction(
      (before) => (window.__atriumTest?.().camera.yaw ?? before) > before + 0.3,
      yaw,
      {
        timeout: 10_000,
      },
    );
    await page.keyboard.up('ArrowLeft');
    await page.keyboard.down('ArrowRight');
    await frame.waitForFunction(
      (before) => Math.abs((window.__atriumTest?.().camera.yaw ?? 9) - before) < 0.1,
      yaw,
      {
        timeout: 10_000,
      },
    );
    await page.keyboard.up('ArrowRight');

    // Walk up to a poster and open it with E.
    await page.keyboard.down('ShiftLeft');
    await page.keyboard.down('KeyW');
    await frame.waitForFunction(() => (window.__atriumTest?.().self.z ?? 0) < -30.5, undefined, {
      timeout: 30_000,
    });
    await page.keyboard.up('KeyW');
    await page.keyboard.up('ShiftLeft');
    await page.keyboard.press('KeyE');
    const popup = page.getByRole('dialog');
    await popup.getByRole('link', { name: 'BUY THIS PRINT' }).waitFor({ timeout: 15_000 });

    // Clicking CLOSE closes it for good, and the very next key walks the avatar.
    await popup.getByRole('button', { name: MetaverseText.closeUpper }).click();
    await popup.waitFor({ state: 'hidden' });
    await walksWith(page, frame, 'KeyS');
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);

    // The inventory (I) closes with Escape; again the next key walks.
    await page.keyboard.press('KeyI');
    const inventory = page.getByRole('dialog', { name: WorldText.inventoryTitle });
    await inventory.waitFor();
    await page.keyboard.press('Escape');
    await inventory.waitFor({ state: 'hidden' });
    await walksWith(page, frame, 'KeyS');

    // A second session of the same account looks the same, to itself and to the first.
    const first = (await read(frame)).self;
    const second = await openPage(browser(), desktop);
    await logIn(second.page, username, password);
    await second.page.getByRole('region', { name: AuthWebText.startTitle }).waitFor();
    const frame2 = await enterGallery(second.page);
    expect((await read(frame2)).self.look).toEqual(first.look);
    await frame.waitForFunction(
      () => (window.__atriumTest?.().remotes.length ?? 0) > 0,
      undefined,
      {
        timeout: 30_000,
      },
    );
    const remote = (await read(frame)).remotes[0];
    expect(remote?.label).toBe(`${username} (Member)`);
    expect(remote?.look).toEqual(first.look);

    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    expect(second.errors.filter((e) => !e.includes('401'))).toEqual([]);
  }, 240_000);
});

// Phones and tablets (issue 12): the mobile metaverse page with touch controls, in Chromium with
// touch emulation, portrait and landscape.
import { AppRoute } from '@atrium/protocol';
import type { BrowserContextOptions, Frame, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AuthWebText } from '../apps/web/src/shared/auth/texts.ts';
import { MobileText } from '../apps/web/src/features/metaverse/mobile/texts.ts';
import { MetaverseText } from '../apps/web/src/features/metaverse/popups/texts.ts';
import { WorldText } from '../apps/web/src/features/metaverse/texts.ts';
import type { AtriumTestHook } from '../packages/world/src/render/test-hook.ts';
import { openPage, saveScreenshot, seriousA11yViolations, useBrowser } from './support/browser.ts';
import { albumOf, logIn, removePhotosAddedSince, worldFrame } from './support/world.ts';
import { lane } from './support/lane.ts';

const baseURL = lane().baseURL;

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const phone = (width: number, height: number): BrowserContextOptions => ({
  viewport: { width, height },
  userAgent: IPHONE_UA,
  hasTouch: true,
  isMobile: true,
});

const read = (frame: Frame) =>
  frame.evaluate(() => (window.__atriumTest as () => AtriumTestHook)());

/** The page is no wider than the screen: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const size = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(size.scrollWidth, `${where}: ${JSON.stringify(size)}`).toBeLessThanOrEqual(
    size.innerWidth,
  );
}

/** The element's box lies inside the viewport, all four edges. */
async function expectOnScreen(page: Page, target: Locator, what: string): Promise<void> {
  // Let the dialog's pop-in animation end, so the box is its resting one.
  await page.waitForTimeout(250);
  const box = await target.boundingBox();
  const viewport = page.viewportSize();
  expect(box, what).not.toBeNull();
  if (!box || !viewport) return;
  const edges = { ...box, viewport };
  expect(box.x, `${what} ${JSON.stringify(edges)}`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what} ${JSON.stringify(edges)}`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ${JSON.stringify(edges)}`).toBeLessThanOrEqual(
    viewport.width + 0.5,
  );
  expect(box.y + box.height, `${what} ${JSON.stringify(edges)}`).toBeLessThanOrEqual(
    viewport.height + 0.5,
  );
}

/** A thumb on the point, dragged by (dx, dy), held for `holdMs`, then lifted. */
async function thumbDrag(page: Page, x: number, y: number, dx: number, dy: number, holdMs: number) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', px: number, py: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: px, y: py, id: 1 }],
    });
  await touch('touchStart', x, y);
  for (let step = 1; step <= 5; step += 1) {
    await touch('touchMove', x + (dx * step) / 5, y + (dy * step) / 5);
  }
  await page.waitForTimeout(holdMs);
  await touch('touchEnd', x + dx, y + dy);
  await cdp.detach();
}

const distance = (a: { x: number; z: number }, b: { x: number; z: number }) =>
  Math.hypot(a.x - b.x, a.z - b.z);

describe('the campus on a phone', () => {
  const browser = useBrowser();

  it('goes from Enter the campus to the mobile page, with touch controls that work', async () => {
    const { page, errors } = await openPage(browser(), phone(390, 844));
    await logIn(page, 'member');
    await page.getByRole('link', { name: AuthWebText.enterCampus }).click();
    await page.waitForURL(`${baseURL}${AppRoute.mobileMetaverse}`);
    await expect(page.getByRole('alertdialog', { name: 'Warning!' }).count()).resolves.toBe(0);

    // Again with the test hook on, to read where the avatar stands.
    await page.goto(`${baseURL}${AppRoute.mobileMetaverse}?e2e=1`);
    const frame = await worldFrame(page);
    const tutorial = page.getByRole('dialog', { name: MetaverseText.tutorial.controlTitle });
    await tutorial.waitFor({ timeout: 30_000 });
    const shownAt = Date.now();
    await tutorial.getByText(MetaverseText.touchTutorial.controls[0]?.gesture ?? '').waitFor();
    await expectOnScreen(page, tutorial, 'the touch tutorial');
    await expectNoSidewaysScroll(page, 'mobile page, 390×844');
    await saveScreenshot(page, 'mobile-tutorial-390x844');

    // One dialog at a time: past the 5000 ms the fullscreen prompt waits for the tutorial.
    await page.waitForTimeout(Math.max(0, 5600 - (Date.now() - shownAt)));
    await expect(page.getByRole('dialog').count()).resolves.toBe(1);
    await page.getByRole('button', { name: MetaverseText.tutorial.next }).tap();
    await page.getByRole('button', { name: MetaverseText.tutorial.gotIt }).tap();
    const prompt = page.getByRole('dialog', { name: MetaverseText.fullscreen.title });
    await prompt.waitFor({ timeout: 5000 });
    await expect(page.getByRole('dialog').count()).resolves.toBe(1);
    await expectOnScreen(page, prompt, 'the fullscreen prompt');
    await saveScreenshot(page, 'mobile-fullscreen-prompt-390x844');
    await prompt.getByRole('button', { name: MetaverseText.fullscreen.notNow }).tap();
    await prompt.waitFor({ state: 'hidden' });

    // The joystick waits in view; pushing it up walks the avatar.
    const joystick = frame.locator('[data-atrium-joystick="base"]');
    await joystick.waitFor({ state: 'visible' });
    await expectOnScreen(page, joystick, 'the joystick');
    await saveScreenshot(page, 'mobile-world-390x844');
    const ring = await joystick.boundingBox();
    if (!ring) throw new Error('the joystick has no box');
    const start = (await read(frame)).self;
    await thumbDrag(page, ring.x + ring.width / 2, ring.y + ring.height / 2, 0, -50, 1500);
    const walked = (await read(frame)).self;
    expect(distance(start, walked)).toBeGreaterThan(0.3);

    // The emote button opens the ten emotes; one tap plays it.
    const controls = page.getByRole('group', { name: MobileText.controls });
    await controls.getByRole('button', { name: MobileText.emotes }).tap();
    await expectOnScreen(page, controls, 'the emote tray');
    await saveScreenshot(page, 'mobile-emotes-390x844');
    await controls.getByRole('button', { name: MetaverseText.emotes.dance.label }).tap();
    await frame.waitForFunction(() => window.__atriumTest?.().self.emote === 'dance', undefined, {
      timeout: 10_000,
    });

    // Tap to walk: a tap on the floor ahead sends the avatar there.
    const stage = await page.locator('#atrium-world-frame').boundingBox();
    if (!stage) throw new Error('the world has no box');
    const before = (await read(frame)).self;
    await page.touchscreen.tap(stage.x + stage.width * 0.6, stage.y + stage.height * 0.62);
    await frame.waitForFunction(
      ([x, z]) => {
        const self = window.__atriumTest?.().self;
        return self !== undefined && Math.hypot(self.x - x, self.z - z) > 0.3;
      },
      [before.x, before.z] as const,
      { timeout: 10_000 },
    );

    // The camera button saves the view to the album (then the photo goes: the demo accounts are
    // shared with the other test files, which count their photos).
    const albumBefore = (await albumOf('member')).photos.map((photo) => photo._id);
    await controls.getByRole('button', { name: MobileText.takePhoto }).tap();
    await page.getByText(WorldText.photoSaved).first().waitFor({ timeout: 20_000 });
    expect((await albumOf('member')).photos.length).toBe(albumBefore.length + 1);
    await removePhotosAddedSince('member', albumBefore);

    // Turned sideways, and on a tablet: still nothing wider than the screen, dialogs on screen.
    for (const [width, height] of [
      [844, 390],
      [768, 1024],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(300);
      const size = `${width}x${height}`;
      await expectNoSidewaysScroll(page, `mobile page, ${size}`);
      await expectOnScreen(page, joystick, `the joystick at ${size}`);
      await page.getByRole('button', { name: WorldText.howToPlay }).tap();
      await tutorial.waitFor();
      await expectOnScreen(page, tutorial, `the touch tutorial at ${size}`);
      await saveScreenshot(page, `mobile-tutorial-${size}`);
      await tutorial.getByRole('button', { name: MetaverseText.close }).tap();
      await tutorial.waitFor({ state: 'hidden' });
    }

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  it('offers a guest entry, with its warning, or a login link', async () => {
    const { page, errors } = await openPage(browser(), phone(390, 844));
    await page.goto(`${baseURL}${AppRoute.mobileMetaverse}`);
    const login = page.getByRole('link', { name: MobileText.logIn, exact: true });
    await login.waitFor();
    await expect(login.getAttribute('href')).resolves.toBe(AppRoute.home);
    await expectNoSidewaysScroll(page, 'signed-out mobile page');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'mobile-signed-out-390x844');

    await page.getByRole('button', { name: AuthWebText.enterAsGuest }).tap();
    const warning = page.getByRole('alertdialog', { name: AuthWebText.guestTitle });
    await warning.waitFor();
    await expectOnScreen(page, warning, 'the guest warning');
    await saveScreenshot(page, 'mobile-guest-warning-390x844');
    await warning.getByRole('button', { name: AuthWebText.guestConfirm }).tap();
    await page
      .locator('#atrium-world-frame iframe')
      .waitFor({ state: 'attached', timeout: 15_000 });
    expect(errors).toEqual([]);
  });
});

describe('pages on narrow screens', () => {
  const browser = useBrowser();

  it('never scroll sideways at 360, 390 and 768 px, portrait and landscape', async () => {
    const { page } = await openPage(browser(), phone(360, 740));
    const pages = [
      ['home and login', '/'],
      ['register', '/?view=register'],
      ['forgot password', AppRoute.forgot],
      ['mobile campus', AppRoute.mobileMetaverse],
    ] as const;
    for (const [width, height] of [
      [360, 740],
      [390, 844],
      [768, 1024],
    ] as const) {
      for (const viewport of [
        { width, height },
        { width: height, height: width },
      ]) {
        await page.setViewportSize(viewport);
        for (const [name, path] of pages) {
          await page.goto(`${baseURL}${path}`);
          await page.locator('main h1, main h2').first().waitFor();
          await expectNoSidewaysScroll(page, `${name} at ${viewport.width}x${viewport.height}`);
        }
      }
    }
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${baseURL}/`);
    await saveScreenshot(page, 'home-360x740');
  });
});

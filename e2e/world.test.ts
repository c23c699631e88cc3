import { AppRoute, AuthText, PosterText } from '@atrium/protocol';
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AlbumText } from '../apps/web/src/features/album/texts.ts';
import { AuthWebText } from '../apps/web/src/shared/auth/texts.ts';
import { ShellText } from '../apps/web/src/shared/texts.ts';
import { EmbedText } from '../apps/web/src/features/embed/texts.ts';
import { MetaverseText } from '../apps/web/src/features/metaverse/popups/texts.ts';
import { WorldText } from '../apps/web/src/features/metaverse/texts.ts';
import type { AtriumTestHook } from '../packages/world/src/render/test-hook.ts';
import { openPage, saveScreenshot, seriousA11yViolations, useBrowser } from './support/browser.ts';
import { albumOf, enterWorld, logIn, removePhotosAddedSince, worldFrame } from './support/world.ts';
import { lane } from './support/lane.ts';

const baseURL = lane().baseURL;

const read = (frame: Frame) =>
  frame.evaluate(() => (window.__atriumTest as () => AtriumTestHook)());

describe('the world in two browsers', () => {
  const browser = useBrowser();

  it('shows each person the other, moving and emoting', async () => {
    const before = (await albumOf('member')).photos.map((p) => p._id);
    try {
      await twoPeople(before.length);
    } finally {
      await removePhotosAddedSince('member', before);
    }
  }, 180_000);

  async function twoPeople(photosBefore: number) {
    const a = await openPage(browser(), { viewport: { width: 1280, height: 860 } });
    const b = await openPage(browser(), { viewport: { width: 1280, height: 860 } });
    const worldA = await enterWorld(a.page, 'member');
    const worldB = await enterWorld(b.page, 'teacher');

    await worldA.waitForFunction(
      () => (window.__atriumTest?.().remotes.length ?? 0) === 1,
      undefined,
      { timeout: 30_000 },
    );
    const selfB = (await read(worldB)).self;

    // B walks forward (W) for a second; A sees B's avatar move.
    await b.page.keyboard.down('KeyW');
    await b.page.waitForTimeout(1000);
    await b.page.keyboard.up('KeyW');
    const movedB = (await read(worldB)).self;
    // With two software-rendered pages on two cores frames are slow, and the engine caps its
    // catch-up steps, so the distance is less than a second's walk; any clear move will do.
    expect(Math.hypot(movedB.x - selfB.x, movedB.z - selfB.z)).toBeGreaterThan(0.3);
    await worldA.waitForFunction(
      ([x, z]) => {
        const remote = window.__atriumTest?.().remotes[0];
        return remote !== undefined && Math.hypot(remote.x - x, remote.z - z) < 0.3;
      },
      [movedB.x, movedB.z] as const,
      { timeout: 15_000 },
    );

    // B dances (key 0); A sees the emote.
    await b.page.keyboard.press('Digit0');
    await worldA.waitForFunction(
      () => window.__atriumTest?.().remotes[0]?.emote === 'dance',
      undefined,
      { timeout: 10_000 },
    );
    await saveScreenshot(a.page, 'world-two-people');

    // The camera key saves the view to the album; the page confirms it.
    await worldA.locator('canvas').focus();
    await a.page.keyboard.press('KeyP');
    await a.page.getByText(WorldText.photoSaved).first().waitFor({ timeout: 20_000 });

    // The new photo lights My Album's dot; the album shows it.
    const albumEntry = a.page.getByRole('button', { name: new RegExp(`^${ShellText.myAlbum}`) });
    await albumEntry.locator('.top-nav__dot').waitFor({ timeout: 10_000 });
    await albumEntry.click();
    await a.page.getByRole('button', { name: AlbumText.open, exact: true }).click();
    const photos = a.page.getByRole('button', { name: /^Open Campus/ });
    await photos.first().waitFor({ timeout: 15_000 });
    await expect.poll(() => photos.count()).toBe(photosBefore + 1);
    await saveScreenshot(a.page, 'album-after-world-photo');
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  }
});

describe('the metaverse page', () => {
  const browser = useBrowser();

  it('walks up to a poster, presses E and shows its popup', async () => {
    const { page, errors } = await openPage(browser(), { viewport: { width: 1280, height: 860 } });
    await logIn(page, 'member');
    // The gallery world's share puts visitors in the gallery hall, facing the north wall.
    await page.goto(`${baseURL}${AppRoute.metaverse}?e2e=1&world=stream.gallery`);
    const frame = await worldFrame(page);
    await page.getByRole('button', { name: MetaverseText.tutorial.next }).click();
    await page.getByRole('button', { name: MetaverseText.tutorial.gotIt }).click();
    await frame.locator('canvas').focus();

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
    await expect(popup.getByText(PosterText.unableToLoadDetail).count()).resolves.toBe(0);
    await saveScreenshot(page, 'world-poster-popup');
    await popup.getByRole('button', { name: MetaverseText.closeUpper }).click();
    await popup.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  }, 120_000);

  it('warns a phone that cannot draw WebGL, and leads home', async () => {
    const { page } = await openPage(browser(), {
      viewport: { width: 390, height: 844 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      hasTouch: true,
      isMobile: true,
    });
    // A browser with WebGL switched off answers null for every WebGL context.
    await page.addInitScript(() => {
      const prototype = HTMLCanvasElement.prototype as unknown as {
        getContext: (this: HTMLCanvasElement, type: string, ...rest: unknown[]) => unknown;
      };
      const original = prototype.getContext;
      prototype.getContext = function (type, ...rest) {
        return /webgl/i.test(type) ? null : original.call(this, type, ...rest);
      };
    });
    await page.goto(`${baseURL}${AppRoute.metaverse}`);
    const warning = page.getByRole('alertdialog', { name: MetaverseText.unsupportedDevice.title });
    await warning.waitFor();
    // Let the dialog's fade-in finish before the screenshot.
    await page.waitForTimeout(400);
    await saveScreenshot(page, 'metaverse-unsupported-device');
    await warning.getByRole('button', { name: MetaverseText.unsupportedDevice.backToHome }).click();
    await page.waitForURL(`${baseURL}/`);
  });
});

describe('the embed frame on its own', () => {
  const browser = useBrowser();

  it('enters as a guest with Play, and ends the session after the inactivity timeout', async () => {
    const { page, errors } = await openPage(browser(), { viewport: { width: 1280, height: 720 } });
    await page.goto(`${baseURL}/embed/campus?e2e=1&inactiveTimeout=10`);
    await page.getByRole('button', { name: EmbedText.play }).click();
    // Opened on its own, the frame makes a guest, and warns first as the home page does.
    const warning = page.getByRole('alertdialog', { name: AuthWebText.guestTitle });
    await warning.getByText(AuthText.guestWarning).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'embed-guest-warning');
    expect(await page.evaluate(() => typeof window.__atriumTest)).toBe('undefined');
    await warning.getByRole('button', { name: AuthWebText.guestConfirm }).click();
    await page.waitForFunction(() => typeof window.__atriumTest === 'function', undefined, {
      timeout: 60_000,
    });
    await page.getByRole('navigation', { name: 'World controls' }).waitFor({ timeout: 60_000 });
    await saveScreenshot(page, 'embed-running');
    // Nobody touches anything for 10 s: the session ends and can be played again.
    await page.getByRole('heading', { name: EmbedText.sessionEnded }).waitFor({ timeout: 30_000 });
    await page.getByText(EmbedText.sessionEndedInactive).waitFor();
    await page.getByRole('button', { name: EmbedText.playAgain }).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('says so for an unknown share', async () => {
    const { page } = await openPage(browser());
    const response = await page.goto(`${baseURL}/embed/no-such-world`);
    expect(response?.status()).toBe(404);
    await page.getByText('This world is not available. Check the share id.').waitFor();
  });
});

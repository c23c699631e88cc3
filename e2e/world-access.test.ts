// Issue 27 items 19, 23 and 30: a double click on a wall, the world's text alternative, and
// reduced motion (the world's, and the featuring page's particles).
import { AppRoute, EventsAdminPath, EventsPath } from '@atrium/protocol';
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PROMPT_TEXTS } from '../packages/world/src/interaction.ts';
import { SignText } from '../packages/world/src/render/campus-signs.ts';
import type { AtriumTestHook } from '../packages/world/src/render/test-hook.ts';
import { DescriptionText } from '../packages/world/src/world-description.ts';
import { openPage, saveScreenshot, useBrowser } from './support/browser.ts';
import { lane } from './support/lane.ts';
import { demoAccount, enterGallery, logIn, walkTo } from './support/world.ts';

const baseURL = lane().baseURL;
const DESKTOP = { width: 1440, height: 900 };

const read = (frame: Frame) =>
  frame.evaluate(() => (window.__atriumTest as () => AtriumTestHook)());

/** A demo admin's bearer token. */
async function adminToken(): Promise<string> {
  const { username, password } = demoAccount('admin');
  const res = await fetch(`${baseURL}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** Replaces the events gallery (the featuring carousel's slides); returns what it held. */
async function putGallery(entries: unknown[]): Promise<unknown[]> {
  const before = (await (await fetch(`${baseURL}${EventsPath.gallery}`)).json()) as unknown[];
  const res = await fetch(`${baseURL}${EventsAdminPath.updateGallery}`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await adminToken()}`,
    },
    body: JSON.stringify({ entries }),
  });
  expect(res.status).toBe(200);
  return before;
}

describe('the world for everyone', () => {
  const browser = useBrowser();

  it('walks a double click on a wall to its near side, describes what is near, and holds still under reduced motion', async () => {
    const { page, errors } = await openPage(browser(), { viewport: DESKTOP });
    await logIn(page, 'member');
    const frame = await enterGallery(page);
    const start = (await read(frame)).self;
    expect(Math.hypot(start.x, start.z + 25)).toBeLessThan(0.5);

    // Name tags and signs are text in the accessibility tree.
    const label = start.label ?? '';
    await frame
      .getByRole('list', { name: DescriptionText.nameTags })
      .getByText(DescriptionText.self(label), { exact: true })
      .waitFor({ state: 'attached', timeout: 10_000 });
    await frame
      .getByRole('list', { name: DescriptionText.signs })
      .getByText(SignText.gallery, { exact: true })
      .waitFor({ state: 'attached' });

    // Item 19: looking at the north wall (between two posters), a double click on it. The ray
    // goes on through the wall to the ground outside; the avatar must stay in the hall.
    await frame.evaluate(() => window.__atriumTestDrive?.setCamera(0, 0.3));
    await frame.waitForTimeout(300);
    const canvas = frame.locator('canvas');
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no canvas');
    await canvas.dblclick({ position: { x: box.width * 0.63, y: box.height * 0.35 } });
    let southmost = start.z;
    await expect
      .poll(
        async () => {
          const { z } = (await read(frame)).self;
          southmost = Math.max(southmost, z);
          return z;
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBeLessThan(-32);
    // Never towards the door (z −14), and stopped inside, in front of the wall (z −33.5).
    expect(southmost).toBeLessThan(-24);
    const atWall = (await read(frame)).self;
    expect(atWall.z).toBeGreaterThan(-33.5);
    await saveScreenshot(page, 'world-double-click-wall');

    // Item 23: facing the first poster, the live region names it and the hint for E.
    await walkTo(frame, -7, -29);
    await walkTo(frame, -7, -31.6);
    const live = frame.getByRole('status', { name: DescriptionText.region });
    await expect
      .poll(() => live.textContent(), { timeout: 10_000 })
      .toContain(`${DescriptionText.facing.poster('The Atrium Plaza')} ${PROMPT_TEXTS.poster}.`);
    expect(await live.getAttribute('aria-live')).toBe('polite');

    // Item 30: the world follows prefers-reduced-motion, and a change of it.
    expect((await read(frame)).reducedMotion).toBe(false);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(async () => (await read(frame)).reducedMotion).toBe(true);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(async () => (await read(frame)).reducedMotion).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('stops the featuring particles while the carousel is paused', async () => {
    const slides = [1, 2].map((n) => ({
      gallery_id: n,
      thumbnail: `/posters/${n}.svg`,
      image: `/posters/${n}.svg`,
      title: `Slide ${n}`,
      description: '',
      date: '2022-05-04',
    }));
    const before = await putGallery(slides);
    const { page, errors } = await openPage(browser(), { viewport: DESKTOP });
    await page.goto(`${baseURL}${AppRoute.featuring}`, { waitUntil: 'networkidle' });
    const field = page.locator('canvas.particle-field');
    const frameOf = () => field.evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());
    await page.mouse.move(0, 0);
    const first = await frameOf();
    await expect.poll(frameOf, { timeout: 5_000 }).not.toBe(first);

    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.waitForTimeout(300);
    const paused = await frameOf();
    await page.waitForTimeout(1_000);
    expect(await frameOf()).toBe(paused);

    // Play: they drift on from where they stopped.
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(frameOf, { timeout: 5_000 }).not.toBe(paused);
    expect(errors).toEqual([]);
    await page.context().close();
    await putGallery(before);
  });
});

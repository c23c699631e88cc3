// The classroom in the built app: from the metaverse toolbar (a world's join asks for devices
// first), the home page's side panel, and a guest told to register.
import { AppRoute, type WorldToHost } from '@atrium/protocol';
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ClassroomUiText as T } from '../apps/web/src/features/classroom/texts.ts';
import { openPage, saveScreenshot, useBrowser } from './support/browser.ts';
import { lane } from './support/lane.ts';
import { enterWorld, logIn } from './support/world.ts';

/** What the world's frame says to the page, as the embed does (`onSDKMessage`, JSON text). */
const fromWorld = (frame: Frame, message: WorldToHost) =>
  frame.evaluate((text) => {
    window.parent.postMessage({ type: 'onSDKMessage', value: text }, '*');
  }, JSON.stringify(message));

describe('the classroom in the built app', () => {
  const browser = useBrowser();
  const baseURL = lane().baseURL;

  it('opens from the metaverse toolbar, and a world join asks for devices first', async () => {
    const { page, errors } = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    const frame = await enterWorld(page, 'member');
    const open = page.getByRole('toolbar', { name: 'World' }).getByRole('button', {
      name: T.openClassroom,
      exact: true,
    });
    await open.click();
    const panel = page.locator('.classroom-window');
    await panel.getByRole('button', { name: 'room-1', exact: true }).waitFor();
    expect(await open.getAttribute('aria-pressed')).toBe('true');
    await panel.getByRole('button', { name: T.closePanel }).click();
    await panel.waitFor({ state: 'detached' });

    // Walking up to a classroom shows a hint; E there (`classroom_join`) joins that class.
    await fromWorld(frame, { type: 'classroom_near', room: 'room-2' });
    await page
      .getByRole('status')
      .filter({ hasText: T.nearClassroom('room-2') })
      .waitFor();
    await fromWorld(frame, { type: 'classroom_join', room: 'room-2' });
    const dialog = page.getByRole('dialog', { name: T.chooseDevices });
    await dialog.waitFor();
    expect(await dialog.getByLabel(T.classroom).inputValue()).toBe('room-2');
    expect(await panel.isVisible()).toBe(true);
    await saveScreenshot(page, 'classroom-metaverse-join');
    await dialog.getByRole('button', { name: T.cancel, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await fromWorld(frame, { type: 'classroom_near', room: null });
    await page.getByText(T.nearClassroom('room-2')).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('offers the home page’s side panel from 1200 px wide only, at most 400 px wide', async () => {
    const { page, errors } = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    await logIn(page, 'member');
    const toggle = page.locator('.home-conference__toggle');
    await toggle.click();
    const panel = page.locator('.home-conference');
    await panel.getByRole('button', { name: 'room-3', exact: true }).waitFor();
    expect((await panel.boundingBox())?.width).toBeLessThanOrEqual(400);
    await saveScreenshot(page, 'classroom-home-panel');
    await page.setViewportSize({ width: 1100, height: 900 });
    await panel.waitFor({ state: 'detached' });
    expect(await toggle.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('tells a guest to register before joining', async () => {
    const { page } = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    await page.goto(`${baseURL}${AppRoute.home}`);
    await page.locator('.home-conference__toggle').click();
    await page.locator('.home-conference [data-room="room-1"]').click();
    await page.locator('[data-sonner-toast]').filter({ hasText: T.registerRequired }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

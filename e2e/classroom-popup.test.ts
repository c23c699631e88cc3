// The pushed student browser (issues 15 and 27): a teacher pushes a page, the member sees it in a
// window, the teacher does not; closing it takes it away. A page of the campus itself renders in
// the frame (in its own origin), another site's stays in an opaque one; the whiteboard and the
// pushed page stack, the last opened or clicked on top. Rooms and rules are the server's.
import path from 'node:path';
import { AppRoute, POPUP_ALLOWLIST_DEFAULT } from '@atrium/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ClassroomUiText as T } from '../apps/web/src/features/classroom/texts.ts';
import { openPage, outputDir, saveScreenshot, useBrowser } from './support/browser.ts';
import { logIn } from './support/world.ts';
import { lane } from './support/lane.ts';

const baseURL = lane().baseURL;
/** A real page of the campus, and the heading it shows (the event page's `revealedTitle`). */
const campusPage = `${baseURL}${AppRoute.event}?skip-countdown=1`;
const campusHeading = 'We are live!';

/** What the person sees: the viewport only (a full-page capture lays fixed windows out anew). */
const saveView = (page: Page, name: string) =>
  page.screenshot({ path: path.join(outputDir, `${name}.png`) });

async function joinRoom2(page: Page, role: string): Promise<void> {
  await page.context().grantPermissions(['camera', 'microphone'], { origin: baseURL });
  await logIn(page, role);
  await page.getByRole('button', { name: T.openClassroom, exact: true }).click();
  await page.getByRole('button', { name: 'room-2', exact: true }).click();
  const modal = page.getByRole('dialog', { name: T.chooseDevices });
  await modal.getByRole('button', { name: T.join, exact: true }).click();
  await page.getByRole('toolbar', { name: T.controls }).waitFor({ timeout: 30_000 });
}

/** The teacher pushes `url` through the student browser's prompt (saved as `screenshot`). */
async function pushPage(teacher: Page, url: string, screenshot?: string): Promise<void> {
  const open = teacher.getByRole('button', { name: T.studentBrowser });
  await expect.poll(() => open.isEnabled(), { timeout: 15_000 }).toBe(true);
  await open.click();
  const dialog = teacher.getByRole('dialog', { name: T.studentBrowserPromptTitle });
  await dialog.getByLabel(T.studentBrowserPromptLabel).fill(`  ${url}  `);
  // The prompt says which addresses the server takes (a fresh install: the default list).
  expect(await dialog.textContent()).toContain(POPUP_ALLOWLIST_DEFAULT.join(', '));
  if (screenshot) {
    await saveView(teacher, `${screenshot}-1440`);
    // At a phone's width the prompt fits the screen (the class goes on without its panel).
    const size = teacher.viewportSize()!;
    await teacher.setViewportSize({ width: 390, height: 844 });
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await saveView(teacher, `${screenshot}-390`);
    await teacher.setViewportSize(size);
  }
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

async function closePage(teacher: Page): Promise<void> {
  await teacher.getByRole('button', { name: T.closeStudentBrowser }).click();
}

/** Which window is drawn at a point of the page: the whiteboard, the pushed page, or neither. */
const windowAt = (page: Page, point: { x: number; y: number }) =>
  page.evaluate(({ x, y }) => {
    const hit = document.elementFromPoint(x, y);
    if (hit?.closest('.popup-browser')) return 'page';
    if (hit?.closest('.whiteboard')) return 'board';
    return null;
  }, point);

const centreOf = async (page: Page, selector: string) => {
  const box = (await page.locator(selector).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

describe('the pushed student browser', () => {
  const browser = useBrowser();

  it('shows a page of the campus to the member only, rendered, and another site in an opaque frame', async () => {
    const teacher = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    const member = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    await joinRoom2(teacher.page, 'teacher');
    await joinRoom2(member.page, 'member');

    await pushPage(teacher.page, campusPage, 'classroom-student-browser-prompt');
    const popup = member.page.getByRole('region', { name: T.studentBrowserTitle });
    await popup.waitFor({ timeout: 15_000 });
    const frame = popup.locator('iframe');
    expect(await frame.getAttribute('src')).toBe(campusPage);
    // Our own page runs in its origin: its scripts load, and it shows what it shows in a tab.
    expect(await frame.getAttribute('sandbox')).toContain('allow-same-origin');
    await popup
      .frameLocator('iframe')
      .getByRole('heading', { level: 1, name: campusHeading })
      .waitFor({ timeout: 30_000 });
    expect(await popup.getByRole('link', { name: T.openInNewTab }).getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
    await saveScreenshot(member.page, 'classroom-student-browser');
    // The teacher pushed it and does not get it; the button now closes it.
    expect(await teacher.page.getByRole('region', { name: T.studentBrowserTitle }).count()).toBe(0);
    await closePage(teacher.page);
    await popup.waitFor({ state: 'hidden', timeout: 15_000 });

    // A site of the default allowlist: taken, framed by the page's policy, in an opaque origin.
    // (No internet here: the frame's own request fails; the page's policy must not refuse it.)
    const outside = `${POPUP_ALLOWLIST_DEFAULT[0]}/wiki/Photosynthesis`;
    await pushPage(teacher.page, outside);
    await popup.waitFor({ timeout: 15_000 });
    expect(await frame.getAttribute('src')).toBe(outside);
    expect(await frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    await closePage(teacher.page);
    await popup.waitFor({ state: 'hidden', timeout: 15_000 });
    expect(member.errors.filter((e) => e.includes('Content Security Policy'))).toEqual([]);

    await member.page.getByRole('button', { name: T.leave, exact: true }).click();
    await teacher.page.getByRole('button', { name: T.leave, exact: true }).click();
    await member.page.context().close();
    await teacher.page.context().close();
  }, 150_000);

  it('stacks the whiteboard and the pushed page: the last opened on top, the other brought forward', async () => {
    const teacher = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    const member = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    await joinRoom2(teacher.page, 'teacher');
    await joinRoom2(member.page, 'member');

    // The whiteboard first…
    const boardButton = teacher.page.locator('[data-control="whiteboard"]');
    await expect.poll(() => boardButton.isEnabled(), { timeout: 15_000 }).toBe(true);
    await boardButton.click();
    const prompt = teacher.page.getByRole('dialog', { name: T.whiteboardPromptTitle });
    await prompt.getByLabel(T.whiteboardUrlLabel).fill(`board-stack-${Date.now()}`);
    await prompt.getByLabel(T.whiteboardUrlLabel).press('Enter');
    const board = member.page.getByRole('region', { name: T.whiteboardTitle, exact: true });
    await board.waitFor({ timeout: 15_000 });

    // …then the page, which opens on top of it.
    await pushPage(teacher.page, campusPage);
    const popup = member.page.getByRole('region', { name: T.studentBrowserTitle });
    await popup.waitFor({ timeout: 15_000 });
    await popup
      .frameLocator('iframe')
      .getByRole('heading', { level: 1, name: campusHeading })
      .waitFor({ timeout: 30_000 });
    const pageCentre = await centreOf(member.page, '.popup-browser');
    const boardCentre = await centreOf(member.page, '.whiteboard');
    await expect.poll(() => windowAt(member.page, pageCentre)).toBe('page');
    expect(await windowAt(member.page, boardCentre)).toBe('page');
    await saveView(member.page, 'classroom-stack-page-on-top-1440');

    // A click on the whiteboard's title bar, which the page leaves in view, brings it forward…
    await board.locator('.whiteboard__bar').click({ position: { x: 200, y: 12 } });
    await expect.poll(() => windowAt(member.page, boardCentre)).toBe('board');
    await saveView(member.page, 'classroom-stack-board-on-top-1440');
    // …a click inside the page's frame (another document) brings the page back…
    const frameBox = (await popup.locator('iframe').boundingBox())!;
    const boardBox = (await board.boundingBox())!;
    await member.page.mouse.click(
      (boardBox.x + boardBox.width + frameBox.x + frameBox.width) / 2,
      frameBox.y + frameBox.height / 2,
    );
    await expect.poll(() => windowAt(member.page, boardCentre)).toBe('page');
    // …and so does the keyboard: focusing a window brings it forward.
    await board.getByLabel(T.whiteboardUrlLabel).focus();
    await expect.poll(() => windowAt(member.page, boardCentre)).toBe('board');
    await popup.getByRole('link', { name: T.openInNewTab }).focus();
    await expect.poll(() => windowAt(member.page, boardCentre)).toBe('page');
    // Both stay below the app's dialogs (100003 and up).
    const zIndexes = await member.page.evaluate(() =>
      [...document.querySelectorAll('.classroom-layer')].map((l) =>
        Number(getComputedStyle(l).zIndex),
      ),
    );
    expect(zIndexes.length).toBeGreaterThanOrEqual(2);
    for (const z of zIndexes) expect(z).toBeLessThan(100_002);

    // A phone: the whiteboard along the top, the page along the bottom, both in reach.
    await member.page.setViewportSize({ width: 390, height: 844 });
    const phonePage = member.page.locator('.popup-browser');
    await expect
      .poll(async () => (await phonePage.boundingBox())?.width, { timeout: 5_000 })
      .toBe(390);
    const pageBox = (await phonePage.boundingBox())!;
    expect(pageBox.x).toBe(0);
    expect(Math.round(pageBox.y + pageBox.height)).toBe(844);
    const tab = (await popup.getByRole('link', { name: T.openInNewTab }).boundingBox())!;
    expect(tab.height).toBeGreaterThanOrEqual(44);
    const phoneBoard = (await member.page.locator('.whiteboard').boundingBox())!;
    expect(phoneBoard.y + phoneBoard.height).toBeLessThanOrEqual(pageBox.y);
    const overflow = await member.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await saveView(member.page, 'classroom-stack-390');

    await closePage(teacher.page);
    await popup.waitFor({ state: 'hidden', timeout: 15_000 });
    await teacher.page
      .getByRole('region', { name: T.whiteboardTitle, exact: true })
      .getByRole('button', { name: T.whiteboardClose })
      .click();
    await board.waitFor({ state: 'detached', timeout: 15_000 });
    await teacher.page.getByRole('button', { name: T.leave, exact: true }).click();
    await member.page.context().close();
    await teacher.page.context().close();
  }, 180_000);
});

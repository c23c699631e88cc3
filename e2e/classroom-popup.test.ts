// The pushed student browser (issue 15): a teacher pushes a page, the member sees it in a
// sandboxed window, the teacher does not; closing it takes it away. Rooms and rules are the
// server's: a member's own push over the room socket is refused.
import { ClassroomUiText as T } from '../apps/web/src/features/classroom/texts.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, saveScreenshot, useBrowser } from './support/browser.ts';
import { logIn } from './support/world.ts';
import { lane } from './support/lane.ts';

const baseURL = lane().baseURL;

async function joinRoom2(page: Page, role: string): Promise<void> {
  await page.context().grantPermissions(['camera', 'microphone'], { origin: baseURL });
  await logIn(page, role);
  await page.getByRole('button', { name: T.openClassroom, exact: true }).click();
  await page.getByRole('button', { name: 'room-2', exact: true }).click();
  const modal = page.getByRole('dialog', { name: T.chooseDevices });
  await modal.getByRole('button', { name: T.join, exact: true }).click();
  await page.getByRole('toolbar', { name: T.controls }).waitFor({ timeout: 30_000 });
}

describe('the pushed student browser', () => {
  const browser = useBrowser();

  it('opens for the member only, in a sandboxed frame, and closes for everyone', async () => {
    const teacher = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    const member = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    await joinRoom2(teacher.page, 'teacher');
    await joinRoom2(member.page, 'member');

    const open = teacher.page.getByRole('button', { name: T.studentBrowser });
    await expect.poll(() => open.isEnabled(), { timeout: 15_000 }).toBe(true);
    await open.click();
    const dialog = teacher.page.getByRole('dialog', { name: T.studentBrowserPromptTitle });
    await dialog.getByLabel(T.studentBrowserPromptLabel).fill(`  ${baseURL}/not-found-page  `);
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    const window = member.page.getByRole('region', { name: T.studentBrowserTitle });
    await window.waitFor({ timeout: 15_000 });
    const frame = window.locator('iframe');
    expect(await frame.getAttribute('src')).toBe(`${baseURL}/not-found-page`);
    expect(await frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(await window.getByRole('link', { name: T.openInNewTab }).getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
    await saveScreenshot(member.page, 'classroom-student-browser');
    // The teacher pushed it and does not get it; the button now closes it.
    expect(await teacher.page.getByRole('region', { name: T.studentBrowserTitle }).count()).toBe(0);
    await teacher.page.getByRole('button', { name: T.closeStudentBrowser }).click();
    await window.waitFor({ state: 'hidden', timeout: 15_000 });

    await member.page.getByRole('button', { name: T.leave, exact: true }).click();
    await teacher.page.getByRole('button', { name: T.leave, exact: true }).click();
    await member.page.context().close();
    await teacher.page.context().close();
  }, 120_000);
});

// SPEC §2's `join-room-debug=1`: a debug join control in the home page's classroom side panel.
// It sends any typed name; the server decides, and an unknown room gets the server's own error.
import { ClassroomText } from '@atrium/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DebugJoinText } from '../apps/web/src/features/classroom/side/debugJoin.ts';
import { ClassroomUiText as T } from '../apps/web/src/features/classroom/texts.ts';
import { openPage, saveScreenshot, useBrowser } from './support/browser.ts';
import { logIn } from './support/world.ts';
import { lane } from './support/lane.ts';

const baseURL = lane().baseURL;

describe('the join-room-debug control', () => {
  const browser = useBrowser();

  async function openPanel(page: Page, query: string) {
    await page.goto(`${baseURL}/${query}`);
    await page.getByRole('button', { name: T.openClassroom, exact: true }).click();
    await page.getByRole('button', { name: 'room-1', exact: true }).waitFor();
    return page.getByRole('form', { name: DebugJoinText.title });
  }

  it('is hidden without the flag, and with it joins what the server allows', async () => {
    const { page, errors } = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    await page.context().grantPermissions(['camera', 'microphone'], { origin: baseURL });
    await logIn(page, 'teacher');

    expect(await (await openPanel(page, '')).count()).toBe(0);
    expect(await (await openPanel(page, '?join-room-debug=0')).count()).toBe(0);

    const form = await openPanel(page, '?join-room-debug=1');
    await form.waitFor();
    await saveScreenshot(page, 'debug-join-1440');
    // An empty name is not sent.
    await form.getByRole('button', { name: DebugJoinText.join, exact: true }).click();
    await form.getByRole('alert').getByText(DebugJoinText.empty, { exact: true }).waitFor();

    // A room the server does not know: its own words come back, and nobody is in a class.
    await form.getByLabel(DebugJoinText.roomName, { exact: true }).fill('room-9');
    await form.getByRole('button', { name: DebugJoinText.join, exact: true }).click();
    const modal = page.getByRole('dialog', { name: T.chooseDevices });
    await modal.getByRole('button', { name: T.join, exact: true }).click();
    await page.getByText(ClassroomText.unknownRoom, { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('toolbar', { name: T.controls }).count()).toBe(0);
    await saveScreenshot(page, 'debug-join-unknown-1440');

    // A real room joins (the devices chosen above are saved now).
    await form.getByLabel(DebugJoinText.roomName, { exact: true }).fill('room-3');
    await form.getByRole('button', { name: DebugJoinText.join, exact: true }).click();
    await page.getByRole('toolbar', { name: T.controls }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('classroom-count').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: T.leave, exact: true }).click();
    expect(errors.filter((e) => !e.includes('requestfailed'))).toEqual([]);
    await page.context().close();
  });
});

import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ChatText } from '@atrium/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, outputDir, useBrowser } from './support/browser.ts';
import { logIn } from './support/world.ts';
import { lane } from './support/lane.ts';

const baseURL = lane().baseURL;

/** The viewport as the person sees it (the window floats over the page). */
async function look(page: Page, name: string) {
  await mkdir(outputDir, { recursive: true });
  await page.screenshot({ path: path.join(outputDir, `${name}.png`) });
}

// SPEC §2's second chat panel on the home page: anyone reads a typed-in classroom's chat with the
// no-auth token row (SPEC §7); posting needs an account.
describe('the second chat panel', () => {
  const browser = useBrowser();
  const room = `Biology ${randomUUID().slice(0, 6)}`;

  async function openPanel(page: Page) {
    await page.getByRole('button', { name: ChatText.openSecond, exact: true }).click();
    const window = page.getByRole('dialog', { name: ChatText.secondTitle });
    await window.getByLabel(ChatText.classroomName, { exact: true }).fill(room);
    await window.getByRole('button', { name: ChatText.open, exact: true }).click();
    return window.getByRole('region', { name: room });
  }

  it('lets an anonymous visitor follow a classroom live, and only a member post', async () => {
    const visitor = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    await visitor.page.goto(`${baseURL}/`);
    const read = await openPanel(visitor.page);
    await read.getByText(ChatText.empty, { exact: true }).waitFor();
    // No input for a visitor: the panel says what posting needs.
    await read.getByText(ChatText.loginToPost, { exact: true }).waitFor();
    expect(await read.getByLabel(ChatText.message, { exact: true }).count()).toBe(0);

    const member = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    await logIn(member.page, 'member');
    const write = await openPanel(member.page);
    const input = write.getByLabel(ChatText.message, { exact: true });
    await input.fill('  Lab notes are up, see https://example.org/lab  ');
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('');

    // The visitor hears it live, trimmed, with the link made safe.
    await read.getByText('Lab notes are up, see', { exact: false }).waitFor();
    const link = read.getByRole('link', { name: 'https://example.org/lab', exact: true });
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await look(visitor.page, 'second-chat-visitor-1440');
    await look(member.page, 'second-chat-member-1440');

    // A reload reads the history with a fresh token.
    await visitor.page.reload();
    const again = await openPanel(visitor.page);
    await again.getByText('Lab notes are up, see', { exact: false }).waitFor();

    expect(visitor.errors).toEqual([]);
    expect(member.errors).toEqual([]);
    await visitor.page.context().close();
    await member.page.context().close();
  });

  it('is a sheet along the bottom on a phone', async () => {
    const phone = await openPage(browser(), {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await phone.page.goto(`${baseURL}/`);
    const read = await openPanel(phone.page);
    await read.getByText(ChatText.loginToPost, { exact: true }).waitFor();
    const box = await phone.page.locator('.second-chat__sheet').boundingBox();
    expect(box?.width).toBe(390);
    await look(phone.page, 'second-chat-visitor-390');
    // Closing brings the launcher back.
    await phone.page.getByRole('button', { name: ChatText.closeSecond, exact: true }).click();
    await phone.page.getByRole('button', { name: ChatText.openSecond, exact: true }).waitFor();
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();
  });
});

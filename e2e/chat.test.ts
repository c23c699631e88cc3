import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHAT_PAGE_DEFAULT, ChatText } from '@atrium/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatDevRoute } from '../apps/web/src/features/chat/devRoute.ts';
import { AuthWebText } from '../apps/web/src/shared/auth/texts.ts';
import { startOwnApp } from './support/app.ts';
import type { OwnApp } from './support/app.ts';
import { openPage, saveScreenshot, useBrowser } from './support/browser.ts';
import type { WatchedPage } from './support/browser.ts';

const webRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps/web');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

// The chat panel runs on its development page (Vite, proxying /api and the socket to an app of
// this suite's own): the socket's Origin is the dev server's, which the shared app does not
// allow, so this app lists it in ALLOWED_ORIGINS. Teacher and member are two browser contexts.
describe('classroom chat between a teacher and a member', () => {
  const browser = useBrowser();
  const room = `e2e-${randomUUID().slice(0, 8)}`;
  let app: OwnApp;
  let devOrigin = '';
  let closeDev: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const port = await freePort();
    devOrigin = `http://127.0.0.1:${port}`;
    app = await startOwnApp({ ALLOWED_ORIGINS: devOrigin });
    // The config reads the API address when it loads.
    process.env.ATRIUM_API_URL = app.baseURL;
    const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-vite-'));
    const { createServer: createVite } = await import('vite');
    const server = await createVite({
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      cacheDir,
      logLevel: 'error',
      server: { host: '127.0.0.1', port, strictPort: true, hmr: false },
    });
    await server.listen();
    closeDev = async () => {
      await server.close();
      await rm(cacheDir, { recursive: true, force: true });
    };
  }, 180_000);
  afterAll(async () => {
    await closeDev?.();
    await app?.stop();
  });

  const devURL = () => devOrigin;
  const demoAccount = (role: string) => {
    const account = app.accounts.find((a) => a.role === role);
    if (!account) throw new Error(`no demo ${role}`);
    return account;
  };

  async function chatAs(role: string): Promise<WatchedPage> {
    const watched = await openPage(browser());
    const { page } = watched;
    const account = demoAccount(role);
    await page.goto(`${devURL()}/`);
    // The first visit compiles the page's modules on demand.
    const username = page.getByLabel(AuthWebText.usernameOrEmail, { exact: true });
    await username.waitFor({ timeout: 60_000 });
    await username.fill(account.username);
    await page.getByLabel(AuthWebText.password, { exact: true }).fill(account.password);
    await page.getByRole('button', { name: AuthWebText.logIn, exact: true }).click();
    await page.getByRole('region', { name: AuthWebText.startTitle }).waitFor();
    await page.goto(`${devURL()}${ChatDevRoute}?room=${room}`);
    // Signed in (the session is restored from its cookie), the page talks to the server.
    await page.locator('main[data-chat-source="server"]').waitFor({ timeout: 60_000 });
    return watched;
  }

  const chat = (page: Page) => page.getByRole('region', { name: `${ChatText.title} ${room}` });

  async function send(page: Page, emojiLabel: string, text: string) {
    const panel = chat(page);
    await panel.getByRole('button', { name: ChatText.emoji, exact: true }).click();
    // The list is virtual: search brings the emoji into view, as a keyboard user would.
    await panel.getByRole('searchbox', { name: ChatText.emojiSearch }).fill(emojiLabel);
    await panel.getByRole('gridcell', { name: emojiLabel, exact: true }).click();
    const input = panel.getByLabel(ChatText.message, { exact: true });
    // The pick goes in at the caret and the input gets the focus back (on the next frame).
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('');
  }

  async function expectLink(page: Page, href: string) {
    const link = chat(page).getByRole('link', { name: href, exact: true });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(href);
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.getAttribute('target')).toBe('_blank');
  }

  it('chats with emoji and links both ways, stays inert, and a teacher deletes and clears', async () => {
    const teacher = await chatAs('teacher');
    const member = await chatAs('member');
    const t = teacher.page;
    const m = member.page;
    const memberName = demoAccount('member').username;

    // Member → teacher.
    await send(m, 'thumbs up', ' see https://example.org/member');
    await chat(t).getByText('👍 see', { exact: false }).waitFor();
    await expectLink(t, 'https://example.org/member');
    // Teacher → member.
    await send(t, 'party popper', ' slides: https://example.org/teacher');
    await chat(m).getByText('🎉 slides:', { exact: false }).waitFor();
    await expectLink(m, 'https://example.org/teacher');
    // Whitespace only is not sent.
    const input = chat(m).getByLabel(ChatText.message, { exact: true });
    await input.fill('    ');
    await m.keyboard.press('Enter');

    // Markup and a javascript: address stay text on the other side.
    const payload = '<img src=x onerror="window.__xss=1"> javascript:alert(1)';
    await input.fill(payload);
    await m.keyboard.press('Enter');
    await chat(t).getByText(payload, { exact: true }).waitFor();
    expect(await chat(t).locator('.chat__messages img').count()).toBe(0);
    expect(await chat(t).getByRole('link').count()).toBe(2);
    expect(await t.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await chat(t).locator('.chat__message').count()).toBe(3);

    // A member has no moderation; a teacher deletes the member's first message, live.
    expect(await chat(m).getByRole('button', { name: ChatText.clear }).count()).toBe(0);
    expect(
      await chat(m)
        .getByRole('button', { name: ChatText.delete(memberName) })
        .count(),
    ).toBe(0);
    await saveScreenshot(t, 'chat-teacher');
    await saveScreenshot(m, 'chat-member');
    const gone = chat(m).getByRole('link', { name: 'https://example.org/member', exact: true });
    await chat(t)
      .getByRole('button', { name: ChatText.delete(memberName) })
      .first()
      .click();
    await gone.waitFor({ state: 'detached' });
    expect(await chat(m).locator('.chat__message').count()).toBe(2);

    // Clearing the chat empties it for everyone.
    await chat(t).getByRole('button', { name: ChatText.clear }).click();
    await t.getByRole('alertdialog').getByRole('button', { name: ChatText.clear }).click();
    await chat(m).getByText(ChatText.empty).waitFor();
    expect(await chat(m).locator('.chat__message').count()).toBe(0);

    // A reload shows the same (empty) history: it is the server's.
    await m.reload();
    await m.locator('main[data-chat-source="server"]').waitFor({ timeout: 60_000 });
    await chat(m).getByText(ChatText.empty).waitFor();

    expect(teacher.errors).toEqual([]);
    expect(member.errors).toEqual([]);
  }, 240_000);

  it('pages back through history as the list is scrolled to the top, and stays put', async () => {
    // Signed out, the preview holds its chat in the page: 120 old messages and 5 new ones.
    const { page, errors } = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    await page.goto(`${devURL()}${ChatDevRoute}?history=120`);
    await page.locator('main[data-chat-source="memory"]').waitFor({ timeout: 60_000 });
    const panel = page.getByRole('region', { name: `${ChatText.title} room-1` });
    const messages = panel.locator('.chat__message');
    await expect.poll(() => messages.count()).toBe(CHAT_PAGE_DEFAULT);
    const list = panel.getByRole('log', { name: ChatText.messages });
    // SPEC §9: the list starts at the newest message.
    await expect
      .poll(() => list.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop))
      .toBeLessThan(2);
    const top = async () => {
      await list.evaluate((el) => {
        el.scrollTop = 0;
        el.dispatchEvent(new Event('scroll'));
      });
    };
    await top();
    await expect.poll(() => messages.count()).toBe(2 * CHAT_PAGE_DEFAULT);
    // The reader stays on the message they were reading, not thrown to the new top.
    expect(await list.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
    await top();
    await expect.poll(() => messages.count()).toBe(125);
    await panel.getByText('Old message 1', { exact: true }).waitFor();
    await top();
    await page.waitForTimeout(300);
    expect(await messages.count()).toBe(125);
    expect(errors).toEqual([]);
  }, 120_000);
});

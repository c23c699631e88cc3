// Issue 26: a page holds one WebSocket. The world, the social layer, the chat, the darts
// announcements and the classroom (its signalling and its room socket) all ride one socket.io
// Manager per document: the metaverse page's own, and the world's embed frame's.
import { AppRoute, SOCKET_PATH } from '@atrium/protocol';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ClassroomUiText as T } from '../apps/web/src/features/classroom/texts.ts';
import { SocialUiText } from '../apps/web/src/features/social/texts.ts';
import { openPage, useBrowser } from './support/browser.ts';
import { enterWorld } from './support/world.ts';
import { lane } from './support/lane.ts';

const baseURL = lane().baseURL;

/** Records, in every document from its first script on, the WebSockets it opens. */
async function recordSockets(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const opened: string[] = [];
    (window as { openedSockets?: string[] }).openedSockets = opened;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        opened.push(String(url));
      }
    };
  });
}

/** The app's WebSockets (on our socket path) one document opened so far. */
const socketsOf = async (document: Page | Frame): Promise<string[]> =>
  (
    (await document.evaluate(() => (window as { openedSockets?: string[] }).openedSockets)) ?? []
  ).filter((url) => new URL(url).pathname.startsWith(SOCKET_PATH));

describe('one WebSocket per document', () => {
  const browser = useBrowser();

  it('opens one on the metaverse page with the world, the Friends panel and a class open', async () => {
    const { page, errors } = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    await page.context().grantPermissions(['camera', 'microphone'], { origin: baseURL });
    await recordSockets(page);
    // Every WebSocket the page and its frames open, as the browser reports them.
    // Counted from the metaverse page on: the home page, where enterWorld signs in, may open its
    // own socket before it navigates away (or not, on a busy machine).
    const seen: string[] = [];
    let onMetaverse = false;
    page.on('framenavigated', (navigated) => {
      if (
        navigated === page.mainFrame() &&
        new URL(navigated.url()).pathname === AppRoute.metaverse
      )
        onMetaverse = true;
    });
    page.on('websocket', (ws) => {
      if (onMetaverse && new URL(ws.url()).pathname.startsWith(SOCKET_PATH)) seen.push(ws.url());
    });

    const frame = await enterWorld(page, 'teacher');
    // The world is joined: its socket is up.
    await frame.waitForFunction(() => window.__atriumTest?.().self.label != null, undefined, {
      timeout: 30_000,
    });

    // The Friends panel, live (its socket answers the lists' presence).
    await page.getByRole('button', { name: new RegExp(`^${SocialUiText.friends}`) }).click();
    const social = page.getByRole('dialog', { name: SocialUiText.panelTitle });
    await social.waitFor();
    await page.keyboard.press('Escape');
    await social.waitFor({ state: 'hidden' });

    // A class: the classroom's signalling and the room socket of room-1.
    await page
      .getByRole('toolbar', { name: 'World' })
      .getByRole('button', { name: T.openClassroom, exact: true })
      .click();
    const panel = page.locator('.classroom-window');
    await panel.getByRole('button', { name: 'room-1', exact: true }).click();
    const devices = page.getByRole('dialog', { name: T.chooseDevices });
    await devices.waitFor();
    await devices.getByRole('button', { name: T.join, exact: true }).click();
    await page.getByRole('toolbar', { name: T.controls }).waitFor({ timeout: 30_000 });
    // The room socket welcomed us: a teacher's whiteboard control comes alive.
    await expect
      .poll(() => page.locator('[data-control="whiteboard"]').first().isEnabled(), {
        timeout: 30_000,
      })
      .toBe(true);

    const own = await socketsOf(page);
    const embed = await socketsOf(frame);
    expect(frame.url()).toContain('/embed/');
    expect(own).toHaveLength(1);
    expect(embed.length).toBeLessThanOrEqual(1);
    // Nothing the documents' own WebSocket did not see (a worker, another frame) opened one.
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.length).toBeLessThanOrEqual(own.length + embed.length);
    expect(errors).toEqual([]);
  }, 180_000);
});

import { AppRoute } from '@atrium/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { AuthWebText } from '../apps/web/src/features/auth/texts.ts';
import type { AtriumTestHook } from '../packages/world/src/render/test-hook.ts';
import { openPage, saveScreenshot, useBrowser } from './support/browser.ts';

const baseURL = inject('baseURL');
const demoAccounts = inject('demoAccounts');

async function enterWorld(page: Page, role: string): Promise<void> {
  const account = demoAccounts.find((a) => a.role === role);
  if (!account) throw new Error(`no demo ${role}`);
  await page.goto(`${baseURL}/`);
  await page.getByLabel(AuthWebText.usernameOrEmail, { exact: true }).fill(account.username);
  await page.getByLabel(AuthWebText.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: AuthWebText.logIn, exact: true }).click();
  await page.getByRole('region', { name: AuthWebText.startTitle }).waitFor();
  await page.goto(`${baseURL}${AppRoute.metaverse}?e2e=1`);
  await page.waitForFunction(() => typeof window.__atriumTest === 'function', undefined, {
    timeout: 30_000,
  });
}

const read = (page: Page) => page.evaluate(() => (window.__atriumTest as () => AtriumTestHook)());

describe('the world in two browsers', () => {
  const browser = useBrowser();

  it('shows each person the other, moving and emoting', async () => {
    const a = await openPage(browser(), { viewport: { width: 1280, height: 720 } });
    const b = await openPage(browser(), { viewport: { width: 1280, height: 720 } });
    await enterWorld(a.page, 'member');
    await enterWorld(b.page, 'teacher');

    await a.page.waitForFunction(
      () => (window.__atriumTest?.().remotes.length ?? 0) === 1,
      undefined,
      { timeout: 30_000 },
    );
    const before = (await read(a.page)).remotes[0];
    const selfB = (await read(b.page)).self;
    expect(before).toBeDefined();

    // B walks forward (W) for a second; A sees B's avatar move.
    await b.page.keyboard.down('KeyW');
    await b.page.waitForTimeout(1000);
    await b.page.keyboard.up('KeyW');
    const movedB = (await read(b.page)).self;
    // With two software-rendered pages on two cores frames are slow, and the engine caps its
    // catch-up steps, so the distance is less than a second's walk; any clear move will do.
    expect(Math.hypot(movedB.x - selfB.x, movedB.z - selfB.z)).toBeGreaterThan(0.3);
    await a.page.waitForFunction(
      ([x, z]) => {
        const remote = window.__atriumTest?.().remotes[0];
        return remote !== undefined && Math.hypot(remote.x - x, remote.z - z) < 0.3;
      },
      [movedB.x, movedB.z] as const,
      { timeout: 15_000 },
    );

    // B dances (key 0); A sees the emote.
    await b.page.keyboard.press('Digit0');
    await a.page.waitForFunction(
      () => window.__atriumTest?.().remotes[0]?.emote === 'dance',
      undefined,
      { timeout: 10_000 },
    );
    await saveScreenshot(a.page, 'world-two-people');
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  }, 120_000);
});

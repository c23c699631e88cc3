// Signing in and entering the world, for the e2e tests that start in the campus.
import { AppRoute } from '@atrium/protocol';
import type { Frame, Page } from 'playwright-core';
import { AuthWebText } from '../../apps/web/src/shared/auth/texts.ts';
import { MetaverseText } from '../../apps/web/src/features/metaverse/popups/texts.ts';
import { lane } from './lane.ts';

const baseURL = lane().baseURL;
const demoAccounts = lane().demoAccounts;

/** The demo account of a role (member, teacher, …). */
export function demoAccount(role: string): { username: string; password: string } {
  const account = demoAccounts.find((a) => a.role === role);
  if (!account) throw new Error(`no demo ${role}`);
  return account;
}

/** An app of a test's own (`startOwnApp`): its address and accounts. */
export interface AppAt {
  baseURL: string;
  accounts: { role: string; username: string; password: string }[];
}

/** Logs in on the home page as the demo account of `role` (on the lane's app, or `app`). */
export async function logIn(page: Page, role: string, app?: AppAt): Promise<void> {
  const account = app ? app.accounts.find((a) => a.role === role) : demoAccount(role);
  if (!account) throw new Error(`no ${role} account`);
  await page.goto(`${app?.baseURL ?? baseURL}/`);
  await page.getByLabel(AuthWebText.usernameOrEmail, { exact: true }).fill(account.username);
  await page.getByLabel(AuthWebText.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: AuthWebText.logIn, exact: true }).click();
  await page.getByRole('region', { name: AuthWebText.startTitle }).waitFor();
}

/** The embed frame inside the metaverse page, once its world hook is up. */
export async function worldFrame(page: Page): Promise<Frame> {
  // Software WebGL on 2 cores: a second world starting beside a running one took over 60 s once.
  const deadline = Date.now() + 90_000;
  for (;;) {
    const frame = page.frames().find((f) => f.url().includes('/embed/'));
    if (frame) {
      const ready = await frame
        .evaluate(() => typeof window.__atriumTest === 'function')
        .catch(() => false);
      if (ready) return frame;
    }
    if (Date.now() > deadline) throw new Error('the world frame did not start');
    await page.waitForTimeout(250);
  }
}

/** Logs in, opens the metaverse page, closes the tutorial and focuses the world. */
export async function enterWorld(page: Page, role: string, app?: AppAt): Promise<Frame> {
  await logIn(page, role, app);
  await page.goto(`${app?.baseURL ?? baseURL}${AppRoute.metaverse}?e2e=1`);
  const frame = await worldFrame(page);
  // The tutorial opens at the start of the stream (no "Don't show again" cookie yet).
  const tutorial = page.getByRole('dialog', { name: MetaverseText.tutorial.controlTitle });
  await tutorial.waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: MetaverseText.tutorial.next }).click();
  await page.getByRole('button', { name: MetaverseText.tutorial.gotIt }).click();
  await tutorial.waitFor({ state: 'hidden' });
  await frame.locator('canvas').focus();
  return frame;
}

/** Opens the gallery hall's world (arriving at x 0, z −25), closes the tutorial, waits to be in. */
export async function enterGallery(page: Page): Promise<Frame> {
  await page.goto(`${baseURL}${AppRoute.metaverse}?e2e=1&world=stream.gallery`);
  const frame = await worldFrame(page);
  await page.getByRole('button', { name: MetaverseText.tutorial.next }).click({ timeout: 30_000 });
  await page.getByRole('button', { name: MetaverseText.tutorial.gotIt }).click();
  await frame.waitForFunction(() => window.__atriumTest?.().self.label != null, undefined, {
    timeout: 30_000,
  });
  return frame;
}

/** Walks along the double-click path to (x, z) and waits until the avatar stands there. */
export async function walkTo(frame: Frame, x: number, z: number): Promise<void> {
  const found = await frame.evaluate(([x, z]) => window.__atriumTestDrive?.walkTo(x, z), [
    x,
    z,
  ] as const);
  if (!found) throw new Error(`no way to ${x}, ${z}`);
  await frame.waitForFunction(
    ([x, z]) => {
      const self = window.__atriumTest?.().self;
      return self !== undefined && Math.hypot(self.x - x, self.z - z) < 0.05;
    },
    [x, z] as const,
    { timeout: 40_000 },
  );
}

/** A demo account's album through the API, as the server holds it, with a fresh token. */
export async function albumOf(role: string): Promise<{
  token: string;
  photos: { _id: string; image: string; width: number; height: number }[];
}> {
  const { username, password } = demoAccount(role);
  const login = await fetch(`${baseURL}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { token } = (await login.json()) as { token: string };
  const list = await fetch(`${baseURL}/api/screenshot/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  const { screenshots } = (await list.json()) as {
    screenshots: { _id: string; image: string; width: number; height: number }[];
  };
  return { token, photos: screenshots };
}

/**
 * Deletes the photos a test added to a demo account's album, so the shared demo accounts hold
 * what the other test files expect.
 */
export async function removePhotosAddedSince(role: string, before: readonly string[]) {
  const { token, photos } = await albumOf(role);
  for (const photo of photos.filter((p) => !before.includes(p._id))) {
    const res = await fetch(`${baseURL}/api/screenshot/delete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ screenshot_id: photo._id }),
    });
    if (!res.ok) throw new Error(`could not delete photo ${photo._id}: ${res.status}`);
  }
}

/** Runs (Shift+W) from the gallery hall's door up to its north-wall poster (z below −30.5). */
export async function runToGalleryPoster(page: Page, frame: Frame): Promise<void> {
  await page.keyboard.down('ShiftLeft');
  await page.keyboard.down('KeyW');
  await frame.waitForFunction(() => (window.__atriumTest?.().self.z ?? 0) < -30.5, undefined, {
    timeout: 30_000,
  });
  await page.keyboard.up('KeyW');
  await page.keyboard.up('ShiftLeft');
}

/** Logs in on a phone, opens the mobile page and closes the tutorial and the fullscreen prompt. */
export async function enterMobileWorld(page: Page, role: string): Promise<Frame> {
  await logIn(page, role);
  await page.goto(`${baseURL}${AppRoute.mobileMetaverse}?e2e=1`);
  const frame = await worldFrame(page);
  const tutorial = page.getByRole('dialog', { name: MetaverseText.tutorial.controlTitle });
  await tutorial.waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: MetaverseText.tutorial.next }).tap();
  await page.getByRole('button', { name: MetaverseText.tutorial.gotIt }).tap();
  await tutorial.waitFor({ state: 'hidden' });
  // The fullscreen prompt follows the tutorial on a phone.
  const prompt = page.getByRole('dialog', { name: MetaverseText.fullscreen.title });
  await prompt.waitFor({ timeout: 15_000 });
  await prompt.getByRole('button', { name: MetaverseText.fullscreen.notNow }).tap();
  await prompt.waitFor({ state: 'hidden' });
  return frame;
}

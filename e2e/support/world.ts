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

/** Logs in on the home page as the demo account of `role`. */
export async function logIn(page: Page, role: string): Promise<void> {
  const account = demoAccount(role);
  await page.goto(`${baseURL}/`);
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
export async function enterWorld(page: Page, role: string): Promise<Frame> {
  await logIn(page, role);
  await page.goto(`${baseURL}${AppRoute.metaverse}?e2e=1`);
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

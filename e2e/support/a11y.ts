// Helpers of the accessibility e2e (issue 27): a photo in an album to work on, and whether one
// thing on screen covers another.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { lane } from './lane.ts';

/** Saves a plain photo into the album of the account `token` belongs to, as the world saves one. */
export async function savePhoto(page: Page, token: string): Promise<void> {
  const image = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const g = canvas.getContext('2d');
    if (g) {
      g.fillStyle = '#0f766e';
      g.fillRect(0, 0, 320, 180);
    }
    return canvas.toDataURL('image/png');
  });
  const saved = await page.request.post(`${lane().baseURL}/apiscreenshot/save-screenshot`, {
    data: { place_id: 'campus:plaza', image, token },
  });
  expect(saved.status()).toBe(200);
}

/** Whether `a` and `b` lie one above the other, neither covering the other. */
export async function apart(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!boxA || !boxB) return false;
  return boxB.y >= boxA.y + boxA.height || boxB.y + boxB.height <= boxA.y;
}

import { AppRoute } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { useBrowser, openPage, saveScreenshot, seriousA11yViolations } from './support/browser.ts';
import { lane } from './support/lane.ts';

const baseURL = lane().baseURL;

describe('web shell in Chromium', () => {
  const browser = useBrowser();

  it('loads the home page without console errors or serious accessibility violations', async () => {
    const { page, errors } = await openPage(browser());
    const response = await page.goto(`${baseURL}/`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    await expect(page.locator('main h1').first().isVisible()).resolves.toBe(true);
    expect(await page.locator('nav').count()).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'home');
    expect(errors).toEqual([]);
  });

  it.each(Object.entries(AppRoute))('serves the %s page at its spec route', async (name, route) => {
    const { page, errors } = await openPage(browser());
    const response = await page.goto(`${baseURL}${route}`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    await page.locator('main h1').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, `route-${name}`);
    expect(errors).toEqual([]);
  });

  it('shows the app 404 page, with status 404, for an unknown route', async () => {
    const { page, errors } = await openPage(browser());
    const response = await page.goto(`${baseURL}/no/such/page`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(
      /not found/i,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'not-found');
    // The 404 status of the document itself is logged by Chromium as a failed resource.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });

  it('serves the API docs', async () => {
    const { page } = await openPage(browser());
    const response = await page.goto(`${baseURL}/api/docs`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    await page.getByText('Atrium API').first().waitFor();
    await saveScreenshot(page, 'api-docs');
  });
});

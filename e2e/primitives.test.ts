import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DevRoute } from '../apps/web/src/features/metaverse/devRoutes.ts';
import { ShellText } from '../apps/web/src/shared/texts.ts';
import { useBrowser, openPage, saveScreenshot, seriousA11yViolations } from './support/browser.ts';
import { useDevServer } from './support/dev-server.ts';

// The buttons that open these overlays live on a development-only page, not in the product.
describe('shell primitives in Chromium', () => {
  const browser = useBrowser();
  const devURL = useDevServer();

  async function metaversePage(
    options: { installClock?: boolean } = {},
  ): Promise<{ page: Page; errors: string[] }> {
    const watched = await openPage(browser());
    if (options.installClock) await watched.page.clock.install();
    await watched.page.goto(`${devURL()}${DevRoute.interfacePreview}`);
    // The first visit compiles the page's modules on demand.
    await watched.page.getByRole('button', { name: 'Open a prompt' }).waitFor({ timeout: 60_000 });
    return watched;
  }

  it('opens the prompt modal with a focus trap, closes it with Escape and restores focus', async () => {
    const { page, errors } = await metaversePage();
    const opener = page.getByRole('button', { name: 'Open a prompt' });
    await opener.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox').evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'prompt-modal');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('confirms the prompt with Enter and shows a success toast at the top centre', async () => {
    const { page, errors } = await metaversePage();
    await page.getByRole('button', { name: 'Open a prompt' }).click();
    await page.getByRole('dialog').getByRole('textbox').fill('room-2');
    await page.keyboard.press('Enter');
    const toast = page.getByText('You asked to join room-2.');
    await toast.waitFor();
    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport).toBeTruthy();
    if (box && viewport) {
      expect(box.y).toBeLessThan(120);
      expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(120);
    }
    expect(errors).toEqual([]);
  });

  it('hides an error toast by itself after 10 seconds, not before', async () => {
    const { page, errors } = await metaversePage({ installClock: true });
    await page.getByRole('button', { name: 'Error toast' }).click();
    const toast = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'User not online right now.' });
    await toast.waitFor();
    expect(await toast.getAttribute('data-type')).toBe('error');
    await saveScreenshot(page, 'toast-error');
    await page.clock.runFor(9_000);
    expect(await toast.isVisible()).toBe(true);
    await page.clock.runFor(1_500);
    await toast.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('shows the loading overlay with a clamped percentage and the default label', async () => {
    const { page, errors } = await metaversePage();
    await page.getByRole('button', { name: 'Show the loading screen' }).click();
    const bar = page.getByRole('progressbar');
    await bar.waitFor();
    expect(await page.getByText(ShellText.loadingDefault).isVisible()).toBe(true);
    const value = Number(await bar.getAttribute('aria-valuenow'));
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(100);
    expect(Number.isInteger(value)).toBe(true);
    await saveScreenshot(page, 'loading-overlay');
    await bar.waitFor({ state: 'detached', timeout: 10_000 });
    expect(errors).toEqual([]);
  });

  it('shows the error popup and closes it with its OK button', async () => {
    const { page, errors } = await metaversePage();
    await page.getByRole('button', { name: 'Show an error popup' }).click();
    const popup = page.getByRole('alertdialog');
    await popup.waitFor();
    expect(await popup.textContent()).toContain('Error starting the game.');
    await popup.getByRole('button', { name: ShellText.ok }).click();
    await popup.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});

import path from 'node:path';
import { POPUP_ALLOWLIST_DEFAULT } from '@atrium/protocol';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DevRoute } from '../apps/web/src/features/metaverse/devRoutes.ts';
import { VIDEO_EMBED_ORIGIN } from '../apps/web/src/features/metaverse/popups/videoLinks.ts';
import { openPage, outputDir, saveScreenshot, useBrowser } from './support/browser.ts';
import { useDevServer } from './support/dev-server.ts';
import { lane } from './support/lane.ts';

const desktop: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
const phone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
};

/** The test machine has no internet: the player's own requests fail, and that is not the app's. */
const ownErrors = (errors: string[]) => errors.filter((e) => !e.includes('youtube-nocookie.com'));

// SPEC §5 video links: the sample article (a development-only page) holds one.
describe('video links in an article', () => {
  const browser = useBrowser();
  const devURL = useDevServer();

  async function openArticle(
    options: BrowserContextOptions,
  ): Promise<{ page: Page; errors: string[] }> {
    const watched = await openPage(browser(), options);
    await watched.page.goto(`${devURL()}${DevRoute.interfacePreview}`);
    const opener = watched.page.getByRole('button', { name: 'Article popup' });
    await opener.waitFor({ timeout: 60_000 });
    await opener.click();
    await watched.page.getByRole('dialog').waitFor();
    return watched;
  }

  for (const [label, options] of [
    ['1440x900', desktop],
    ['390x844', phone],
  ] as const) {
    it(`embeds the YouTube link as a 16:9 privacy-enhanced player at ${label}`, async () => {
      const { page, errors } = await openArticle(options);
      const dialog = page.getByRole('dialog');
      const frame = dialog.locator('iframe');
      expect(await frame.count()).toBe(1);
      expect(await frame.getAttribute('src')).toBe(`${VIDEO_EMBED_ORIGIN}/embed/aqz-KE-bpKQ`);
      expect(await frame.getAttribute('loading')).toBe('lazy');
      expect(await frame.getAttribute('title')).toBe('Video 1 (YouTube)');
      // The link's text is gone from the article; the other link stays a link.
      expect(await dialog.getByText('youtube.com/watch').count()).toBe(0);
      const link = dialog.getByRole('link', { name: /example\.org\/library/ });
      expect(await link.getAttribute('href')).toBe('https://example.org/library');

      // The popup's body scrolls: bring the whole player into view for the screenshot.
      await frame.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const box = await frame.boundingBox();
      expect(box).toBeTruthy();
      if (box) expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.02);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `article-video-${label}`);
      // What the visitor sees (a full-page capture relays the page out at its whole height).
      await page.screenshot({ path: path.join(outputDir, `article-video-${label}-viewport.png`) });
      expect(ownErrors(errors)).toEqual([]);
    });
  }

  it("lets the built app's pages frame the privacy-enhanced host and the pop-up browser's allowlist, and no other", async () => {
    const res = await fetch(`${lane().baseURL}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const frameSrc = csp.split(';').find((d) => d.trim().startsWith('frame-src'));
    // The allowlist is the default one: no test sets it on the shared app.
    expect(frameSrc?.trim()).toBe(
      `frame-src 'self' ${VIDEO_EMBED_ORIGIN} ${POPUP_ALLOWLIST_DEFAULT.join(' ')}`,
    );
  });
});

// The classroom screens' development-only preview (a fake engine with canvas video), as the
// e2e tests open it.
import type { Browser, Page } from 'playwright-core';
import { DevRoute } from '../../apps/web/src/features/metaverse/devRoutes.ts';
import { openPage } from './browser.ts';

/** The preview's query for a scene; on a phone, as the bottom sheet (`window`). */
export const sceneQuery = (key: string, phone: boolean) =>
  `?scene=${key}${phone ? `&window=${key}` : ''}`;
/** Where a preview scene is drawn: the bottom sheet on a phone, the frame on a wide screen. */
export const sceneRoot = (page: Page, phone: boolean) =>
  page.locator(phone ? '.classroom-sheet' : '.classroom-preview__frame');
/** The class names of elements that stick out of the screen (none, when the layout holds). */
export const tooWide = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1);
      })
      .map((el) => el.className),
  );

/** Opens the preview at `query` on the dev server at `devURL`, once its panel is drawn. */
export async function openPreview(
  browser: Browser,
  devURL: string,
  query: string,
  options: Parameters<typeof openPage>[1] = {},
) {
  const watched = await openPage(browser, options);
  await watched.page.context().grantPermissions(['camera', 'microphone']);
  await watched.page.goto(`${devURL}${DevRoute.classroomPreview}${query}`);
  // The first visit compiles the page's modules on demand.
  await watched.page.locator('.classroom-panel').first().waitFor({ timeout: 60_000 });
  return watched;
}

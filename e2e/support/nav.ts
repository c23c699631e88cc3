// The top navigation's signed-in entries (My Album, Customise character, Friends, Wallet): where
// the bar is narrow they sit behind "More" (issue 27), which is opened first.
import type { Locator, Page } from 'playwright-core';
import { ShellText } from '../../apps/web/src/shared/texts.ts';

/** The navigation's "More" button (shown only where the bar folds). */
export function moreButton(page: Page): Locator {
  return page.locator('header.top-nav').getByRole('button', { name: ShellText.navMore });
}

/** A navigation entry by its accessible name, with "More" opened first when it is folded. */
export async function navEntry(page: Page, name: string | RegExp): Promise<Locator> {
  const more = moreButton(page);
  const entry = page.locator('header.top-nav').getByRole('button', { name });
  // The entries come with the session: wait for the entry, or for "More" where it is folded.
  await entry.or(more).first().waitFor();
  if ((await more.isVisible()) && (await more.getAttribute('aria-expanded')) !== 'true') {
    await more.click();
  }
  return entry;
}

// Darts between two people (issues 17 and 27): an invitation from one signed-in person to
// another on the mini-game page, a 501 played turn by turn through the server, which lands every
// dart (driven by the game's test hook), the win on the leaderboard, and the announcement toast
// on a third person's campus.
import {
  AppRoute,
  aimPointFor,
  computerTarget,
  MinigameText,
  type DartsGame,
} from '@atrium/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  LeaderboardText,
  PersonMatchText,
} from '../apps/web/src/features/mini-game/leaderboardTexts.ts';
import { DartsText } from '../apps/web/src/features/mini-game/texts.ts';
// Type-only: declares window.__darts.
import type {} from '../apps/web/src/features/mini-game/testHookTypes.ts';
import { openPage, saveScreenshot, seriousA11yViolations, useBrowser } from './support/browser.ts';
import { demoAccount, logIn } from './support/world.ts';
import { lane } from './support/lane.ts';

const baseURL = lane().baseURL;
const GAME = `${AppRoute.miniGame}?embedded&test-hook=1&fast`;

interface HookState {
  screen: string;
  game: DartsGame | null;
  busy: boolean;
  localTurn: boolean;
}
const hookState = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __darts?: { state(): HookState } }).__darts?.state() ?? null,
  );
const throwAt = (page: Page, point: { x: number; y: number }) =>
  page.evaluate(
    ({ x, y }) =>
      (
        window as unknown as { __darts: { throwAt(x: number, y: number): boolean } }
      ).__darts.throwAt(x, y),
    point,
  );

const MISS = aimPointFor({ ring: 'miss', number: 0 });

async function openGame(page: Page): Promise<void> {
  await page.goto(`${baseURL}${GAME}`);
  const popup = page.getByRole('dialog', { name: DartsText.instructions.title });
  await popup.waitFor();
  await page.getByRole('button', { name: DartsText.instructions.gotIt }).click();
  await popup.waitFor({ state: 'hidden' });
}

describe('darts between two people', () => {
  const browser = useBrowser();

  it('invites, plays 501 through the server turn by turn, and the win reaches the board and the campus', async () => {
    const host = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    const guest = await openPage(browser(), {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const watcher = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    await Promise.all([
      logIn(host.page, 'member'),
      logIn(guest.page, 'teacher'),
      logIn(watcher.page, 'admin'),
    ]);
    // The third person is on the campus: the toast comes from the page, not from the world.
    await watcher.page.goto(`${baseURL}${AppRoute.metaverse}?e2e=1`);
    await Promise.all([openGame(host.page), openGame(guest.page)]);

    // The host picks a person and invites the teacher by username.
    await host.page.getByLabel(new RegExp(DartsText.person)).check();
    await host.page.getByLabel(PersonMatchText.username).fill(demoAccount('teacher').username);
    await host.page.getByRole('button', { name: PersonMatchText.invite, exact: true }).click();
    await host.page.getByText(PersonMatchText.inviting(demoAccount('teacher').username)).waitFor();
    await saveScreenshot(host.page, 'darts-match-inviting-1440');

    const invitation = PersonMatchText.invited(
      demoAccount('member').username,
      DartsText.modeName['501'],
    );
    await guest.page.getByText(invitation).waitFor();
    await saveScreenshot(guest.page, 'darts-match-invited-390');
    expect(await seriousA11yViolations(guest.page)).toEqual([]);
    await guest.page.getByRole('button', { name: PersonMatchText.accept, exact: true }).tap();

    // Turns alternate: the host goes for the treble 20s and the checkout, the guest misses; each
    // side only throws when the server's match says it is their turn.
    let thrown = 0;
    const deadline = Date.now() + 60_000;
    for (;;) {
      expect(Date.now()).toBeLessThan(deadline);
      const [h, g] = await Promise.all([hookState(host.page), hookState(guest.page)]);
      if (h?.screen === 'result') break;
      if (h?.screen === 'playing' && h.localTurn && !h.busy) {
        expect(g?.localTurn).toBe(false);
        expect(await throwAt(host.page, aimPointFor(computerTarget(h.game!)))).toBe(true);
        thrown += 1;
      } else if (g?.screen === 'playing' && g.localTurn && !g.busy) {
        expect(h?.localTurn).toBe(false);
        expect(await throwAt(guest.page, MISS)).toBe(true);
      }
      await host.page.waitForTimeout(50);
    }
    expect(thrown).toBeGreaterThanOrEqual(9);
    await host.page.getByRole('heading', { name: DartsText.resultTitle(true) }).waitFor();
    await host.page.getByText(PersonMatchText.stored).waitFor();
    await guest.page.getByRole('heading', { name: DartsText.resultTitle(false) }).waitFor();

    // The whole campus hears of it.
    await watcher.page
      .getByText(MinigameText.winner(demoAccount('member').username, '501'))
      .first()
      .waitFor({ timeout: 20_000 });
    await saveScreenshot(watcher.page, 'darts-match-campus-toast-1440');

    // The leaderboard, tab by tab.
    await host.page.getByRole('button', { name: PersonMatchText.leaderboard }).click();
    const table = host.page.getByRole('tabpanel');
    await table.getByRole('cell', { name: demoAccount('member').username, exact: true }).waitFor();
    expect(await host.page.getByRole('tab', { selected: true }).textContent()).toBe(
      LeaderboardText.modes['501'],
    );
    await saveScreenshot(host.page, 'darts-leaderboard-1440');
    await host.page.keyboard.press('ArrowRight');
    expect(await host.page.getByRole('tab', { selected: true }).textContent()).toBe(
      LeaderboardText.modes['around-the-clock'],
    );
    expect(await seriousA11yViolations(host.page)).toEqual([]);
    await guest.page.getByRole('button', { name: PersonMatchText.leaderboard }).tap();
    await guest.page
      .getByRole('tabpanel')
      .getByRole('cell', { name: demoAccount('member').username, exact: true })
      .waitFor();
    await saveScreenshot(guest.page, 'darts-leaderboard-390');
    const width = await guest.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect([...host.errors, ...guest.errors]).toEqual([]);
  }, 120_000);
});

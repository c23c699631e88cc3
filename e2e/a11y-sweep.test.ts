// Issue 27: axe on every screen and panel of the accessibility audit, signed out, as a member and
// as a teacher, at 1440 × 900 and on a 390 × 844 phone. Any serious or critical violation fails.
// One browser; one page per person and size, walked from screen to screen. The world (the
// costly part on this machine's software GL) is entered once, by the member at 1440.
import { AppRoute, CharacterText, ChatText } from '@atrium/protocol';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EditorText } from '../apps/web/src/features/album/editor/texts.ts';
import { AlbumText } from '../apps/web/src/features/album/texts.ts';
import { ClassroomUiText } from '../apps/web/src/features/classroom/texts.ts';
import { MetaverseText } from '../apps/web/src/features/metaverse/popups/texts.ts';
import { WorldText } from '../apps/web/src/features/metaverse/texts.ts';
import { DartsText } from '../apps/web/src/features/mini-game/texts.ts';
import { SocialUiText } from '../apps/web/src/features/social/texts.ts';
import { WALLET_NAV_LABEL } from '../apps/web/src/features/wallet/entryText.ts';
import { AuthWebText } from '../apps/web/src/shared/auth/texts.ts';
import { ShellText } from '../apps/web/src/shared/texts.ts';
import {
  openPage,
  seriousA11yViolations,
  useBrowser,
  type AxeViolation,
} from './support/browser.ts';
import { savePhoto } from './support/a11y.ts';
import { lane } from './support/lane.ts';
import { navEntry } from './support/nav.ts';
import { albumOf, logIn, removePhotosAddedSince, worldFrame } from './support/world.ts';

const baseURL = lane().baseURL;

const SIZES = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;
type Size = keyof typeof SIZES;

/** What axe found on each screen that has serious or critical violations. */
type Findings = Record<string, Array<Pick<AxeViolation, 'id' | 'nodes'>>>;

async function check(page: Page, screen: string, findings: Findings): Promise<void> {
  const found = await seriousA11yViolations(page);
  if (found.length > 0) findings[screen] = found.map(({ id, nodes }) => ({ id, nodes }));
}

/** Closes a dialog with Escape (a second Escape where the first closed a popover in it). */
async function closeDialog(page: Page, dialog: Locator): Promise<void> {
  for (let i = 0; i < 3; i += 1) {
    await page.keyboard.press('Escape');
    const closed = await dialog
      .waitFor({ state: 'hidden', timeout: 2_000 })
      .then(() => true)
      .catch(() => false);
    if (closed) return;
  }
  throw new Error('the dialog did not close with Escape');
}

/** The home page's class chat, for a classroom, with the emoji picker open where one may post. */
async function classChat(page: Page, findings: Findings, label: string): Promise<void> {
  await page.getByRole('button', { name: ChatText.openSecond, exact: true }).click();
  const window = page.getByRole('dialog', { name: ChatText.secondTitle });
  await window.getByLabel(ChatText.classroomName, { exact: true }).fill('room-1');
  await window.getByRole('button', { name: ChatText.open, exact: true }).click();
  const region = window.getByRole('region', { name: 'room-1' });
  await region.waitFor();
  const emoji = region.getByRole('button', { name: ChatText.emoji, exact: true });
  if ((await emoji.count()) > 0) {
    await emoji.click();
    await region.getByRole('grid').waitFor();
  }
  await check(page, `${label}: class chat`, findings);
  await window.getByRole('button', { name: ChatText.closeSecond }).click();
  await window.waitFor({ state: 'hidden' });
}

/** The home page's classroom side panel (wide windows only) and its device settings. */
async function classPanel(
  page: Page,
  findings: Findings,
  label: string,
  signedIn: boolean,
): Promise<void> {
  const toggle = page.locator('.home-conference__toggle');
  if ((await toggle.count()) === 0) return;
  await toggle.click();
  const join = page.getByRole('button', { name: ClassroomUiText.joinWithSettings });
  await join.waitFor();
  await check(page, `${label}: classroom panel`, findings);
  const close = page.getByRole('button', { name: ClassroomUiText.closePanel });
  if (!signedIn) {
    await close.click();
    return;
  }
  await join.click();
  const devices = page.getByRole('dialog', { name: ClassroomUiText.chooseDevices });
  await devices.waitFor();
  await check(page, `${label}: device settings`, findings);
  await closeDialog(page, devices);
  await close.click();
}

/** The signed-in entries of the navigation and their dialogs. */
async function signedInPanels(page: Page, findings: Findings, label: string): Promise<void> {
  await check(page, `${label}: home`, findings);
  await (await navEntry(page, new RegExp(`^${SocialUiText.friends}`))).click();
  const social = page.getByRole('dialog', { name: SocialUiText.panelTitle });
  await social.waitFor();
  await check(page, `${label}: friends`, findings);
  await social.getByRole('tab', { name: new RegExp(`^${SocialUiText.tabNotifications}`) }).click();
  await check(page, `${label}: notifications`, findings);
  await closeDialog(page, social);

  await (await navEntry(page, WALLET_NAV_LABEL)).click();
  const wallet = page.getByRole('dialog');
  await wallet.waitFor();
  await check(page, `${label}: wallet`, findings);
  await closeDialog(page, wallet);

  await (await navEntry(page, CharacterText.open)).click();
  const customiser = page.getByRole('dialog', { name: CharacterText.title });
  await customiser.getByRole('group', { name: CharacterText.body }).waitFor({ timeout: 15_000 });
  await check(page, `${label}: customiser`, findings);
  await closeDialog(page, customiser);
}

/** My Album: the gallery, a photo, the editor's panels and the share dialog. */
async function album(page: Page, findings: Findings, label: string): Promise<void> {
  await (await navEntry(page, new RegExp(`^${AlbumText.title}`))).click();
  await page.getByRole('button', { name: AlbumText.open, exact: true }).click();
  const photo = page.getByRole('button', { name: /^Open Campus/ }).first();
  await photo.waitFor({ timeout: 15_000 });
  await check(page, `${label}: album`, findings);
  await photo.click();
  await page.getByRole('button', { name: AlbumText.share, exact: true }).click();
  const share = page.getByRole('dialog', { name: AlbumText.shareTitle });
  await share.waitFor();
  await check(page, `${label}: share`, findings);
  await closeDialog(page, share);
  await page.getByRole('button', { name: AlbumText.edit, exact: true }).click();
  const editor = page.getByRole('region', { name: EditorText.editorLabel });
  await editor.locator('canvas').first().waitFor({ timeout: 20_000 });
  for (const tool of [EditorText.text, EditorText.graphic, EditorText.crop] as const) {
    await editor.getByRole('button', { name: tool, exact: true }).click();
    await check(page, `${label}: editor, ${tool}`, findings);
  }
  await editor.getByRole('button', { name: EditorText.closeEditor }).click();
  await page.goto(`${baseURL}/`);
}

/** The world: its tutorial, toolbar and the darts modal with the game's instructions. */
async function world(page: Page, findings: Findings, label: string): Promise<void> {
  await page.goto(`${baseURL}${AppRoute.metaverse}?e2e=1&mini-game=1`);
  await worldFrame(page);
  const tutorial = page.getByRole('dialog', { name: MetaverseText.tutorial.controlTitle });
  await tutorial.waitFor({ timeout: 30_000 });
  await check(page, `${label}: world tutorial`, findings);
  await closeDialog(page, tutorial);
  await check(page, `${label}: world`, findings);
  await page.getByRole('button', { name: WorldText.miniGames }).click();
  await page.getByRole('menuitem', { name: WorldText.miniGameDart }).click();
  const modal = page.getByRole('dialog', { name: WorldText.miniGameDart });
  await modal.waitFor();
  const game = page.frameLocator('.game-collection__frame');
  await game.getByRole('button', { name: DartsText.instructions.gotIt }).waitFor({
    timeout: 20_000,
  });
  await check(page, `${label}: darts`, findings);
  await modal.getByRole('button', { name: ShellText.close }).click();
  await modal.waitFor({ state: 'hidden' });
}

describe('axe on every screen of the audit (issue 27)', () => {
  const browser = useBrowser();

  for (const size of Object.keys(SIZES) as Size[]) {
    it(`finds no serious violation signed out (${size})`, async () => {
      const { page } = await openPage(browser(), SIZES[size]);
      const findings: Findings = {};
      const label = `signed out, ${size}`;
      for (const route of [AppRoute.home, AppRoute.forgot, AppRoute.metaverse] as const) {
        await page.goto(`${baseURL}${route}`);
        await page.locator('main h1').first().waitFor();
        await check(page, `${label}: ${route}`, findings);
      }
      await page.goto(`${baseURL}/`);
      await classChat(page, findings, label);
      await classPanel(page, findings, label, false);
      expect(findings).toEqual({});
      await page.context().close();
    }, 120_000);

    for (const role of ['member', 'teacher'] as const) {
      it(`finds no serious violation as a ${role} (${size})`, async () => {
        const { page } = await openPage(browser(), SIZES[size]);
        const findings: Findings = {};
        const label = `${role}, ${size}`;
        // The album needs a photo: one saved as the world saves one, removed at the end.
        const { photos, token } = await albumOf(role);
        const before = photos.map((p) => p._id);
        try {
          await logIn(page, role);
          await savePhoto(page, token);
          await page.reload();
          await page.getByRole('region', { name: AuthWebText.startTitle }).waitFor();

          await signedInPanels(page, findings, label);
          await classChat(page, findings, label);
          await classPanel(page, findings, label, true);
          await album(page, findings, label);
          if (role === 'member' && size === 'desktop') await world(page, findings, label);
        } finally {
          await removePhotosAddedSince(role, before);
        }
        expect(findings).toEqual({});
        await page.context().close();
      }, 180_000);
    }
  }
});

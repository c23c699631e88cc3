import {
  AppRoute,
  AuthText,
  BODY_SHAPES,
  BOTTOM_COLOURS,
  CharacterApi,
  CharacterText,
  encodeLook,
  HAIR_COLOURS,
  HAIR_STYLES,
  SKIN_TONES,
  TOP_COLOURS,
  type CharacterLook,
} from '@atrium/protocol';
import type { Frame, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AuthWebText } from '../apps/web/src/shared/auth/texts.ts';
import type { AtriumTestHook } from '../packages/world/src/render/test-hook.ts';
import { lookFromSeed } from '../packages/world/src/avatar-look.ts';
import { openPage, saveScreenshot, seriousA11yViolations, useBrowser } from './support/browser.ts';
import { MetaverseText } from '../apps/web/src/features/metaverse/popups/texts.ts';
import { enterWorld, worldFrame } from './support/world.ts';
import { lane } from './support/lane.ts';
import { navEntry } from './support/nav.ts';

const baseURL = lane().baseURL;

const read = (frame: Frame) =>
  frame.evaluate(() => (window.__atriumTest as () => AtriumTestHook)());

/** The look the tests choose: none of it is a look a hashed seed can give (tall, mohawk). */
const chosen: CharacterLook = {
  body: BODY_SHAPES.findIndex((b) => b.id === 'tall'),
  skin: SKIN_TONES.findIndex((s) => s.id === 'deep'),
  hairColour: HAIR_COLOURS.findIndex((h) => h.id === 'blue'),
  hairStyle: HAIR_STYLES.findIndex((h) => h.id === 'mohawk'),
  top: TOP_COLOURS.findIndex((t) => t.id === 'pink'),
  bottom: BOTTOM_COLOURS.findIndex((b) => b.id === 'olive'),
  special: null,
};

const customiser = (page: Page) => page.getByRole('dialog', { name: CharacterText.title });

/** Picks `chosen` in the open customiser, part by part, through its radio groups. */
async function pickLook(dialog: Locator): Promise<void> {
  const pick = async (legend: string, label: string) => {
    const radio = dialog.getByRole('group', { name: legend }).getByRole('radio', { name: label });
    // The radio is visually hidden; its label (the swatch or chip) takes the click.
    await radio.check({ force: true });
    await expect(radio.isChecked()).resolves.toBe(true);
  };
  await pick(CharacterText.body, BODY_SHAPES[chosen.body]!.label);
  await pick(CharacterText.skin, SKIN_TONES[chosen.skin]!.label);
  await pick(CharacterText.hairStyle, HAIR_STYLES[chosen.hairStyle]!.label);
  await pick(CharacterText.hairColour, HAIR_COLOURS[chosen.hairColour]!.label);
  await pick(CharacterText.top, TOP_COLOURS[chosen.top]!.label);
  await pick(CharacterText.bottom, BOTTOM_COLOURS[chosen.bottom]!.label);
  await pick(CharacterText.special, CharacterText.noSpecial);
  // The preview draws the look the pickers hold.
  await dialog
    .locator(`.character__preview[data-look="${encodeLook(chosen)}"]`)
    .waitFor({ timeout: 5000 });
}

/** Whether the open customiser's radios hold `chosen`. */
async function showsChosen(dialog: Locator): Promise<boolean> {
  const checked = async (legend: string, label: string) =>
    dialog.getByRole('group', { name: legend }).getByRole('radio', { name: label }).isChecked();
  return (
    (await checked(CharacterText.body, BODY_SHAPES[chosen.body]!.label)) &&
    (await checked(CharacterText.hairStyle, HAIR_STYLES[chosen.hairStyle]!.label)) &&
    (await checked(CharacterText.top, TOP_COLOURS[chosen.top]!.label))
  );
}

const expected = lookFromSeed(encodeLook(chosen));

describe('the character customiser', () => {
  const browser = useBrowser();

  it('saves an account look that another visitor sees in the world, and keeps it after a reload', async () => {
    const a = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    const worldA = await enterWorld(a.page, 'admin');

    // From the world's toolbar.
    await a.page
      .getByRole('toolbar', { name: 'World' })
      .getByRole('button', { name: CharacterText.open })
      .click();
    const dialog = customiser(a.page);
    await dialog.waitFor();
    await dialog.getByRole('group', { name: CharacterText.body }).waitFor({ timeout: 15_000 });
    // Locked avatar looks say what unlocks them.
    await dialog.getByText(CharacterText.lockedLook('Astronaut')).waitFor();
    await expect(dialog.getByRole('radio', { name: /Wizard/ }).isDisabled()).resolves.toBe(true);
    await pickLook(dialog);
    await a.page.waitForTimeout(300);
    await saveScreenshot(a.page, 'character-customiser-1440x900');
    expect(await seriousA11yViolations(a.page)).toEqual([]);
    await dialog.getByRole('button', { name: CharacterText.save, exact: true }).click();
    await a.page.getByText(CharacterText.saved).first().waitFor({ timeout: 15_000 });
    await dialog.waitFor({ state: 'detached' });
    // Our own avatar wears it at once.
    await worldA.waitForFunction(
      (code) => {
        const self = window.__atriumTest?.().self;
        return self?.look?.hairStyle === 4 && self.look.body === 3 && code > 0;
      },
      encodeLook(chosen),
      { timeout: 15_000 },
    );
    expect((await read(worldA)).self.look).toEqual(expected);

    // Another account in the world sees the avatar with that look.
    const b = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    const worldB = await enterWorld(b.page, 'teacher');
    await worldB.waitForFunction(
      () => (window.__atriumTest?.().remotes ?? []).some((r) => r.label.includes('(Admin)')),
      undefined,
      { timeout: 60_000 },
    );
    const admin = (await read(worldB)).remotes.find((r) => r.label.includes('(Admin)'));
    expect(admin?.look).toEqual(expected);
    await saveScreenshot(b.page, 'character-seen-by-another');
    await b.page.context().close();

    // The look survives a reload: the world and the customiser (from the menu) still show it.
    await a.page.reload();
    const again = await worldFrame(a.page);
    await again.waitForFunction(() => window.__atriumTest?.().self.look !== null, undefined, {
      timeout: 60_000,
    });
    expect((await read(again)).self.look).toEqual(expected);
    const tutorial = a.page.getByRole('dialog', { name: MetaverseText.tutorial.controlTitle });
    if (await tutorial.isVisible()) {
      await a.page.getByRole('button', { name: MetaverseText.tutorial.next }).click();
      await a.page.getByRole('button', { name: MetaverseText.tutorial.gotIt }).click();
    }
    await a.page.getByRole('navigation').getByRole('button', { name: CharacterText.open }).click();
    await customiser(a.page).getByRole('group', { name: CharacterText.body }).waitFor();
    expect(await showsChosen(customiser(a.page))).toBe(true);
    await customiser(a.page).getByRole('button', { name: CharacterText.cancel }).click();
    await customiser(a.page).waitFor({ state: 'detached' });
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  }, 240_000);

  it("keeps a guest's look for the visit only: a new guest session starts without it", async () => {
    const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
    const enterAsGuest = async (page: Page) => {
      await page.goto(`${baseURL}/`);
      await page.getByRole('button', { name: AuthWebText.enterAsGuest }).tap();
      const warning = page.getByRole('alertdialog');
      await warning.getByText(AuthText.guestWarning).waitFor();
      await warning.getByRole('button', { name: AuthWebText.guestConfirm }).tap();
      await page.getByRole('region', { name: AuthWebText.startTitle }).waitFor();
    };
    const first = await openPage(browser(), phone);
    const saves: string[] = [];
    first.page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith(CharacterApi.save.path)) {
        saves.push(request.url());
      }
    });
    await enterAsGuest(first.page);
    await (await navEntry(first.page, CharacterText.open)).tap();
    const dialog = customiser(first.page);
    await dialog.getByText(CharacterText.guestNote).waitFor({ timeout: 15_000 });
    await dialog.getByRole('group', { name: CharacterText.body }).waitFor();
    await pickLook(dialog);
    await saveScreenshot(first.page, 'character-customiser-guest-390x844');
    const width = await first.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(first.page)).toEqual([]);
    await dialog.getByRole('button', { name: CharacterText.save, exact: true }).tap();
    await first.page.getByText(CharacterText.savedForVisit).first().waitFor({ timeout: 15_000 });

    // Nothing went to the server to be saved (the server refuses a guest's save anyway).
    expect(saves).toEqual([]);

    // The same visit reopens the customiser with the look chosen.
    await (await navEntry(first.page, CharacterText.open)).tap();
    await customiser(first.page).getByRole('group', { name: CharacterText.body }).waitFor();
    expect(await showsChosen(customiser(first.page))).toBe(true);
    await customiser(first.page).getByRole('button', { name: CharacterText.cancel }).tap();
    await first.page.context().close();

    // A new guest session: the customiser shows a look that is not the one chosen.
    const second = await openPage(browser(), phone);
    await enterAsGuest(second.page);
    await (await navEntry(second.page, CharacterText.open)).tap();
    await customiser(second.page).getByRole('group', { name: CharacterText.body }).waitFor();
    expect(await showsChosen(customiser(second.page))).toBe(false);
    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
  }, 120_000);
  it("dresses a guest's avatar in the look chosen for the visit, at once", async () => {
    const { page, errors } = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseURL}/`);
    await page.getByRole('button', { name: AuthWebText.enterAsGuest }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: AuthWebText.guestConfirm })
      .click();
    await page.getByRole('region', { name: AuthWebText.startTitle }).waitFor();
    // In the page, not a new load: a guest's session lives in this page only.
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `${AppRoute.metaverse}?e2e=1`);
    const frame = await worldFrame(page);
    const tutorial = page.getByRole('dialog', { name: MetaverseText.tutorial.controlTitle });
    await tutorial.waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: MetaverseText.tutorial.next }).click();
    await page.getByRole('button', { name: MetaverseText.tutorial.gotIt }).click();
    await frame.waitForFunction(() => window.__atriumTest?.().self.look != null, undefined, {
      timeout: 60_000,
    });
    // A guest wears a seed look until it chooses (never a mohawk).
    expect((await read(frame)).self.look?.hairStyle).not.toBe(4);

    await page
      .getByRole('toolbar', { name: 'World' })
      .getByRole('button', { name: CharacterText.open })
      .click();
    const dialog = customiser(page);
    await dialog.getByText(CharacterText.guestNote).waitFor({ timeout: 15_000 });
    await dialog.getByRole('group', { name: CharacterText.body }).waitFor();
    await pickLook(dialog);
    await dialog.getByRole('button', { name: CharacterText.save, exact: true }).click();
    await page.getByText(CharacterText.savedForVisit).first().waitFor({ timeout: 15_000 });
    // The world frame hears the choice and wears it without entering again.
    await frame.waitForFunction(
      () => window.__atriumTest?.().self.look?.hairStyle === 4,
      undefined,
      { timeout: 15_000 },
    );
    expect((await read(frame)).self.look).toEqual(expected);
    expect(errors).toEqual([]);
  }, 120_000);
});

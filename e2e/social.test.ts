import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AppRoute, SocialText, notificationText } from '@atrium/protocol';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ClassroomUiText } from '../apps/web/src/features/classroom/texts.ts';
import { MetaverseText } from '../apps/web/src/features/metaverse/popups/texts.ts';
import { SocialUiText } from '../apps/web/src/features/social/texts.ts';
import type { AtriumTestHook } from '../packages/world/src/render/test-hook.ts';
import { openPage, outputDir, seriousA11yViolations, useBrowser } from './support/browser.ts';
import { demoAccount, logIn, worldFrame } from './support/world.ts';
import { lane } from './support/lane.ts';
import { navEntry } from './support/nav.ts';

const baseURL = lane().baseURL;
const member = demoAccount('member').username;
const teacher = demoAccount('teacher').username;
const admin = demoAccount('admin').username;

const friendsButton = (page: Page) =>
  page.getByRole('button', { name: new RegExp(`^${SocialUiText.friends}`) });
const dot = (page: Page) => page.getByTestId('social-dot');
const panel = (page: Page) => page.getByRole('dialog', { name: SocialUiText.panelTitle });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const tab = (page: Page, name: string) => panel(page).getByRole('tab', { name: new RegExp(name) });

async function openPanel(page: Page): Promise<void> {
  // On a phone Friends sits behind the navigation's "More" (issue 27).
  await (await navEntry(page, new RegExp(`^${SocialUiText.friends}`))).click();
  await panel(page).waitFor();
}

async function closePanel(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await panel(page).waitFor({ state: 'hidden' });
}

/** The viewport as the person sees it (a full-page shot stretches the fixed sheet). */
async function saveScreenshot(page: Page, name: string): Promise<void> {
  await mkdir(outputDir, { recursive: true });
  // Dialogs slide and fade in; the shot waits for the finite animations to end.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  await page.screenshot({ path: path.join(outputDir, `${name}.png`) });
}

/** Whether the avatar of this world (self) is playing `emote` now. */
const selfEmote = (frame: Frame, emote: string) =>
  frame.waitForFunction(
    (e) => (window.__atriumTest as () => AtriumTestHook)().self.emote === e,
    emote,
    { timeout: 15_000, polling: 50 },
  );

/** Opens the metaverse page of a signed-in page, past the tutorial (enterWorld logs in first). */
async function goToWorld(page: Page): Promise<Frame> {
  await page.goto(`${baseURL}${AppRoute.metaverse}?e2e=1`);
  const frame = await worldFrame(page);
  const tutorial = page.getByRole('dialog', { name: MetaverseText.tutorial.controlTitle });
  await tutorial.waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: MetaverseText.tutorial.next }).click();
  await page.getByRole('button', { name: MetaverseText.tutorial.gotIt }).click();
  await tutorial.waitFor({ state: 'hidden' });
  return frame;
}

/** The device modal a first join opens, answered with the default devices; then the controls. */
async function joinWithDevices(page: Page) {
  const modal = page.getByRole('dialog', { name: ClassroomUiText.chooseDevices });
  await modal.waitFor();
  await modal.getByRole('button', { name: ClassroomUiText.join, exact: true }).click();
  await page.getByRole('toolbar', { name: ClassroomUiText.controls }).waitFor({ timeout: 30_000 });
}

/** Both pages show the video room `title` with `count` people in it. */
async function bothInRoom(pages: Page[], title: string, count: number) {
  for (const page of pages) {
    await page.getByRole('heading', { name: title, exact: true }).first().waitFor();
    await expect
      .poll(() => page.getByTestId('classroom-count').first().textContent(), { timeout: 30_000 })
      .toBe(ClassroomUiText.people(count));
  }
}

describe('the social layer between two people', () => {
  const browser = useBrowser();

  it('friend request, accept, call, accept; the dot lights and clears; an emote together', async () => {
    const a = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    const b = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    // A third person, whom A adds to the call (issue 27).
    const c = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    for (const { page } of [a, b, c]) {
      await page.context().grantPermissions(['camera', 'microphone'], { origin: baseURL });
    }
    await logIn(a.page, 'member');
    await logIn(b.page, 'teacher');
    await logIn(c.page, 'admin');

    // A asks B to be friends, by username.
    await openPanel(a.page);
    await panel(a.page).getByLabel(SocialUiText.addFriend, { exact: true }).fill(teacher);
    await panel(a.page).getByRole('button', { name: SocialUiText.addFriendButton }).click();
    await toast(a.page, SocialText.requestedFriend(teacher));
    await panel(a.page)
      .locator(`[data-friend="${teacher}"]`)
      .getByText(SocialUiText.pendingOut)
      .waitFor();
    await panel(a.page).getByLabel(SocialUiText.addFriend, { exact: true }).fill(admin);
    await panel(a.page).getByRole('button', { name: SocialUiText.addFriendButton }).click();
    await toast(a.page, SocialText.requestedFriend(admin));
    await saveScreenshot(a.page, 'social-panel-1440');
    await closePanel(a.page);
    // C accepts A at once (her panel opens on the unread request).
    await dot(c.page).waitFor();
    await openPanel(c.page);
    await panel(c.page)
      .getByRole('listitem')
      .filter({ hasText: notificationText('friend-request', member) })
      .getByRole('button', { name: SocialUiText.accept })
      .click();
    await toast(c.page, SocialText.friendAccepted(member));
    await closePanel(c.page);

    // B's Friends button lights; opening the list shows the request and clears the dot.
    await dot(b.page).waitFor();
    await openPanel(b.page);
    await expect(
      tab(b.page, SocialUiText.tabNotifications).getAttribute('aria-selected'),
    ).resolves.toBe('true');
    const request = panel(b.page)
      .getByRole('listitem')
      .filter({
        hasText: notificationText('friend-request', member),
      });
    await request.waitFor();
    await saveScreenshot(b.page, 'social-notifications-1440');
    expect(await seriousA11yViolations(b.page)).toEqual([]);
    await dot(b.page).waitFor({ state: 'hidden' });
    await request.getByRole('button', { name: SocialUiText.accept }).click();
    await toast(b.page, SocialText.friendAccepted(member));
    // Answered: both choices disabled, the chosen one kept.
    await expect
      .poll(() => request.getByRole('button', { name: SocialUiText.accept }).isDisabled())
      .toBe(true);
    await closePanel(b.page);
    // A reopening the page still sees no dot for B: read stays read on the server.
    await b.page.reload();
    await friendsButton(b.page).waitFor();
    expect(await dot(b.page).count()).toBe(0);

    // A hears of the acceptance (dot), and calls B from the friends list.
    await dot(a.page).waitFor();
    await openPanel(a.page);
    // The tab list is keyboard-driven: the panel opened on the unread notifications; arrows move.
    await tab(a.page, SocialUiText.tabNotifications).focus();
    await a.page.keyboard.press('ArrowLeft');
    await a.page.keyboard.press('ArrowLeft');
    await expect(tab(a.page, SocialUiText.tabFriends).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    const friendRow = panel(a.page).locator(`[data-friend="${teacher}"]`);
    await friendRow.getByText(SocialUiText.online, { exact: true }).waitFor();
    await friendRow.getByRole('button', { name: SocialUiText.call, exact: true }).click();
    await toast(a.page, SocialText.initiatedCall(teacher));
    // While it rings, A sees whom she calls, in the panel (issue 27).
    const ringing = a.page.getByRole('region', { name: SocialUiText.outgoingCall });
    await ringing.getByText(SocialUiText.calling(teacher)).waitFor();

    // B's popup: the caller's name, focus on Accept.
    const popup = b.page.getByRole('alertdialog', { name: SocialUiText.incomingCall });
    await popup.getByText(SocialUiText.callFrom(member)).waitFor();
    await expect
      .poll(() => b.page.evaluate(() => document.activeElement?.textContent))
      .toBe(SocialUiText.accept);
    await saveScreenshot(b.page, 'social-call-popup-1440');
    expect(await seriousA11yViolations(b.page)).toEqual([]);
    await b.page.keyboard.press('Enter');
    await toast(b.page, SocialText.youAcceptedCall);
    await toast(a.page, SocialText.acceptedCall(teacher));
    await popup.waitFor({ state: 'hidden' });
    await ringing.waitFor({ state: 'hidden' });
    // The friends panel made way for the video room.
    await panel(a.page).waitFor({ state: 'hidden' });

    // Both are sent into the call's own video room (callerId_accepterId, made by the server on
    // acceptance) and see each other there; a call has no class chat.
    await Promise.all([joinWithDevices(a.page), joinWithDevices(b.page)]);
    await bothInRoom([a.page, b.page], ClassroomUiText.callTitle, 2);
    expect(await b.page.locator('[data-control="chat"]').count()).toBe(0);
    expect(await b.page.locator('[data-control="whiteboard"]').count()).toBe(0);
    await saveScreenshot(b.page, 'social-call-room-1440');

    // Add participant (issue 27): the friend picker offers C, not B who is in the call already;
    // C accepts the invite and joins the same call room.
    await a.page.locator('[data-control="add-participant"]').first().click();
    const picker = a.page.getByRole('dialog', { name: SocialUiText.addParticipantTitle });
    const cRow = picker.locator(`[data-participant="${admin}"]`);
    await cRow.getByText(SocialUiText.online, { exact: true }).waitFor();
    expect(await picker.locator(`[data-participant="${teacher}"]`).count()).toBe(0);
    await saveScreenshot(a.page, 'social-add-participant-1440');
    expect(await seriousA11yViolations(a.page)).toEqual([]);
    await a.page.setViewportSize({ width: 390, height: 844 });
    const pickerBox = await picker.boundingBox();
    expect(pickerBox && pickerBox.x >= 0 && pickerBox.x + pickerBox.width <= 390).toBe(true);
    await saveScreenshot(a.page, 'social-add-participant-390');
    await a.page.setViewportSize({ width: 1440, height: 900 });
    await cRow.getByRole('button', { name: SocialUiText.invite, exact: true }).click();
    await toast(a.page, SocialText.sent);
    await cRow.getByRole('button', { name: SocialUiText.invited }).waitFor();
    await a.page.keyboard.press('Escape');
    await picker.waitFor({ state: 'hidden' });
    const invited = c.page.getByRole('alertdialog', { name: SocialUiText.incomingInvite });
    await invited.getByText(SocialUiText.inviteFrom(member)).waitFor();
    await invited.getByRole('button', { name: SocialUiText.accept }).click();
    await toast(a.page, SocialText.acceptedInvitation(admin));
    await joinWithDevices(c.page);
    await bothInRoom([a.page, b.page, c.page], ClassroomUiText.callTitle, 3);
    await c.page.context().close();
    for (const { page } of [a, b]) await page.locator('[data-control="leave"]').first().click();
    await openPanel(a.page);
    await tab(a.page, SocialUiText.tabFriends).click();

    // A second call, rejected with Escape.
    await friendRow.getByRole('button', { name: SocialUiText.call, exact: true }).click();
    await popup.waitFor();
    await b.page.keyboard.press('Escape');
    await toast(b.page, SocialText.youRejectedCall);
    await toast(a.page, SocialText.rejectedCall(teacher));
    await ringing.waitFor({ state: 'hidden' });

    // A third, which A hangs up while it rings: B's popup goes at once (issue 27).
    await friendRow.getByRole('button', { name: SocialUiText.call, exact: true }).click();
    await popup.waitFor();
    await ringing.getByText(SocialUiText.calling(teacher)).waitFor();
    await saveScreenshot(a.page, 'social-call-ringing-1440');
    // With the panel closed it stays on the page, with its Cancel.
    await closePanel(a.page);
    await ringing.getByText(SocialUiText.calling(teacher)).waitFor();
    await saveScreenshot(a.page, 'social-call-ringing-page-1440');
    await ringing.getByRole('button', { name: SocialUiText.cancelCall }).click();
    await toast(a.page, SocialText.callCancelled(teacher));
    await popup.waitFor({ state: 'hidden' });
    await ringing.waitFor({ state: 'hidden' });

    // In the world: A asks B to wave together; B accepts; both avatars wave.
    const worldA = await goToWorld(a.page);
    const worldB = await goToWorld(b.page);
    await openPanel(a.page);
    await tab(a.page, SocialUiText.tabFriends).click();
    await panel(a.page)
      .getByLabel(SocialUiText.chooseAction, { exact: true })
      .selectOption('waving');
    await panel(a.page)
      .locator(`[data-friend="${teacher}"]`)
      .getByRole('button', { name: SocialUiText.requestAction })
      .click();
    await toast(a.page, SocialText.initiatedAction(teacher));
    await closePanel(a.page);
    const action = b.page.getByRole('alertdialog', { name: SocialText.actionPopup });
    await action.getByText(SocialUiText.actionFrom(member, 'waving')).waitFor();
    await saveScreenshot(b.page, 'social-action-popup-1440');
    const bWaves = selfEmote(worldB, 'waving');
    const aWaves = selfEmote(worldA, 'waving');
    await action.getByRole('button', { name: SocialUiText.accept }).click();
    await toast(b.page, SocialText.youAcceptedAction);
    await toast(a.page, SocialText.acceptedAction(teacher, 'waving'));
    await Promise.all([aWaves, bWaves]);

    expect(a.errors.filter((e) => !e.includes('favicon'))).toEqual([]);
    expect(b.errors.filter((e) => !e.includes('favicon'))).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  }, 240_000);

  it('is a bottom sheet on a phone, nothing wider than the screen; the popup fits too', async () => {
    const phone = await openPage(browser(), {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const caller = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    await logIn(phone.page, 'member');
    await logIn(caller.page, 'teacher');
    await openPanel(phone.page);
    await tab(phone.page, SocialUiText.tabFriends).click();
    await panel(phone.page).locator(`[data-friend="${teacher}"]`).waitFor();
    const box = await panel(phone.page).boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    expect(box && box.y + box.height).toBeGreaterThanOrEqual(843);
    const wide = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(390);
    await saveScreenshot(phone.page, 'social-panel-390');
    await tab(phone.page, SocialUiText.tabOnline).click();
    await panel(phone.page).locator(`[data-online="${teacher}"]`).waitFor();
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    const call = panel(phone.page).getByRole('button', { name: SocialUiText.call, exact: true });
    expect((await call.first().boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await saveScreenshot(phone.page, 'social-online-390');
    await closePanel(phone.page);

    // The Online tab is live for people who are not friends (issue 27): the admin, no friend of
    // the teacher's, shows up when she logs in and goes when she closes her tab; no reload.
    await openPanel(caller.page);
    await tab(caller.page, SocialUiText.tabOnline).click();
    await panel(caller.page).locator(`[data-online="${member}"]`).waitFor();
    const newcomer = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    await logIn(newcomer.page, 'admin');
    const adminRow = panel(caller.page).locator(`[data-online="${admin}"]`);
    await adminRow.waitFor({ timeout: 10_000 });
    await saveScreenshot(caller.page, 'social-online-1440');
    await newcomer.page.context().close();
    await adminRow.waitFor({ state: 'hidden', timeout: 5000 });

    // The teacher calls the member by username from the online list.
    await panel(caller.page).getByLabel(SocialUiText.searchOnline).fill(member.slice(0, 3));
    await panel(caller.page)
      .locator(`[data-online="${member}"]`)
      .getByRole('button', { name: SocialUiText.call, exact: true })
      .click();
    const popup = phone.page.getByRole('alertdialog', { name: SocialUiText.incomingCall });
    await popup.waitFor();
    const popupBox = await popup.boundingBox();
    expect(popupBox && popupBox.x >= 0 && popupBox.x + popupBox.width <= 390).toBe(true);
    await saveScreenshot(phone.page, 'social-call-popup-390');
    await popup.getByRole('button', { name: SocialUiText.reject }).tap();
    await toast(phone.page, SocialText.youRejectedCall);
    await toast(caller.page, SocialText.rejectedCall(member));
  }, 120_000);

  // Member and teacher are friends since the first test.
  it('an accepted invite joins the inviter’s classroom: both in the same video room', async () => {
    const people = await Promise.all(
      ['member', 'teacher'].map(async (role) => {
        const watched = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
        await watched.page
          .context()
          .grantPermissions(['camera', 'microphone'], { origin: baseURL });
        await logIn(watched.page, role);
        return watched;
      }),
    );
    const [a, b] = people.map((p) => p.page) as [Page, Page];
    await a.getByRole('button', { name: ClassroomUiText.openClassroom, exact: true }).click();
    await a.getByRole('button', { name: 'room-1', exact: true }).click();
    await joinWithDevices(a);

    await openPanel(a);
    await tab(a, SocialUiText.tabFriends).click();
    await panel(a)
      .locator(`[data-friend="${teacher}"]`)
      .getByRole('button', { name: SocialUiText.inviteCall })
      .click();
    await closePanel(a);
    const invite = b.getByRole('alertdialog', { name: SocialUiText.incomingInvite });
    await invite.getByText(SocialUiText.inviteFrom(member)).waitFor();
    await invite.getByRole('button', { name: SocialUiText.accept }).click();
    await toast(b, SocialText.youAcceptedInvitation);
    await toast(a, SocialText.acceptedInvitation(teacher));
    await joinWithDevices(b);
    await bothInRoom([a, b], ClassroomUiText.roomName('room-1'), 2);
    await saveScreenshot(b, 'social-invite-joined-1440');

    // SPEC §2 tile menu: Add Friend on a friend gets the spec's refusal; Call rings them.
    const tileMenu = () =>
      b.getByRole('button', { name: ClassroomUiText.tileMenu(member) }).first();
    await tileMenu().click();
    await b.getByRole('menuitem', { name: ClassroomUiText.addFriend }).click();
    await toast(b, SocialText.friendFailed);
    await tileMenu().click();
    await b.getByRole('menuitem', { name: ClassroomUiText.call }).click();
    await toast(b, SocialText.initiatedCall(member));
    const call = a.getByRole('alertdialog', { name: SocialUiText.incomingCall });
    await call.getByText(SocialUiText.callFrom(teacher)).waitFor();
    await call.getByRole('button', { name: SocialUiText.reject }).click();
    await toast(b, SocialText.rejectedCall(member));
    for (const p of people) await p.page.context().close();
  }, 120_000);

  it('shows guests no social UI', async () => {
    const guest = await openPage(browser());
    await guest.page.goto(`${baseURL}${AppRoute.home}`);
    await guest.page.getByRole('navigation').first().waitFor();
    expect(await friendsButton(guest.page).count()).toBe(0);
  });
});

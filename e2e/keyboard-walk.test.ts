// Issue 27: a keyboard-only walk through the app's main tasks, Tab and Enter only: log in, edit
// a photo of the album, a friend request, the classroom's device settings and the class chat.
// Each control must be reached within a few Tabs, and focus never falls to the page after an
// action. The world's part (tutorial, poster, photo, darts) is keyboard-world.test.ts.
import { randomUUID } from 'node:crypto';
import { ChatText } from '@atrium/protocol';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EditorText } from '../apps/web/src/features/album/editor/texts.ts';
import { AlbumText } from '../apps/web/src/features/album/texts.ts';
import { ClassroomUiText } from '../apps/web/src/features/classroom/texts.ts';
import { SocialUiText } from '../apps/web/src/features/social/texts.ts';
import { AuthWebText } from '../apps/web/src/shared/auth/texts.ts';
import { ShellText } from '../apps/web/src/shared/texts.ts';
import { openPage, useBrowser } from './support/browser.ts';
import { savePhoto } from './support/a11y.ts';
import { lane } from './support/lane.ts';
import { albumOf, demoAccount, removePhotosAddedSince } from './support/world.ts';

const baseURL = lane().baseURL;
// A classroom chat of its own, as the chat e2e uses.
const room = `Keyboard ${randomUUID().slice(0, 6)}`;

/** Presses Tab until `target` has focus; fails past `max` presses (or Shift+Tab backwards). */
async function tabTo(page: Page, target: Locator, max = 30, back = false): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      return presses;
    }
  }
  throw new Error(`not reached in ${max} presses of Tab: ${target.toString()}`);
}

/** What has focus, by its text or label, for the failure messages. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent ?? ''}` : '';
  });

/** Focus is on a control, not lost to the page. */
const focusOnControl = (page: Page) =>
  page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body);

describe('the app by keyboard alone (issue 27)', () => {
  const browser = useBrowser();

  it('logs in, edits a photo, sends a friend request, opens the class settings and chats with Tab and Enter', async () => {
    const { page, errors } = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    const account = demoAccount('member');
    const { photos, token } = await albumOf('member');
    const before = photos.map((p) => p._id);
    try {
      // A photo to edit, saved as the world saves one.
      await page.goto(`${baseURL}/`);
      await savePhoto(page, token);

      // Log in.
      await tabTo(page, page.getByLabel(AuthWebText.usernameOrEmail, { exact: true }));
      await page.keyboard.type(account.username);
      await page.keyboard.press('Tab');
      await page.keyboard.type(account.password);
      await page.keyboard.press('Enter');
      await page.getByRole('region', { name: AuthWebText.startTitle }).waitFor();

      // The album: a photo, its editor, a text added; focus stays in the tool.
      const myAlbum = page.getByRole('button', { name: new RegExp(`^${ShellText.myAlbum}`) });
      await tabTo(page, myAlbum);
      await page.keyboard.press('Enter');
      // The album loads on its first opening: Tab waits for it, as a person would.
      await page.getByRole('dialog', { name: AlbumText.title }).waitFor();
      await tabTo(page, page.getByRole('button', { name: AlbumText.open, exact: true }));
      await page.keyboard.press('Enter');
      const photo = page.getByRole('button', { name: /^Open Campus/ }).first();
      await photo.waitFor({ timeout: 15_000 });
      await tabTo(page, photo);
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByRole('button', { name: AlbumText.edit, exact: true }));
      await page.keyboard.press('Enter');
      const editor = page.getByRole('region', { name: EditorText.editorLabel });
      await editor.locator('canvas').first().waitFor({ timeout: 20_000 });
      await tabTo(page, editor.getByRole('button', { name: EditorText.text, exact: true }));
      await page.keyboard.press('Enter');
      // The Size slider is a 24 px target at least (its track alone was 16 px).
      const size = await editor.getByRole('slider', { name: EditorText.size }).boundingBox();
      expect(size?.height).toBeGreaterThanOrEqual(24);
      const text = editor.getByLabel(EditorText.textInput, { exact: true });
      await tabTo(page, text);
      await page.keyboard.type('By keyboard');
      const addText = editor.getByRole('button', { name: EditorText.addText, exact: true });
      await expect.poll(() => addText.isEnabled()).toBe(true);
      await tabTo(page, addText);
      await page.keyboard.press('Enter');
      await expect.poll(() => text.evaluate((el) => el === document.activeElement)).toBe(true);
      // Leave without saving: Close editor asks first.
      await tabTo(page, editor.getByRole('button', { name: EditorText.closeEditor }));
      await page.keyboard.press('Enter');
      const discard = page
        .getByRole('alertdialog')
        .getByRole('button', { name: EditorText.discard });
      await tabTo(page, discard, 5);
      await page.keyboard.press('Enter');
      await editor.waitFor({ state: 'detached' });
      await page.getByRole('alertdialog').waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await expect.poll(() => focused(page)).toMatch(new RegExp(`^BUTTON ${ShellText.myAlbum}`));

      // A friend request (to a name nobody has: the answer is an error toast); focus stays in
      // the form.
      const friends = page.getByRole('button', { name: new RegExp(`^${SocialUiText.friends}`) });
      await tabTo(page, friends, 5);
      await page.keyboard.press('Enter');
      const panel = page.getByRole('dialog', { name: SocialUiText.panelTitle });
      await panel.waitFor();
      const field = panel.getByLabel(SocialUiText.addFriend, { exact: true });
      await tabTo(page, field, 10);
      await page.keyboard.type('nobody-by-keyboard');
      await page.keyboard.press('Enter');
      await page.locator('[data-sonner-toast]').first().waitFor();
      expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      await expect.poll(() => focusOnControl(page)).toBe(true);

      // The classroom panel and its device settings; Escape gives focus back to the button.
      const classroom = page.getByRole('button', {
        name: ClassroomUiText.openClassroom,
        exact: true,
      });
      await tabTo(page, classroom);
      await page.keyboard.press('Enter');
      const settings = page.getByRole('button', {
        name: ClassroomUiText.joinWithSettings,
        exact: true,
      });
      await settings.waitFor();
      await tabTo(page, settings);
      await page.keyboard.press('Enter');
      const devices = page.getByRole('dialog', { name: ClassroomUiText.chooseDevices });
      await devices.waitFor();
      expect(await devices.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await devices.waitFor({ state: 'hidden' });
      await expect.poll(() => settings.evaluate((el) => el === document.activeElement)).toBe(true);
      await tabTo(page, page.getByRole('button', { name: ClassroomUiText.closePanel }), 30, true);
      await page.keyboard.press('Enter');

      // The class chat: a classroom by name, then a message.
      await tabTo(page, page.getByRole('button', { name: ChatText.openSecond, exact: true }));
      await page.keyboard.press('Enter');
      const window = page.getByRole('dialog', { name: ChatText.secondTitle });
      await window.waitFor();
      await tabTo(page, window.getByLabel(ChatText.classroomName, { exact: true }), 10);
      await page.keyboard.type(room);
      await page.keyboard.press('Enter');
      const chat = window.getByRole('region', { name: room });
      await chat.waitFor();
      await tabTo(page, chat.getByLabel(ChatText.message, { exact: true }), 10);
      await page.keyboard.type('Hello from the keyboard');
      await page.keyboard.press('Enter');
      await chat.getByText('Hello from the keyboard').waitFor({ timeout: 15_000 });
      await expect.poll(() => focusOnControl(page)).toBe(true);
    } finally {
      await removePhotosAddedSince('member', before);
    }
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await page.context().close();
  }, 120_000);
});

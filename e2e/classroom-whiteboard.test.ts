// The classroom whiteboard (issue 15): the teacher opens Excalidraw for room-2 and draws, the
// member sees the drawing; with read-only on, the member's board is in view mode and a drawing
// the member sends straight over the socket never reaches the teacher (the relay refuses it); a
// reload gets the scene back; and no page asks another host for anything (fonts included).
import { RoomText, roomNamespace, type AckResult } from '@atrium/protocol';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { ClassroomUiText as T } from '../apps/web/src/features/classroom/texts.ts';
import { MetaverseText } from '../apps/web/src/features/metaverse/popups/texts.ts';
import { WorldText } from '../apps/web/src/features/metaverse/texts.ts';
import type {} from '../apps/web/src/features/classroom/whiteboard/testHook.ts';
import { openPage, saveScreenshot, seriousA11yViolations, useBrowser } from './support/browser.ts';
import { demoAccount, enterWorld, logIn } from './support/world.ts';
import { lane } from './support/lane.ts';

const baseURL = lane().baseURL;

interface Element {
  id: string;
  type: string;
  version: number;
  text?: string;
}

/** Signs in (unless `signedIn`) and joins room-2, answering the device modal when it comes. */
async function joinRoom2(page: Page, role: string, signedIn = false): Promise<void> {
  await page.context().grantPermissions(['camera', 'microphone'], { origin: baseURL });
  if (!signedIn) await logIn(page, role);
  await page.getByRole('button', { name: T.openClassroom, exact: true }).click();
  await page.getByRole('button', { name: 'room-2', exact: true }).click();
  const modal = page.getByRole('dialog', { name: T.chooseDevices });
  const toolbar = page.getByRole('toolbar', { name: T.controls });
  await Promise.race([modal.waitFor({ timeout: 30_000 }), toolbar.waitFor({ timeout: 30_000 })]);
  if (await modal.isVisible())
    await modal.getByRole('button', { name: T.join, exact: true }).click();
  await toolbar.waitFor({ timeout: 30_000 });
}

/** The elements on a page's board, through the read-only test hook. */
const elementsOn = (page: Page) =>
  page.evaluate(() => (window.__atriumWhiteboard?.getElements() ?? []) as unknown as Element[]);

/** Every request a context makes, so the test can check that each one stays on our host. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.context().on('request', (request) => urls.push(request.url()));
  return urls;
}

const foreign = (urls: string[]) =>
  urls.filter(
    (url) =>
      !url.startsWith('data:') &&
      !url.startsWith('blob:') &&
      new URL(url).origin !== new URL(baseURL).origin,
  );

async function tokenOf(role: string): Promise<{ token: string; id: string }> {
  const { username, password } = demoAccount(role);
  const response = await fetch(`${baseURL}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { token } = (await response.json()) as { token: string };
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
  };
  return { token, id: claims.sub };
}

describe('the classroom whiteboard', () => {
  const browser = useBrowser();
  const desktop: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };

  it('is drawn by the teacher and seen by the member, read-only on the relay, back after a reload', async () => {
    const teacher = await openPage(browser(), desktop);
    const member = await openPage(browser(), desktop);
    const requests = [...[teacher.page, member.page].map(recordRequests)];
    await joinRoom2(teacher.page, 'teacher');
    await joinRoom2(member.page, 'member');

    // The teacher's button: a prompt focused on its input, the default board-{user id}.
    const button = teacher.page.locator('[data-control="whiteboard"]');
    await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
    await button.click();
    const prompt = teacher.page.getByRole('dialog', { name: T.whiteboardPromptTitle });
    const input = prompt.getByLabel(T.whiteboardUrlLabel);
    await input.waitFor();
    const { id: teacherId } = await tokenOf('teacher');
    expect(await input.inputValue()).toBe(`board-${teacherId}`);
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    const boardUrl = `board-e2e-${Date.now()}`;
    await input.fill(`  ${boardUrl}  `);
    await input.press('Enter');

    // Everyone in the room gets the window; the teacher, its owner, gets the controls.
    const teacherBoard = teacher.page.getByRole('region', { name: T.whiteboardTitle, exact: true });
    const memberBoard = member.page.getByRole('region', { name: T.whiteboardTitle, exact: true });
    await teacherBoard.waitFor({ timeout: 15_000 });
    await memberBoard.waitFor({ timeout: 15_000 });
    expect(await memberBoard.getByLabel(T.whiteboardUrlLabel).inputValue()).toBe(boardUrl);
    expect(await memberBoard.getByRole('switch').count()).toBe(0);
    expect(await memberBoard.getByRole('button', { name: T.whiteboardClose }).count()).toBe(0);
    for (const page of [teacher.page, member.page]) {
      await page.waitForFunction(() => window.__atriumWhiteboard !== undefined, null, {
        timeout: 60_000,
      });
    }

    // A rectangle: the `r` shortcut and a drag on the canvas; then a text, which needs a font.
    const canvas = teacher.page.locator('.excalidraw canvas.interactive');
    const box = (await canvas.boundingBox())!;
    await canvas.click({ position: { x: 60, y: 150 } });
    await teacher.page.keyboard.press('r');
    await teacher.page.mouse.move(box.x + 120, box.y + 120);
    await teacher.page.mouse.down();
    await teacher.page.mouse.move(box.x + 260, box.y + 200, { steps: 8 });
    await teacher.page.mouse.up();
    await teacher.page.keyboard.press('t');
    await teacher.page.mouse.click(box.x + 320, box.y + 140);
    await teacher.page.keyboard.type('Photosynthesis');
    await teacher.page.keyboard.press('Escape');

    const drawing = async (page: Page) =>
      (await elementsOn(page)).map((e) => `${e.type}${e.text ? `:${e.text}` : ''}`).sort();
    await expect
      .poll(() => drawing(member.page), { timeout: 15_000 })
      .toEqual(['rectangle', 'text:Photosynthesis']);
    expect(await seriousA11yViolations(member.page)).toEqual([]);
    await saveScreenshot(member.page, 'classroom-whiteboard-member-1440');
    await saveScreenshot(teacher.page, 'classroom-whiteboard-teacher-1440');

    // Read-only: the member's board turns to view mode…
    await teacherBoard.getByRole('switch', { name: T.whiteboardDisallow }).click();
    await expect
      .poll(() => member.page.evaluate(() => window.__atriumWhiteboard?.viewModeEnabled()), {
        timeout: 15_000,
      })
      .toBe(true);
    // The teacher's switch follows the room state, which reaches the teacher by the same broadcast.
    await expect
      .poll(
        () =>
          teacherBoard
            .getByRole('switch', { name: T.whiteboardDisallow })
            .getAttribute('aria-checked'),
        { timeout: 15_000 },
      )
      .toBe('true');
    // …and a drawing sent straight over the socket as the member is refused by the relay.
    const { token } = await tokenOf('member');
    const socket = io(`${baseURL}${roomNamespace('room-2')}`, {
      path: '/api/socket',
      transports: ['websocket'],
      auth: { token },
    });
    try {
      await new Promise((resolve) => socket.once('welcome', resolve));
      const forged = {
        id: 'forged-by-member',
        type: 'rectangle',
        version: 99,
        versionNonce: 1,
        x: 0,
        y: 0,
        width: 50,
        height: 50,
      };
      const answer = (await socket
        .timeout(5000)
        .emitWithAck('board:scene', { elements: [forged] })) as AckResult<unknown>;
      expect(answer).toEqual({ status: false, message: RoomText.readonly });
      // A sync round trip through the teacher's own socket: anything relayed before it has landed.
      await teacher.page.evaluate(async () => {
        await new Promise((r) => setTimeout(r, 300));
      });
      expect((await elementsOn(teacher.page)).map((e) => e.id)).not.toContain('forged-by-member');
    } finally {
      socket.close();
    }

    // A reload: the member joins again and gets the stored scene back.
    await member.page.reload();
    await member.page.getByRole('button', { name: T.openClassroom, exact: true }).waitFor();
    await joinRoom2(member.page, 'member', true);
    await memberBoard.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => drawing(member.page), { timeout: 30_000 })
      .toEqual(['rectangle', 'text:Photosynthesis']);

    // The fonts came from us; nothing came from anywhere else.
    expect(requests.flat().some((url) => url.includes('/assets/excalidraw-0.18.1/fonts/'))).toBe(
      true,
    );
    expect(foreign(requests.flat())).toEqual([]);

    // At a phone's width (the home page shows no class panel there, the class goes on): the
    // window takes the full width of the screen.
    await member.page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(async () => (await member.page.locator('.whiteboard').boundingBox())?.width, {
        timeout: 5_000,
      })
      .toBe(390);
    expect((await member.page.locator('.whiteboard').boundingBox())?.x).toBe(0);
    const frame = await member.page.locator('.whiteboard__frame').boundingBox();
    expect(frame && Math.abs(frame.width / frame.height - 16 / 9)).toBeLessThan(0.02);
    await saveScreenshot(member.page, 'classroom-whiteboard-member-390');
    expect(foreign(requests.flat())).toEqual([]);

    // A phone (touch) in the class, from the metaverse page: it gets the board too.
    const phone = await openPage(browser(), {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const phoneRequests = recordRequests(phone.page);
    await phone.page.context().grantPermissions(['camera', 'microphone'], { origin: baseURL });
    await enterWorld(phone.page, 'member');
    // The world's own prompt (SPEC §9: fullscreen after 5 s on a phone) is answered first.
    const fullscreen = phone.page.getByRole('dialog', { name: MetaverseText.fullscreen.title });
    await fullscreen.waitFor({ timeout: 15_000 });
    await fullscreen.getByRole('button', { name: MetaverseText.fullscreen.notNow }).click();
    // On a narrow window the world's toolbar, with the class button, folds behind its menu.
    const menu = phone.page.getByRole('button', { name: WorldText.toolbarMenu, exact: true });
    if (await menu.isVisible()) await menu.click();
    await joinRoom2(phone.page, 'member', true);
    const phoneBoard = phone.page.getByRole('region', { name: T.whiteboardTitle, exact: true });
    await phoneBoard.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => drawing(phone.page), { timeout: 30_000 })
      .toEqual(['rectangle', 'text:Photosynthesis']);
    const phoneBox = await phone.page.locator('.whiteboard').boundingBox();
    expect(phoneBox && [phoneBox.x, phoneBox.width]).toEqual([0, 390]);
    await saveScreenshot(phone.page, 'classroom-whiteboard-phone-390');
    expect(foreign(phoneRequests)).toEqual([]);
    await phone.page.context().close();

    // The owner types another URL: everyone moves to that board, which starts empty.
    const teacherUrl = teacherBoard.getByLabel(T.whiteboardUrlLabel);
    await teacherUrl.fill(`${boardUrl}-2`);
    await teacherUrl.press('Enter');
    await expect
      .poll(() => memberBoard.getByLabel(T.whiteboardUrlLabel).inputValue(), { timeout: 15_000 })
      .toBe(`${boardUrl}-2`);
    await member.page.waitForFunction(() => window.__atriumWhiteboard !== undefined);
    expect(await drawing(member.page)).toEqual([]);

    // Closing it takes it away for everyone.
    await teacherBoard.getByRole('button', { name: T.whiteboardClose }).click();
    await memberBoard.waitFor({ state: 'detached', timeout: 15_000 });

    expect(teacher.errors).toEqual([]);
    expect(member.errors).toEqual([]);
    for (const context of [member, teacher].map((w) => w.page.context())) {
      await context.close();
    }
  }, 240_000);
});

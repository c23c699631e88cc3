// Issue 28 §6 in real Chromium on the private Janus: cameras go out in simulcast layers, and each
// viewer receives at most CLASS_LAST_N of them (2 here), the teacher's first, then the tiles on
// screen, each at the small layer a small tile needs. A tile the server does not forward shows
// as paused; scrolling it into view brings its video; a reload keeps the bound. Every figure is
// read from the browsers' own WebRTC statistics.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthWebText } from '../apps/web/src/shared/auth/texts.ts';
import { ClassroomUiText as T } from '../apps/web/src/features/classroom/texts.ts';
import { startOwnApp, type OwnApp } from './support/app.ts';
import { saveScreenshot, useBrowser } from './support/browser.ts';

interface Inbound {
  videoBytes: number;
  videoWidth: number;
  audioPackets: number;
}

interface Person {
  name: string;
  page: Page;
  context: BrowserContext;
}

const LAST_N = 2;

const inbound = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as {
        __atriumClassroom: { debug: { inbound(): Promise<Record<string, Inbound>> } };
      }
    ).__atriumClassroom.debug.inbound(),
  );

/** The feeds whose video bytes grow over `ms`, with the width of the frames they decode. */
async function flowing(page: Page, ms = 2500): Promise<Map<string, number>> {
  const before = await inbound(page);
  await page.waitForTimeout(ms);
  const after = await inbound(page);
  const grew = new Map<string, number>();
  for (const [id, now] of Object.entries(after)) {
    // A paused line sees nothing (at most a stray packet); a camera's small layer is over 16 kbit/s
    // even on a loaded machine.
    if (now.videoBytes - (before[id]?.videoBytes ?? 0) > 5_000) grew.set(id, now.videoWidth);
  }
  return grew;
}

/** Each participant's id and tile in this page, by name. */
const idsOf = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as {
      __atriumClassroom: { store: { get(): { tiles: { id: number; name: string }[] } } };
    };
    return Object.fromEntries(w.__atriumClassroom.store.get().tiles.map((t) => [t.name, t.id]));
  });

describe('last-N and simulcast on Janus', () => {
  const browser = useBrowser();
  let app: OwnApp;
  const people: Person[] = [];

  beforeAll(async () => {
    app = await startOwnApp({ CLASS_LAST_N: String(LAST_N) }, [
      { role: 'member', username: 'lastn2', password: 'lastn2 pass 123' },
      { role: 'member', username: 'lastn3', password: 'lastn3 pass 123' },
    ]);
  }, 180_000);
  afterAll(async () => {
    for (const p of people) await p.context.close().catch(() => undefined);
    await app?.stop();
  });

  async function enter(who: string): Promise<Person> {
    const account = app.accounts.find((a) => a.role === who || a.username === who);
    if (!account) throw new Error(`no account ${who}`);
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    await context.grantPermissions(['camera', 'microphone'], { origin: app.baseURL });
    const page = await context.newPage();
    await page.goto(`${app.baseURL}/`);
    await page.getByLabel(AuthWebText.usernameOrEmail, { exact: true }).fill(account.username);
    await page.getByLabel(AuthWebText.password, { exact: true }).fill(account.password);
    await page.getByRole('button', { name: AuthWebText.logIn, exact: true }).click();
    await page.getByRole('region', { name: AuthWebText.startTitle }).waitFor();
    await page.getByRole('button', { name: T.openClassroom, exact: true }).click();
    await page.getByRole('button', { name: 'room-1', exact: true }).click();
    const modal = page.getByRole('dialog', { name: T.chooseDevices });
    await modal.waitFor();
    await modal.getByRole('button', { name: T.join, exact: true }).click();
    await page.getByRole('toolbar', { name: T.controls }).waitFor({ timeout: 30_000 });
    const person = { name: account.username, page, context };
    people.push(person);
    return person;
  }

  const tileOf = (page: Page, name: string) =>
    page
      .getByRole('list', { name: T.stream })
      .locator('li')
      .filter({ has: page.locator('.classroom-tile__text', { hasText: new RegExp(`^${name}$`) }) });

  it(
    'forwards at most CLASS_LAST_N cameras, the teacher first, at the small layer',
    {
      timeout: 240_000,
    },
    async () => {
      const teacher = await enter('teacher');
      const others = [await enter('member'), await enter('lastn2'), await enter('lastn3')];
      const viewer = others[2]!;
      await expect
        .poll(async () => Object.keys(await idsOf(viewer.page)).length, {
          timeout: 30_000,
        })
        .toBe(4);
      const ids = await idsOf(viewer.page);
      const teacherId = String(ids[teacher.name]);

      // The viewer receives the teacher and at most one more camera, never three.
      await expect
        .poll(async () => [...(await flowing(viewer.page)).keys()].includes(teacherId), {
          timeout: 30_000,
        })
        .toBe(true);
      for (const p of [viewer, teacher]) {
        // Once the views have settled (a loaded machine can still be switching a line when the
        // window opens, and a line switched off sends its last frames).
        // Small tiles (the side panel's) take the small layer of a 640×480 camera (Chromium
        // sends two of its three layers at that size: 640 and 320 wide, read from the
        // publishers' own statistics); a layer switch waits for the next key frame, which a
        // loaded machine's encoder sends late, and which the server asks for again when Janus
        // stays on the high layer (LAYER_RETRY).
        // On failure the poll prints the last reading: whose page, and each flowing feed's width.
        let seen = new Map<string, number>();
        await expect
          .poll(
            async () => {
              seen = await flowing(p.page);
              const settled =
                seen.size <= LAST_N && [...seen.values()].every((width) => width < 640);
              return settled ? 'settled' : `${p.name}: ${JSON.stringify([...seen])}`;
            },
            { timeout: 45_000 },
          )
          .toBe('settled');
        expect(seen.size).toBeGreaterThan(0);
        expect(seen.size).toBeLessThanOrEqual(LAST_N);
      }
      // Everyone's audio still comes: the teacher hears all three students.
      const heard = await inbound(teacher.page);
      await teacher.page.waitForTimeout(1000);
      const heardLater = await inbound(teacher.page);
      const speaking = Object.keys(heardLater).filter(
        (id) => heardLater[id]!.audioPackets > (heard[id]?.audioPackets ?? 0) + 10,
      );
      expect(speaking.length).toBe(3);

      // A camera beyond the limit shows as paused, not off.
      const pausedOne = async () => {
        for (const p of [teacher, ...others.slice(0, 2)]) {
          if ((await tileOf(viewer.page, p.name).getAttribute('data-camera')) === 'paused')
            return p.name;
        }
        return null;
      };
      // (45 s: a loaded machine can take a while to settle which cameras go to whom.)
      await expect.poll(pausedOne, { timeout: 45_000 }).not.toBeNull();
      const pausedName = (await pausedOne())!;
      await saveScreenshot(viewer.page, 'classroom-lastn-paused');
      expect(await tileOf(viewer.page, pausedName).getAttribute('aria-label')).toBe(
        T.videoPausedOf(pausedName),
      );

      // A camera switched off frees its place: the paused one comes, and the bound still holds.
      const pausedId = String(ids[pausedName]);
      const stillForwarded = [teacher, ...others.slice(0, 2)].find(
        (p) => p.name !== pausedName && p !== teacher,
      )!;
      await stillForwarded.page
        .getByRole('toolbar', { name: T.controls })
        .getByRole('button', { name: T.camera, exact: true })
        .click();
      await expect
        .poll(async () => [...(await flowing(viewer.page)).keys()], { timeout: 30_000 })
        .toContain(pausedId);
      expect((await flowing(viewer.page)).size).toBeLessThanOrEqual(LAST_N);
      await expect
        .poll(() => tileOf(viewer.page, pausedName).getAttribute('data-camera'))
        .toBe('on');

      // A reload is a new session on the server: the bound and the teacher hold again.
      await viewer.page.reload();
      await viewer.page.getByRole('region', { name: AuthWebText.startTitle }).waitFor();
      const open = viewer.page.getByRole('button', { name: T.openClassroom, exact: true });
      if (await open.isVisible()) await open.click();
      await viewer.page.getByRole('button', { name: 'room-1', exact: true }).click();
      const controls = viewer.page.getByRole('toolbar', { name: T.controls });
      const modal = viewer.page.getByRole('dialog', { name: T.chooseDevices });
      await modal.or(controls).first().waitFor({ timeout: 30_000 });
      if (await modal.isVisible())
        await modal.getByRole('button', { name: T.join, exact: true }).click();
      await controls.waitFor({ timeout: 30_000 });
      const teacherNow = async () => String((await idsOf(viewer.page))[teacher.name]);
      await expect
        .poll(async () => [...(await flowing(viewer.page)).keys()].includes(await teacherNow()), {
          timeout: 30_000,
        })
        .toBe(true);
      expect((await flowing(viewer.page)).size).toBeLessThanOrEqual(LAST_N);
    },
  );
});

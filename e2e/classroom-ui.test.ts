import { ClassPollText } from '@atrium/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEVICE_SETTINGS_KEY } from '../apps/web/src/features/classroom/deviceSetting.ts';
import { ClassroomUiText as T } from '../apps/web/src/features/classroom/texts.ts';
import { DevRoute } from '../apps/web/src/features/metaverse/devRoutes.ts';
import { saveScreenshot, seriousA11yViolations, useBrowser } from './support/browser.ts';
import { openPreview, sceneQuery, sceneRoot, tooWide } from './support/classroomPreview.ts';
import { useDevServer } from './support/dev-server.ts';

// The classroom screens on their development-only preview: a fake engine with canvas video, so
// these tests look at the screens alone (the media itself is tested with the engine).
describe('classroom screens in Chromium', () => {
  const browser = useBrowser();
  const devURL = useDevServer();

  const preview = (query: string, options: Parameters<typeof openPreview>[3] = {}) =>
    openPreview(browser(), devURL(), query, options);

  const control = (page: Page, name: string) =>
    page.locator(`.classroom-preview__frame [data-control="${name}"]`);

  it('shows the teacher’s panel: people, a ticking timer, tiles with names, the teacher row', async () => {
    const { page, errors } = await preview('?scene=teacher');
    expect(await page.getByTestId('classroom-count').textContent()).toBe(T.people(4));
    const timer = page.locator('.classroom-panel__timer').first();
    const before = await timer.textContent();
    expect(before).toMatch(/^\d\d:\d\d$/);
    await page.waitForFunction(
      (first) => document.querySelector('.classroom-panel__timer')?.textContent !== first,
      before,
      { timeout: 2500 },
    );
    // Every tile has a text alternative; the speaking one is marked.
    const tiles = page.locator('.classroom-preview__frame .classroom-tile');
    expect(
      await tiles.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))),
    ).toEqual([
      T.videoOf(T.you('Ms Rivera')),
      T.screenOf('Grace Hopper'),
      T.videoOf('Alan Turing'),
      T.noVideoOf('Ada Lovelace'),
    ]);
    expect(await page.locator('.classroom-tile--speaking').getAttribute('aria-label')).toBe(
      T.videoOf('Alan Turing'),
    );
    // Someone else shares: the share button looks disabled and names them.
    const share = control(page, 'share');
    expect(await share.getAttribute('aria-disabled')).toBe('true');
    expect(await share.getAttribute('title')).toBe(T.otherSharing('Grace Hopper'));
    // The teacher row, enforced by the media server: no mesh note.
    expect(await control(page, 'mute-all-audio').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByText(T.meshNote).count()).toBe(0);
    // Toggles say whether they are on.
    const grid = control(page, 'grid');
    expect(await grid.getAttribute('aria-pressed')).toBe('false');
    await grid.click();
    expect(await grid.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('.classroom-grid--four').count()).toBe(1);
    // The chat is part of the panel, open from the start; its button closes and reopens it.
    expect(await control(page, 'chat').getAttribute('aria-pressed')).toBe('true');
    await page.getByText(T.chatSoon).first().waitFor();
    await control(page, 'chat').click();
    expect(await control(page, 'chat').getAttribute('aria-pressed')).toBe('false');
    await control(page, 'chat').click();
    await page.getByText(T.chatSoon).first().waitFor();
    // Mute all, then allow all: the flag follows.
    await control(page, 'allow-all-audio').click();
    await page.waitForFunction(
      () =>
        document
          .querySelector('.classroom-preview__frame [data-control="mute-all-audio"]')
          ?.getAttribute('aria-pressed') === 'false',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'classroom-teacher');
    expect(errors).toEqual([]);
  });

  it('disables a prohibited microphone with the reason, and shows the mesh note to a teacher', async () => {
    const { page, errors } = await preview('?scene=student');
    const mic = control(page, 'mic');
    expect(await mic.isDisabled()).toBe(true);
    expect(await mic.getAttribute('title')).toBe(T.micProhibited);
    await page.getByRole('status').filter({ hasText: T.micProhibited }).waitFor();
    // A student has no teacher row.
    expect(await control(page, 'mute-all-audio').count()).toBe(0);
    expect(await control(page, 'whiteboard').count()).toBe(0);

    await page.goto(`${devURL()}${DevRoute.classroomPreview}?scene=mesh`);
    await page.getByText(T.meshNote).waitFor();
    expect(errors).toEqual([]);
  });

  it('asks for devices before the first join only, and saves them as {MIC, CAM}', async () => {
    const { page, errors } = await preview('?scene=idle');
    await page.evaluate((key) => localStorage.removeItem(key), DEVICE_SETTINGS_KEY);
    await page.locator('.classroom-preview__frame [data-room="room-2"]').click();
    const dialog = page.getByRole('dialog', { name: T.chooseDevices });
    await dialog.waitFor();
    // Focus starts in the modal, on its first choice.
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await dialog.getByLabel(T.classroom).selectOption('room-2');
    const camera = dialog.getByLabel(T.camera);
    await page.waitForFunction(
      () => (document.querySelectorAll('[role="dialog"] select')[2]?.children.length ?? 0) > 1,
    );
    const cameraId = await camera.evaluate(
      (el) => (el as HTMLSelectElement).options[1]?.value ?? '',
    );
    await camera.selectOption(cameraId);
    await dialog.getByRole('button', { name: T.join }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = await page.evaluate((key) => localStorage.getItem(key), DEVICE_SETTINGS_KEY);
    expect(JSON.parse(saved ?? 'null')).toEqual({ MIC: '', CAM: cameraId });
    await page
      .getByRole('heading', { name: T.roomName('room-2') })
      .first()
      .waitFor();

    // A join opens the panel's window; leave there, then join again: the saved setting is
    // used, no modal.
    const window = page.locator('.classroom-window');
    await window.waitFor();
    await window.locator('[data-control="leave"]').click();
    await window.locator('[data-room="room-3"]').click();
    await page
      .getByRole('heading', { name: T.roomName('room-3') })
      .first()
      .waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('switches devices from the room with a close button and the SPEC §8 toast', async () => {
    const { page, errors } = await preview('?scene=student');
    await control(page, 'devices').click();
    const dialog = page.getByRole('dialog', { name: T.chooseDevices });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: T.close, exact: true }).count()).toBe(1);
    expect(await dialog.getByRole('button', { name: T.cancel, exact: true }).count()).toBe(0);
    await page.waitForFunction(
      () => (document.querySelectorAll('[role="dialog"] select')[1]?.children.length ?? 0) > 1,
    );
    const camera = dialog.getByLabel(T.camera);
    await camera.selectOption(
      await camera.evaluate((el) => (el as HTMLSelectElement).options[1]?.value ?? ''),
    );
    await dialog.getByRole('button', { name: T.apply }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: T.switchCameraSuccess }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('shows the devices-required error once, with the panel minimised', async () => {
    const { page, errors } = await preview('?scene=nodevices');
    const alert = page.getByRole('alertdialog');
    await alert.getByText(T.devicesRequired).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.locator('.classroom-panel--minimized').count()).toBe(1);
    expect(await control(page, 'mic').isDisabled()).toBe(true);
    expect(await control(page, 'camera').isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('is a full-width bottom sheet on a phone, nothing wider than the screen', async () => {
    const { page, errors } = await preview('?scene=teacher&window=teacher', {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const sheet = page.locator('.classroom-sheet');
    await sheet.waitFor();
    const box = await sheet.boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.width).toBe(390);
    expect(box && Math.round(box.y + box.height)).toBe(844);
    expect(await page.locator('.react-draggable').count()).toBe(0);
    const tooWide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1);
        })
        .map((el) => el.className),
    );
    expect(tooWide).toEqual([]);
    // Touch targets of 44 px: the controls and each tile's menu.
    const small = await page
      .locator('.classroom-sheet .classroom-control, .classroom-sheet .classroom-tile__more')
      .evaluateAll((els) =>
        els
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0 && (r.width < 44 || r.height < 44))
          .map((r) => `${r.width}x${r.height}`),
      );
    expect(small).toEqual([]);
    // The chat waits for its button on a phone, so the tiles stay in view.
    expect(await page.locator('.classroom-sheet .classroom-chat').count()).toBe(0);
    await saveScreenshot(page, 'classroom-phone');
    expect(errors).toEqual([]);
  });

  it('opens as a window that the header drags', async () => {
    const { page, errors } = await preview('?scene=teacher&window=teacher', {
      viewport: { width: 1440, height: 900 },
    });
    const header = page.locator('.classroom-window .classroom-panel__header');
    await header.waitFor();
    const before = await page.locator('.classroom-window').boundingBox();
    const grip = await header.boundingBox();
    if (!before || !grip) throw new Error('the window is not on screen');
    expect(before.x + before.width).toBeLessThanOrEqual(1440);
    await page.mouse.move(grip.x + 60, grip.y + 20);
    await page.mouse.down();
    await page.mouse.move(grip.x - 240, grip.y + 120, { steps: 8 });
    await page.mouse.up();
    const after = await page.locator('.classroom-window').boundingBox();
    expect(Math.round((after?.x ?? 0) - before.x)).toBe(-300);
    expect(Math.round((after?.y ?? 0) - before.y)).toBe(100);
    expect(errors).toEqual([]);
  });

  // Issue 28 §1 and §5: the lobby from both sides and the class record, wide and on a phone.
  it.each([
    ['desktop', { viewport: { width: 1440, height: 900 } }],
    ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ] as const)(
    'shows the lobby, the waiting student and the class record (%s)',
    async (size, options) => {
      const phone = size === 'phone';
      const scene = (key: string) => sceneQuery(key, phone);
      const within = (page: Page) => sceneRoot(page, phone);

      const teacher = await preview(scene('lobby-teacher'), options);
      const lobby = within(teacher.page).getByRole('region', { name: T.lobbyTitle(3) });
      await lobby.waitFor();
      expect(await tooWide(teacher.page)).toEqual([]);
      expect(await seriousA11yViolations(teacher.page)).toEqual([]);
      await saveScreenshot(teacher.page, `classroom-lobby-teacher-${size}`);
      await lobby.getByRole('button', { name: T.admitOf('Ada Lovelace') }).click();
      await within(teacher.page)
        .getByRole('region', { name: T.lobbyTitle(2) })
        .waitFor();
      expect(teacher.errors).toEqual([]);
      await teacher.page.context().close();

      const student = await preview(scene('lobby-student'), options);
      await within(student.page).getByText(T.waiting).waitFor();
      // The one thing to do while waiting has the focus.
      await expect
        .poll(() => student.page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toContain(T.lobbyLeave);
      expect(await tooWide(student.page)).toEqual([]);
      expect(await seriousA11yViolations(student.page)).toEqual([]);
      await saveScreenshot(student.page, `classroom-lobby-student-${size}`);
      await student.page.context().close();

      const record = await preview('?scene=idle&record=1', options);
      const table = record.page.getByRole('table', { name: T.recordTable });
      await table.waitFor();
      expect(await table.locator('tbody tr').count()).toBe(4);
      // The table scrolls inside the dialog; the page never gets wider than the screen.
      expect(
        await record.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      expect(await seriousA11yViolations(record.page)).toEqual([]);
      await saveScreenshot(record.page, `classroom-record-${size}`);
      expect(record.errors).toEqual([]);
    },
    // Two or three preview pages each (a cold dev server compiles them on demand): 18–32 s on a
    // quiet machine, over a minute beside the rest of the suite on 2 cores.
    120_000,
  );

  // Issue 28 §4: breakout groups from both sides, on a wide screen and on a phone.
  it.each([
    ['desktop', { viewport: { width: 1440, height: 900 } }],
    ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ] as const)(
    'runs breakout groups: the plan, the overview, a student’s group (%s)',
    async (size, options) => {
      const phone = size === 'phone';
      const scene = (key: string) => sceneQuery(key, phone);
      const within = (page: Page) => sceneRoot(page, phone);
      const smallTargets = (page: Page) =>
        within(page)
          .locator(
            '.classroom-groups button, .classroom-groups__input, .classroom-groups__mode, [data-control="groups"]',
          )
          .evaluateAll((els) =>
            els
              .map((el) => el.getBoundingClientRect())
              .filter((r) => r.width > 0 && (r.width < 44 || r.height < 44))
              .map((r) => `${r.width}x${r.height}`),
          );
      const check = async (page: Page, name: string) => {
        expect(await tooWide(page)).toEqual([]);
        if (phone) expect(await smallTargets(page)).toEqual([]);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await saveScreenshot(page, `classroom-${name}-${size}`);
      };

      // The teacher plans: the form by hand, a name per group, then Save shows the plan.
      const plan = await preview(scene('groups-teacher-plan'), options);
      const planRoot = within(plan.page);
      await planRoot.locator('[data-control="groups"]').click();
      const form = planRoot.getByRole('form', { name: T.groupsFormTitle });
      await form.waitFor();
      expect(
        await form.getByLabel(T.groupsCount).evaluate((el) => el === document.activeElement),
      ).toBe(true);
      await form.getByRole('radio', { name: T.groupsModeName('manual') }).check();
      expect(await form.getByRole('combobox', { name: /^Group for / }).count()).toBe(5);
      await form.getByLabel(T.groupsAssignOf('Alan Turing')).selectOption('1');
      if (!phone) {
        // By hand is by dragging names too (a mouse; a finger uses the list): pressed on Grace's
        // name, moved in steps as a hand does, let go over Group 2.
        await form.locator('[data-control="groups-board"]').scrollIntoViewIfNeeded();
        const from = (await form
          .locator('.classroom-groups__card', { hasText: 'Grace Hopper' })
          .locator('.classroom-groups__name')
          .boundingBox())!;
        const groupTwo = form.getByRole('region', { name: T.groupName(2), exact: true });
        const to = (await groupTwo.boundingBox())!;
        await plan.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
        await plan.page.mouse.down();
        await plan.page.mouse.move(to.x + to.width / 2, to.y + 20, { steps: 8 });
        await plan.page.mouse.up();
        await groupTwo.getByText('Grace Hopper').waitFor();
        expect(await form.getByLabel(T.groupsAssignOf('Grace Hopper')).inputValue()).toBe('2');
      }
      await form.getByLabel(T.groupsMinutes).fill('15');
      await check(plan.page, 'groups-plan');
      await form.getByRole('button', { name: T.groupsSave }).click();
      const saved = planRoot.getByRole('region', { name: T.groupsPrepared });
      await saved.waitFor();
      await saved.getByText(T.groupsSummary(2, T.groupsModeName('manual'), 15)).waitFor();
      expect(plan.errors).toEqual([]);
      await plan.page.context().close();

      // The teacher's overview: three groups, a call to answer, the countdown.
      const teacher = await preview(scene('groups-teacher-open'), options);
      const overview = within(teacher.page).getByRole('region', { name: T.groupsOpenTitle(3) });
      await overview.waitFor();
      expect(await overview.locator('.classroom-groups__group').count()).toBe(3);
      expect(await overview.getByTestId('groups-clock').textContent()).toMatch(/\d\d:\d\d/);
      await overview.getByText(T.groupNotHere).waitFor();
      expect(
        await overview.locator('[data-speaking="true"] .classroom-groups__name').allTextContents(),
      ).toEqual(['Grace Hopper', 'Tim Berners-Lee']);
      await check(teacher.page, 'groups-overview');
      await overview.getByRole('button', { name: T.groupAnswerOf('Ada Lovelace') }).click();
      await overview.getByText(T.groupCalling).waitFor({ state: 'detached' });
      // The focus stays in the group that called, on its Visit button.
      expect(
        await teacher.page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      ).toBe(T.groupVisitOf(2));
      await teacher.page.keyboard.press('Enter');
      await overview.getByText(T.groupVisiting(2)).waitFor();
      expect(teacher.errors).toEqual([]);
      await teacher.page.context().close();

      // A student in group 2: the countdown, the teacher's message, Call the teacher.
      const student = await preview(scene('groups-student'), options);
      const banner = within(student.page).getByRole('region', {
        name: T.groupName(2),
        exact: true,
      });
      await banner.waitFor();
      await banner.getByText('Five minutes left: write down your group’s answer.').waitFor();
      await check(student.page, 'groups-student');
      const call = banner.getByRole('button', { name: T.groupCallTeacher });
      expect(await call.getAttribute('aria-pressed')).toBe('false');
      await call.click();
      await banner.getByText(T.groupTeacherCalled).waitFor();
      expect(await call.getAttribute('aria-pressed')).toBe('true');
      expect(student.errors).toEqual([]);
      await student.page.context().close();

      // Students choose: Join puts them in the group, its banner has the focus.
      const chooser = await preview(scene('groups-choose'), options);
      const choices = within(chooser.page).getByRole('region', { name: T.groupsChooseTitle });
      await choices.waitFor();
      await check(chooser.page, 'groups-choose');
      await choices.getByRole('button', { name: T.groupJoinOf(3) }).click();
      const joined = within(chooser.page).getByRole('region', {
        name: T.groupName(3),
        exact: true,
      });
      await joined.waitFor();
      await expect
        .poll(() => chooser.page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toBe(T.groupName(3));
      expect(chooser.errors).toEqual([]);
    },
    // Two or three preview pages each (a cold dev server compiles them on demand): 18–32 s on a
    // quiet machine, over a minute beside the rest of the suite on 2 cores.
    120_000,
  );

  // Issue 28 §3: a poll from both sides, on a wide screen and on a phone (the bottom sheet).
  it.each([
    ['desktop', { viewport: { width: 1440, height: 900 } }],
    ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ] as const)(
    'runs a poll: the teacher’s form and live results, a student’s answer (%s)',
    async (size, options) => {
      const phone = size === 'phone';
      const scene = (key: string) => sceneQuery(key, phone);
      const within = (page: Page) => sceneRoot(page, phone);
      const smallTargets = (page: Page) =>
        within(page)
          .locator('.classroom-poll button, .classroom-poll__input, .classroom-poll__choice')
          .evaluateAll((els) =>
            els
              .map((el) => el.getBoundingClientRect())
              .filter((r) => r.width > 0 && (r.width < 44 || r.height < 44))
              .map((r) => `${r.width}x${r.height}`),
          );

      // The teacher: answers so far, by name, then close, show, and a new poll's form.
      const teacher = await preview(scene('poll-teacher'), options);
      const root = within(teacher.page);
      const results = root.getByRole('list', { name: T.pollResults });
      await results.waitFor();
      expect(await results.getByRole('listitem').count()).toBe(4);
      await root.getByText('Grace Hopper, Alan Turing').waitFor();
      expect(await tooWide(teacher.page)).toEqual([]);
      if (phone) expect(await smallTargets(teacher.page)).toEqual([]);
      expect(await seriousA11yViolations(teacher.page)).toEqual([]);
      await saveScreenshot(teacher.page, `classroom-poll-results-${size}`);

      await root.locator('[data-control="poll-close"]').click();
      await root.locator('[data-control="poll-show"]').click();
      await root.getByText(T.pollShown).waitFor();
      await root.getByRole('button', { name: T.pollNew }).click();
      const form = root.getByRole('form', { name: T.pollNewTitle });
      await form.waitFor();
      // The question has focus; the checks speak the protocol's words before anything is sent.
      expect(
        await form
          .getByLabel(T.pollQuestion, { exact: true })
          .evaluate((el) => el === document.activeElement),
      ).toBe(true);
      await form.getByRole('button', { name: T.pollStart }).click();
      await form.getByRole('alert').filter({ hasText: ClassPollText.questionEmpty }).waitFor();
      await form.getByLabel(T.pollQuestion, { exact: true }).fill('Ready for the quiz?');
      await form.getByRole('button', { name: T.pollAbcd }).click();
      expect(await form.getByLabel(T.pollAnswer(4), { exact: true }).inputValue()).toBe('D');
      await form.getByRole('button', { name: T.pollRemoveAnswer(4) }).click();
      expect(await tooWide(teacher.page)).toEqual([]);
      if (phone) expect(await smallTargets(teacher.page)).toEqual([]);
      expect(await seriousA11yViolations(teacher.page)).toEqual([]);
      await saveScreenshot(teacher.page, `classroom-poll-form-${size}`);
      await form.getByRole('button', { name: T.pollStart }).click();
      await form.waitFor({ state: 'detached' });
      await root.getByText('Ready for the quiz?').waitFor();
      expect(
        await root.getByRole('list', { name: T.pollResults }).getByRole('listitem').count(),
      ).toBe(3);
      expect(teacher.errors).toEqual([]);
      await teacher.page.context().close();

      // A student: radio answers, by keyboard too; their own answer is marked and can change.
      const student = await preview(scene('poll-student'), options);
      const answers = within(student.page).getByRole('group', {
        name: 'Which planet is the largest?',
      });
      await answers.getByRole('radio', { name: 'Mercury' }).focus();
      await student.page.keyboard.press('ArrowDown');
      await within(student.page)
        .locator('.classroom-poll__choice--chosen')
        .filter({ hasText: T.pollYourAnswer })
        .filter({ hasText: 'Venus' })
        .waitFor();
      await answers.getByRole('radio', { name: 'Jupiter' }).click();
      await within(student.page)
        .locator('.classroom-poll__choice--chosen')
        .filter({ hasText: T.pollYourAnswer })
        .filter({ hasText: 'Jupiter' })
        .waitFor();
      // The radio follows the answer the (fake) server took, a moment after the chosen mark.
      await expect
        .poll(() => answers.getByRole('radio', { name: 'Jupiter' }).isChecked())
        .toBe(true);
      expect(await tooWide(student.page)).toEqual([]);
      if (phone) expect(await smallTargets(student.page)).toEqual([]);
      expect(await seriousA11yViolations(student.page)).toEqual([]);
      await saveScreenshot(student.page, `classroom-poll-student-${size}`);
      expect(student.errors).toEqual([]);
    },
    // Two or three preview pages each (a cold dev server compiles them on demand): 18–32 s on a
    // quiet machine, over a minute beside the rest of the suite on 2 cores.
    120_000,
  );
});

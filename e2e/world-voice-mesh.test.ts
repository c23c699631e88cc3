// Issue 30 §2 without Janus, in Chromium: on an app with no media server (CLASSROOM_MEDIA=mesh)
// two people in the plaza connect their pages straight and each decodes the other's voice (the
// fake microphone's tone, getStats inbound audio bytes rising); the status says the voice goes
// between browsers; the teacher mutes the student and lets her speak again; the teacher reloads;
// the student's network drops and comes back, and they hear each other again. Who talks shows
// as the speaking ring, read from the pages' own audio levels.
import { mkdir } from 'node:fs/promises';
import { VoiceText } from '@atrium/protocol';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VoiceWebText } from '../apps/web/src/features/embed/voice/texts.ts';
import { MetaverseText } from '../apps/web/src/features/metaverse/popups/texts.ts';
import { startOwnApp, type OwnApp } from './support/app.ts';
import { openPage, useBrowser } from './support/browser.ts';
import { avatarOf, hears, micOn, streams, voice, type Person } from './support/voice.ts';
import { enterWorld, worldFrame } from './support/world.ts';

const SHOTS = '/tmp/shots/voice-mesh';

/** The speaking ring over `id` (someone else) in `p`'s world, or over `p`'s own avatar. */
const ringOf = (p: Person, id: string) =>
  p.frame.evaluate(
    (avatar) => window.__atriumTest?.().remotes.find((r) => r.id === avatar)?.speaking ?? false,
    id,
  );
const ownRing = (p: Person) =>
  p.frame.evaluate(() => window.__atriumTest?.().self.speaking ?? false);

const shoot = async (page: Page, name: string) => {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

describe('proximity voice without Janus (the mesh)', () => {
  const browser = useBrowser();
  let app: OwnApp;

  beforeAll(async () => {
    app = await startOwnApp({ CLASSROOM_MEDIA: 'mesh' });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  async function enter(role: string, options: BrowserContextOptions): Promise<Person> {
    const { page, errors } = await openPage(browser(), options);
    const frame = await enterWorld(page, role, app);
    await expect
      .poll(() => voice(frame).mode(), { timeout: 30_000, message: `${role}'s voice` })
      .toBe('mesh');
    const name = app.accounts.find((a) => a.role === role)?.username ?? role;
    return { name, page, frame, errors };
  }

  it('two people in the plaza hear each other straight, a teacher mutes one, and a network drop heals', async () => {
    const student = await enter('member', { viewport: { width: 1440, height: 900 } });
    const teacher = await enter('teacher', {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    // The world's own prompt (SPEC §9: fullscreen after 5 s on a phone) is answered first.
    const fullscreen = teacher.page.getByRole('dialog', { name: MetaverseText.fullscreen.title });
    await fullscreen.waitFor({ timeout: 15_000 });
    await fullscreen.getByRole('button', { name: MetaverseText.fullscreen.notNow }).click();
    // Nobody is heard yet: the status says how the voice goes.
    await student.frame.getByText(VoiceText.mesh).waitFor({ timeout: 20_000 });
    const studentSeen = await avatarOf(teacher, student);
    const teacherSeen = await avatarOf(student, teacher);

    await micOn(student);
    await micOn(teacher, true);
    await expect.poll(() => hears(student, teacherSeen), { timeout: 45_000 }).toBe(true);
    await expect.poll(() => hears(teacher, studentSeen), { timeout: 45_000 }).toBe(true);
    await student.frame.getByText(VoiceText.hearing(1)).waitFor({ timeout: 10_000 });
    // Who talks is read from each page's own connections: the fake microphones' tones ring the
    // other's avatar and one's own.
    await expect.poll(() => ringOf(student, teacherSeen), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => ownRing(student), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => ringOf(teacher, studentSeen), { timeout: 20_000 }).toBe(true);
    await shoot(student.page, 'mesh-1440x900');

    // The teacher mutes the student from her list: the student is told, and the teacher's page
    // stops playing her (in the mesh the pages obey; no SFU sits between them).
    await teacher.frame.getByRole('button', { name: VoiceWebText.voicesNear }).tap();
    await teacher.frame.getByRole('button', { name: VoiceWebText.muteName(student.name) }).tap();
    await student.frame.getByText(VoiceText.mutedByModerator).waitFor({ timeout: 30_000 });
    await expect.poll(() => streams(teacher), { timeout: 20_000 }).not.toContain(studentSeen);
    expect(await voice(student.frame).micOn()).toBe(false);
    // Nobody's ring shows over a muted voice, hers included.
    await expect.poll(() => ringOf(teacher, studentSeen), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => ownRing(student), { timeout: 10_000 }).toBe(false);
    await shoot(teacher.page, 'mesh-list-390x844');
    await teacher.frame
      .getByRole('button', { name: VoiceWebText.letSpeakName(student.name) })
      .tap();
    await teacher.frame.getByRole('button', { name: VoiceWebText.voicesNear }).tap();
    await micOn(student);
    await expect.poll(() => hears(teacher, studentSeen), { timeout: 45_000 }).toBe(true);

    // The teacher reloads her page: her voice starts again with the microphone off, and once she
    // turns it on the student hears her under her new avatar.
    await teacher.page.reload();
    teacher.frame = await worldFrame(teacher.page);
    await teacher.page
      .getByRole('button', { name: MetaverseText.tutorial.next })
      .tap({ timeout: 30_000 });
    await teacher.page.getByRole('button', { name: MetaverseText.tutorial.gotIt }).tap();
    await expect.poll(() => voice(teacher.frame).mode(), { timeout: 30_000 }).toBe('mesh');
    expect(await voice(teacher.frame).micOn()).toBe(false);
    const notNow = teacher.page.getByRole('button', { name: MetaverseText.fullscreen.notNow });
    await notNow.tap({ timeout: 15_000 });
    await micOn(teacher, true);
    // The old avatar leaves the student's world; the new one arrives.
    let teacherAgain = teacherSeen;
    await expect
      .poll(async () => (teacherAgain = await avatarOf(student, teacher)), { timeout: 30_000 })
      .not.toBe(teacherSeen);
    await expect.poll(() => hears(student, teacherAgain), { timeout: 45_000 }).toBe(true);

    // The student's network drops and comes back: her page joins again and both hear each other.
    await student.page.context().setOffline(true);
    await student.page.waitForTimeout(4000);
    await student.page.context().setOffline(false);
    let state = '';
    await expect
      .poll(
        async () => {
          try {
            student.frame = await worldFrame(student.page);
            if ((await voice(student.frame).mode()) !== 'mesh') return 'not joined';
            if (!(await voice(student.frame).micOn())) {
              const on = student.frame.getByRole('button', { name: VoiceText.turnMicOn });
              if (await on.isVisible()) await on.click();
            }
            const remotes = await student.frame.evaluate(
              () => window.__atriumTest?.().remotes ?? [],
            );
            const seen = remotes.find((r) => r.label.includes(teacher.name))?.id ?? '';
            const heard = await teacher.frame.evaluate(() => window.__atriumTest?.().remotes ?? []);
            const studentNow = heard.find((r) => r.label.includes(student.name))?.id ?? '';
            state = `sees ${seen}, teacher sees ${studentNow}`;
            if (!seen || !studentNow) return state;
            return (await hears(student, seen)) && (await hears(teacher, studentNow))
              ? true
              : state;
          } catch (err) {
            return `${state} (${String(err).slice(0, 80)})`;
          }
        },
        { timeout: 90_000, interval: 1000 },
      )
      .toBe(true);
    await shoot(student.page, 'mesh-back-1440x900');
    expect(teacher.errors.filter((e) => !e.includes('favicon'))).toEqual([]);
  }, 300_000);
});

// Issue 30 §2 in Chromium: three people in the campus with the fake microphone (a tone). The
// server chooses whose voice reaches whom; each page's receiving connection shows it (getStats
// inbound audio bytes rising per avatar). A and B stand together, C far away; C walks over; A and
// B sit at the table (a private area); C's network drops and comes back.
import { mkdir } from 'node:fs/promises';
import { VoiceText } from '@atrium/protocol';
import type { BrowserContextOptions, Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, saveScreenshot, useBrowser } from './support/browser.ts';
import { demoAccount, enterWorld, walkTo } from './support/world.ts';

const SHOTS = '/tmp/shots/voice';

interface VoiceDebug {
  inbound(): Promise<Record<string, { bytes: number; packets: number }>>;
  micOn(): boolean;
  mode(): string | null;
  streams(): string[];
}

interface Person {
  name: string;
  page: Page;
  frame: Frame;
  errors: string[];
}

type VoiceWindow = Window & { __atriumVoice?: { debug: VoiceDebug } };

/** What the world page's voice reports through its test hook. */
const voice = (frame: Frame) => ({
  mode: () => frame.evaluate(() => (window as VoiceWindow).__atriumVoice?.debug.mode() ?? null),
  micOn: () => frame.evaluate(() => (window as VoiceWindow).__atriumVoice?.debug.micOn() ?? false),
  streams: () => frame.evaluate(() => (window as VoiceWindow).__atriumVoice?.debug.streams() ?? []),
  inbound: () =>
    frame.evaluate(
      async () => (await (window as VoiceWindow).__atriumVoice?.debug.inbound()) ?? {},
    ),
});

/** The avatar id under which `viewer` sees `other` (by the name tag). */
async function avatarOf(viewer: Person, other: Person): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const remotes = await viewer.frame.evaluate(() => window.__atriumTest?.().remotes ?? []);
        id = remotes.find((r) => r.label.includes(other.name))?.id;
        return id;
      },
      { timeout: 30_000, message: `${viewer.name} sees ${other.name}` },
    )
    .toBeTruthy();
  return id ?? '';
}

/** The avatar ids whose voices `p` receives now, sorted. */
const streams = async (p: Person) => [...(await voice(p.frame).streams())].sort();

/** True once `listener` decodes `speakerId`'s audio: its inbound bytes rise over a second. */
async function hears(listener: Person, speakerId: string): Promise<boolean> {
  const bytes = async () => (await voice(listener.frame).inbound())[speakerId]?.bytes ?? 0;
  const before = await bytes();
  await listener.page.waitForTimeout(1000);
  return (await bytes()) > before + 500;
}

async function enter(
  role: string,
  options: BrowserContextOptions,
  browser: ReturnType<ReturnType<typeof useBrowser>>,
): Promise<Person> {
  const { page, errors } = await openPage(browser, options);
  const frame = await enterWorld(page, role);
  await frame.waitForFunction(() => window.__atriumTest?.().self.label != null, undefined, {
    timeout: 30_000,
  });
  await expect
    .poll(() => voice(frame).mode(), { timeout: 30_000, message: `${role}'s voice` })
    .toBe('sfu');
  return { name: demoAccount(role).username, page, frame, errors };
}

async function micOn(p: Person, tap = false): Promise<void> {
  const button = p.frame.getByRole('button', { name: VoiceText.turnMicOn });
  if (tap) await button.tap();
  else await button.click();
  await expect.poll(() => voice(p.frame).micOn(), { timeout: 20_000 }).toBe(true);
  await p.frame.getByRole('button', { name: VoiceText.turnMicOff }).waitFor();
}

async function shoot(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, name);
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('proximity voice in the world', () => {
  const browser = useBrowser();

  it('A and B hear each other, far-away C hears neither until she walks over, the table keeps her out, and a network drop brings her back', async () => {
    const desktop = { viewport: { width: 1440, height: 900 } };
    const phone = {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    };
    // C first, on a phone: she walks into the classroom building, 22 m from the plaza.
    const c = await enter('admin', phone, browser());
    await walkTo(c.frame, 21, 0);
    const a = await enter('member', desktop, browser());
    const b = await enter('teacher', desktop, browser());
    const [aSeenByB, bSeenByA, aSeenByC, bSeenByC] = await Promise.all([
      avatarOf(b, a),
      avatarOf(a, b),
      avatarOf(c, a),
      avatarOf(c, b),
    ]);

    await micOn(a);
    await micOn(b);
    await micOn(c, true);
    await expect.poll(() => hears(a, bSeenByA), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => hears(b, aSeenByB), { timeout: 30_000 }).toBe(true);
    expect(await streams(c)).toEqual([]);
    await shoot(a.page, 'voice-near-1440x900');
    await shoot(c.page, 'voice-far-390x844');

    // C walks over to the plaza: she hears both.
    await walkTo(c.frame, 15, 0);
    await walkTo(c.frame, 4, 6);
    await expect.poll(() => streams(c), { timeout: 20_000 }).toEqual([aSeenByC, bSeenByC].sort());
    await expect.poll(() => hears(c, aSeenByC), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => hears(c, bSeenByC), { timeout: 30_000 }).toBe(true);

    // A and B sit at the table: C, 13 m away, receives nothing; A still hears B.
    await Promise.all([walkTo(a.frame, -10, 4.5), walkTo(b.frame, -9, 3.5)]);
    await expect.poll(() => streams(c), { timeout: 20_000 }).toEqual([]);
    await expect.poll(() => hears(a, bSeenByA), { timeout: 30_000 }).toBe(true);
    await a.frame.getByText(VoiceText.privateArea('Table')).waitFor({ timeout: 10_000 });
    await shoot(a.page, 'voice-table-1440x900');

    // They come back; C's network drops for a few seconds, and once it is back she hears them again.
    await Promise.all([walkTo(a.frame, 2, 6), walkTo(b.frame, 3, 7)]);
    await c.page.context().setOffline(true);
    await c.page.waitForTimeout(4000);
    await c.page.context().setOffline(false);
    await expect
      .poll(async () => (await voice(c.frame).streams()).length, { timeout: 45_000 })
      .toBe(2);
    const [aAgain, bAgain] = await Promise.all([avatarOf(c, a), avatarOf(c, b)]);
    await expect.poll(() => hears(c, aAgain), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => hears(c, bAgain), { timeout: 30_000 }).toBe(true);
    await shoot(c.page, 'voice-back-390x844');

    for (const p of [a, b]) {
      expect(p.errors.filter((e) => !e.includes('favicon'))).toEqual([]);
    }
  }, 300_000);
});

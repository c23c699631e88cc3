// The world's proximity voice as a test reads it (issue 30 §2): each page's voice reports its
// mode, microphone and received voices through its test hook (`?e2e=1`).
import { VoiceText } from '@atrium/protocol';
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';

interface VoiceDebug {
  inbound(): Promise<Record<string, { bytes: number; packets: number }>>;
  micOn(): boolean;
  mode(): string | null;
  streams(): string[];
  forceMic(): boolean;
}

export interface Person {
  name: string;
  page: Page;
  frame: Frame;
  errors: string[];
}

type VoiceWindow = Window & { __atriumVoice?: { debug: VoiceDebug } };

/** What the world page's voice reports through its test hook. */
export const voice = (frame: Frame) => ({
  mode: () => frame.evaluate(() => (window as VoiceWindow).__atriumVoice?.debug.mode() ?? null),
  micOn: () => frame.evaluate(() => (window as VoiceWindow).__atriumVoice?.debug.micOn() ?? false),
  streams: () => frame.evaluate(() => (window as VoiceWindow).__atriumVoice?.debug.streams() ?? []),
  forceMic: () =>
    frame.evaluate(() => (window as VoiceWindow).__atriumVoice?.debug.forceMic() ?? false),
  inbound: () =>
    frame.evaluate(
      async () => (await (window as VoiceWindow).__atriumVoice?.debug.inbound()) ?? {},
    ),
});

/** The avatar id under which `viewer` sees `other` (by the name tag). */
export async function avatarOf(viewer: Person, other: Person): Promise<string> {
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
export const streams = async (p: Person) => [...(await voice(p.frame).streams())].sort();

/** True once `listener` decodes `speakerId`'s audio: its inbound bytes rise over a second. */
export async function hears(listener: Person, speakerId: string): Promise<boolean> {
  const bytes = async () => (await voice(listener.frame).inbound())[speakerId]?.bytes ?? 0;
  const before = await bytes();
  await listener.page.waitForTimeout(1000);
  return (await bytes()) > before + 500;
}

export async function micOn(p: Person, tap = false): Promise<void> {
  const button = p.frame.getByRole('button', { name: VoiceText.turnMicOn });
  if (tap) await button.tap();
  else await button.click();
  await expect.poll(() => voice(p.frame).micOn(), { timeout: 20_000 }).toBe(true);
  await p.frame.getByRole('button', { name: VoiceText.turnMicOff }).waitFor();
}

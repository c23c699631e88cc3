// Issue 30 §2: whose voices each listener receives. Pure rules over positions, so that they are
// tested alone and every process computes the same for its own listeners.
import { VoiceConstants, voiceAreaAt } from '@atrium/protocol';
import type { VoiceArea } from '@atrium/protocol';

/** Someone in the world's voice, where they stand. */
export interface VoicePerson {
  /** The avatar id. */
  id: string;
  /** The account (or guest id): blocks are between accounts. */
  account: string;
  x: number;
  z: number;
}

/** A person whose voice is going out: published, microphone on. */
export interface VoiceSpeaker extends VoicePerson {
  /** A teacher or admin: heard by the whole instance on the stage or with the megaphone. */
  moderator: boolean;
  megaphone: boolean;
  /** Muted by a teacher: the SFU drops their packets, so no slot is spent on them. */
  muted: boolean;
}

export interface HearingOptions {
  areas: readonly VoiceArea[];
  range?: number;
  max?: number;
  /** The accounts the listener blocked or was blocked by. */
  blocked?: ReadonlySet<string>;
}

/** True when `speaker` is heard by everyone in the instance (stage or megaphone). */
export function isBroadcast(speaker: VoiceSpeaker, areas: readonly VoiceArea[]): boolean {
  if (!speaker.moderator) return false;
  return speaker.megaphone || voiceAreaAt(areas, speaker.x, speaker.z)?.kind === 'stage';
}

/** True when the speaker's voice goes out at all where they stand (not in a quiet zone). */
export function canBeHeard(speaker: VoiceSpeaker, areas: readonly VoiceArea[]): boolean {
  if (speaker.muted) return false;
  if (isBroadcast(speaker, areas)) return true;
  return voiceAreaAt(areas, speaker.x, speaker.z)?.kind !== 'quiet';
}

/**
 * The voices `listener` receives, best first and at most `max`: a broadcast (stage, megaphone)
 * before anyone, then the nearest within range. A private area hears only itself, both ways; a
 * quiet zone hears only broadcasts; people who blocked each other never hear each other.
 */
export function hearing(
  listener: VoicePerson,
  speakers: readonly VoiceSpeaker[],
  options: HearingOptions,
): string[] {
  const { areas, blocked } = options;
  const range = options.range ?? VoiceConstants.hearingRange;
  const max = options.max ?? VoiceConstants.maxStreams;
  const here = voiceAreaAt(areas, listener.x, listener.z);
  const heard: { id: string; rank: number }[] = [];
  for (const s of speakers) {
    if (s.id === listener.id || s.account === listener.account) continue;
    if (blocked?.has(s.account) || !canBeHeard(s, areas)) continue;
    if (isBroadcast(s, areas)) {
      heard.push({ id: s.id, rank: -1 });
      continue;
    }
    if (here?.kind === 'quiet') continue;
    const there = voiceAreaAt(areas, s.x, s.z);
    const sharedPrivate = here?.kind === 'private' && there?.id === here.id;
    if (here?.kind === 'private' || there?.kind === 'private') {
      // Inside the same private area, distance does not matter; across its edge nothing passes.
      if (sharedPrivate) heard.push({ id: s.id, rank: 0 });
      continue;
    }
    const d = Math.hypot(s.x - listener.x, s.z - listener.z);
    if (d <= range) heard.push({ id: s.id, rank: d });
  }
  heard.sort((a, b) => a.rank - b.rank || (a.id < b.id ? -1 : 1));
  return heard.slice(0, max).map((h) => h.id);
}

// Issue 30 §2: whose voices each listener receives. Pure rules over positions, so that they are
// tested alone and every process computes the same for its own listeners.
import { VoiceConstants, voiceAreaAt } from '@atrium/protocol';
import type { VoiceArea } from '@atrium/protocol';
import type { VoiceEntry } from './world.voice-directory.ts';

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

/** The people of `entries` who stand somewhere in `where`, as the rules take them. */
export function voicePeople(
  entries: readonly VoiceEntry[],
  where: ReadonlyMap<string, { x: number; z: number }>,
  muted: ReadonlySet<string>,
): VoiceSpeaker[] {
  return entries.flatMap((e) => {
    const at = where.get(e.id);
    if (!at) return [];
    const { id, account, moderator, megaphone } = e;
    return [{ id, account, x: at.x, z: at.z, moderator, megaphone, muted: muted.has(account) }];
  });
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
 * How well `listener` hears `speaker`, lower is better (-1 a broadcast, 0 a shared private area,
 * else the distance), or null when not at all: a private area hears only itself, both ways; a
 * quiet zone hears only broadcasts; people who blocked each other never hear each other.
 */
function rank(
  listener: VoicePerson,
  s: VoiceSpeaker,
  areas: readonly VoiceArea[],
  range: number,
  blocked: ReadonlySet<string> | undefined,
): number | null {
  if (s.id === listener.id || s.account === listener.account) return null;
  if (blocked?.has(s.account) || !canBeHeard(s, areas)) return null;
  if (isBroadcast(s, areas)) return -1;
  const here = voiceAreaAt(areas, listener.x, listener.z);
  if (here?.kind === 'quiet') return null;
  const there = voiceAreaAt(areas, s.x, s.z);
  if (here?.kind === 'private' || there?.kind === 'private') {
    // Inside the same private area, distance does not matter; across its edge nothing passes.
    return here?.kind === 'private' && there?.id === here.id ? 0 : null;
  }
  const d = Math.hypot(s.x - listener.x, s.z - listener.z);
  return d <= range ? d : null;
}

const best = (ranked: { id: string; rank: number }[], max: number) =>
  ranked
    .sort((a, b) => a.rank - b.rank || (a.id < b.id ? -1 : 1))
    .slice(0, max)
    .map((h) => h.id);

/** The voices `listener` receives, best first and at most `max` (see `rank`). */
export function hearing(
  listener: VoicePerson,
  speakers: readonly VoiceSpeaker[],
  options: HearingOptions,
): string[] {
  const range = options.range ?? VoiceConstants.hearingRange;
  const heard: { id: string; rank: number }[] = [];
  for (const s of speakers) {
    const r = rank(listener, s, options.areas, range, options.blocked);
    if (r !== null) heard.push({ id: s.id, rank: r });
  }
  return best(heard, options.max ?? VoiceConstants.maxStreams);
}

/**
 * Without Janus (the mesh): the people `person` would connect to straight, best first and at most
 * VoiceConstants.meshPeers: those who would hear them or whom they would hear, microphones aside
 * (a link is made before anyone speaks, so the first word is heard). A muted person still listens.
 */
export function meshWant(
  person: VoiceSpeaker,
  people: readonly VoiceSpeaker[],
  options: HearingOptions,
): string[] {
  const range = options.range ?? VoiceConstants.hearingRange;
  const live = (p: VoiceSpeaker) => ({ ...p, muted: false });
  const self = live(person);
  const ranked: { id: string; rank: number }[] = [];
  for (const other of people) {
    if (options.blocked?.has(other.account)) continue;
    const there = live(other);
    const ranks = [
      rank(self, there, options.areas, range, undefined),
      rank(there, self, options.areas, range, undefined),
    ].filter((r) => r !== null);
    if (ranks.length > 0) ranked.push({ id: other.id, rank: Math.min(...ranks) });
  }
  return best(ranked, options.max ?? VoiceConstants.meshPeers);
}

/**
 * The mesh's pairs for the people of `local`: a pair is made when each is among the other's
 * `meshWant`, so nobody has more than VoiceConstants.meshPeers links, and every process computes
 * the same pairs from the same positions. `blockedOf` gives a person's blocks where this process
 * knows them (its own listeners); blocks are mutual, so one side's list holds the pair's.
 */
export function meshLinks(
  local: readonly string[],
  people: readonly VoiceSpeaker[],
  areas: readonly VoiceArea[],
  blockedOf: (id: string) => ReadonlySet<string> | undefined,
): Map<string, string[]> {
  const byId = new Map(people.map((p) => [p.id, p]));
  const wants = new Map<string, string[]>();
  const want = (id: string): string[] => {
    let found = wants.get(id);
    if (!found) {
      const person = byId.get(id);
      found = person ? meshWant(person, people, { areas, blocked: blockedOf(id) }) : [];
      wants.set(id, found);
    }
    return found;
  };
  const links = new Map<string, string[]>();
  for (const id of local) {
    const person = byId.get(id);
    const blocked = blockedOf(id);
    links.set(
      id,
      want(id).filter((other) => {
        const them = byId.get(other);
        if (!person || !them || blocked?.has(them.account)) return false;
        return want(other).includes(id);
      }),
    );
  }
  return links;
}

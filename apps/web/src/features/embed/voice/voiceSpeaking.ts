// Issue 30 §2 without Janus: who is talking, read from this page's own connections. On Janus the
// server tells every page (`voice:speaking`, from the SFU's talking events); in the mesh no server
// sees the audio, so each page rings the voices it plays, and its own, from the audio levels its
// connections measure (RTP `audioLevel`, 0 to 1): the same hysteresis for every voice, so a
// ring neither flickers between words nor lingers after them.

/**
 * A voice starts talking at `on` and stops after `holdMs` under `off`; levels are read every
 * `everyMs`. 0.05 is about -26 dBov: speech at a normal distance from a laptop's microphone, well
 * over a quiet room's noise (0.001 to 0.01 in Chromium's stats).
 */
export const SPEAKING_LEVELS = { on: 0.05, off: 0.02, holdMs: 600, everyMs: 250 } as const;

export interface SpeakingDetector {
  /** Takes this reading of every voice's level: a voice left out is silent. */
  read(levels: ReadonlyMap<string, number>, now: number): void;
  /** Forgets every voice; those talking stop. */
  clear(): void;
}

export function createSpeakingDetector(
  onChange: (id: string, speaking: boolean) => void,
): SpeakingDetector {
  /** The voices talking now, with when they went quiet (null while loud). */
  const talking = new Map<string, number | null>();
  return {
    read(levels, now) {
      for (const [id, level] of levels) {
        if (level < SPEAKING_LEVELS.on || talking.has(id)) continue;
        talking.set(id, null);
        onChange(id, true);
      }
      for (const [id, quietSince] of talking) {
        const level = levels.get(id) ?? 0;
        if (level >= SPEAKING_LEVELS.off) talking.set(id, null);
        else if (quietSince === null) talking.set(id, now);
        else if (now - quietSince >= SPEAKING_LEVELS.holdMs) {
          talking.delete(id);
          onChange(id, false);
        }
      }
    },
    clear() {
      for (const id of talking.keys()) onChange(id, false);
      talking.clear();
    },
  };
}

import type { Emote } from '@atrium/protocol';

/** How long a one-shot emote plays. */
export const EMOTE_DURATION_MS = 2500;

/** Emotes that loop until the avatar moves or starts another emote. */
export const LOOPING_EMOTES: ReadonlySet<Emote> = new Set<Emote>(['dance']);

/** The emote an avatar is playing, or null. */
export type EmoteState = { readonly emote: Emote; readonly startedAtMs: number } | null;

/** Starts `emote` at `nowMs`, replacing whatever was playing. */
export const startEmote = (emote: Emote, nowMs: number): EmoteState => ({
  emote,
  startedAtMs: nowMs,
});

/** One emote step: moving cancels it; a one-shot ends after its duration. */
export const updateEmote = (state: EmoteState, nowMs: number, moving: boolean): EmoteState => {
  if (!state || moving) return null;
  if (LOOPING_EMOTES.has(state.emote)) return state;
  return nowMs - state.startedAtMs >= EMOTE_DURATION_MS ? null : state;
};

/** Playback position in [0, 1) for the animation; loops wrap every EMOTE_DURATION_MS. */
export const emotePhase = (state: Exclude<EmoteState, null>, nowMs: number): number =>
  ((((nowMs - state.startedAtMs) % EMOTE_DURATION_MS) + EMOTE_DURATION_MS) % EMOTE_DURATION_MS) /
  EMOTE_DURATION_MS;

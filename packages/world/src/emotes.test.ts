import { describe, expect, it } from 'vitest';
import { EMOTE_DURATION_MS, emotePhase, startEmote, updateEmote } from './emotes.ts';

describe('emotes', () => {
  it('ends a one-shot emote after its duration', () => {
    const e = startEmote('waving', 1000);
    expect(updateEmote(e, 1000 + EMOTE_DURATION_MS - 1, false)).toBe(e);
    expect(updateEmote(e, 1000 + EMOTE_DURATION_MS, false)).toBeNull();
  });

  it('loops dance until the avatar moves', () => {
    const e = startEmote('dance', 0);
    expect(updateEmote(e, 60_000, false)).toBe(e);
    expect(emotePhase(e!, EMOTE_DURATION_MS * 3 + 500)).toBeCloseTo(500 / EMOTE_DURATION_MS);
    expect(updateEmote(e, 60_001, true)).toBeNull();
  });

  it('cancels a one-shot when moving starts', () => {
    expect(updateEmote(startEmote('clapping', 0), 10, true)).toBeNull();
  });
});

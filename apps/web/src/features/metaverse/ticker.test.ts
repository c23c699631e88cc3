import { describe, expect, it } from 'vitest';
import { MetaverseText } from './popups/texts.ts';
import { nextPhraseIndex, TICKER_INTERVAL_MS } from './ticker.ts';
import { mulberry32 } from '@atrium/protocol/testing';

describe('loading ticker (SPEC §9)', () => {
  const count = MetaverseText.tickerPhrases.length;

  it('has six distinct phrases and moves on every 5000 ms', () => {
    expect(count).toBe(6);
    expect(new Set(MetaverseText.tickerPhrases).size).toBe(6);
    expect(TICKER_INTERVAL_MS).toBe(5000);
  });

  it('never repeats the current phrase and reaches every phrase', () => {
    for (const seed of [1, 42, 2026]) {
      const random = mulberry32(seed);
      const seen = new Set<number>();
      let current = nextPhraseIndex(-1, count, random);
      let repeats = 0;
      seen.add(current);
      for (let draw = 0; draw < 5000; draw += 1) {
        const next = nextPhraseIndex(current, count, random);
        if (next === current) repeats += 1;
        seen.add(next);
        current = next;
      }
      expect(repeats).toBe(0);
      expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    }
  });

  it('spreads draws evenly over the other phrases', () => {
    const random = mulberry32(7);
    const hits = new Array<number>(count).fill(0);
    for (let draw = 0; draw < 6000; draw += 1) hits[nextPhraseIndex(2, count, random)]! += 1;
    expect(hits[2]).toBe(0);
    for (const [i, n] of hits.entries()) if (i !== 2) expect(n).toBeGreaterThan(1000);
  });

  it('stays in range at the edges of the random source', () => {
    expect(nextPhraseIndex(0, count, () => 0)).toBe(1);
    expect(nextPhraseIndex(5, count, () => 0.9999999)).toBe(4);
    expect(nextPhraseIndex(4, count, () => 1)).toBe(5);
    expect(nextPhraseIndex(3, count, () => Number.NaN)).toBe(0);
    expect(nextPhraseIndex(-1, count, () => 0.9999999)).toBe(5);
    expect(nextPhraseIndex(99, count, () => 0)).toBe(0);
  });

  it('shows the only phrase when there is one', () => {
    expect(nextPhraseIndex(0, 1, Math.random)).toBe(0);
  });

  it('rejects counts that are not whole and positive', () => {
    for (const bad of [0, -3, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => nextPhraseIndex(0, bad, Math.random)).toThrow(RangeError);
    }
  });
});

import { useEffect, useState } from 'react';
import { MetaverseText } from './popups/texts.ts';

/** SPEC §9 "Home": the loading ticker moves on every 5000 ms. */
export const TICKER_INTERVAL_MS = 5000;

/**
 * The phrase to show after `current`, drawn from `count` phrases with `random` (0 ≤ r < 1) and
 * never `current` itself (SPEC §9: never repeating the current one). A `current` outside the range
 * (say -1, before the first draw) allows any phrase. With one phrase there is nothing else to show.
 */
export function nextPhraseIndex(current: number, count: number, random: () => number): number {
  if (!Number.isInteger(count) || count < 1) {
    throw new RangeError(`The ticker needs a whole number of phrases, got ${count}.`);
  }
  if (count === 1) return 0;
  const hasCurrent = Number.isInteger(current) && current >= 0 && current < count;
  const choices = hasCurrent ? count - 1 : count;
  // Clamp, so a source that returns exactly 1 (or NaN) still lands on a valid phrase.
  const r = Math.min(Math.max(random(), 0), 1 - Number.EPSILON) || 0;
  const pick = Math.floor(r * choices);
  // Skip over the current phrase: the draw is uniform among the others.
  return hasCurrent && pick >= current ? pick + 1 : pick;
}

/** The loading ticker's phrase, moving to a different one every 5000 ms while `active`. */
export function useLoadingTicker(active: boolean): string {
  const phrases = MetaverseText.tickerPhrases;
  const [index, setIndex] = useState(() => nextPhraseIndex(-1, phrases.length, Math.random));

  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      setIndex((current) => nextPhraseIndex(current, phrases.length, Math.random));
    }, TICKER_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [active, phrases.length]);

  return phrases[index] ?? phrases[0];
}

/** SPEC §9: the panel's timer ticks every 1000 ms. */
export const TIMER_TICK_MS = 1000;

const two = (n: number) => String(n).padStart(2, '0');

/** Elapsed time for the panel's header: `mm:ss` under an hour, then `h:mm:ss`. */
export function formatElapsed(ms: number): string {
  // A clock that moved backwards (or a join time in the future) reads as zero, never negative.
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

/** Up to two initials for a tile without video: "Ada Lovelace" → "AL", "grace" → "G". */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  const result = letters.map((word) => Array.from(word ?? '')[0]?.toUpperCase() ?? '').join('');
  return result || '?';
}

import { useSyncExternalStore } from 'react';

/** The "My Album" notification dot (SPEC §2): lit by a new screenshot, cleared by opening. */
let lit = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (lit === next) return;
  lit = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Lights the dot: a new photo arrived in the album. */
export function markAlbumUpdated(): void {
  set(true);
}

/** Clears the dot: the user opened the album. */
export function clearAlbumDot(): void {
  set(false);
}

/** Whether the dot is lit right now (outside React). */
export function isAlbumDotLit(): boolean {
  return lit;
}

/** Whether the dot is lit; re-renders when it changes. */
export function useAlbumDot(): boolean {
  return useSyncExternalStore(subscribe, isAlbumDotLit, () => false);
}

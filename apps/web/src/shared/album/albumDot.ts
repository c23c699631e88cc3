import { useSyncExternalStore } from 'react';
import { createStore } from '../../shared/store.ts';

/** The "My Album" notification dot (SPEC §2): lit by a new screenshot, cleared by opening. */
const dot = createStore(false);

/** Lights the dot: a new photo arrived in the album. */
export function markAlbumUpdated(): void {
  dot.set(true);
}

/** Clears the dot: the user opened the album. */
export function clearAlbumDot(): void {
  dot.set(false);
}

/** Whether the dot is lit right now (outside React). */
export function isAlbumDotLit(): boolean {
  return dot.get();
}

/** Whether the dot is lit; re-renders when it changes. */
export function useAlbumDot(): boolean {
  return useSyncExternalStore(dot.subscribe, dot.get, () => false);
}

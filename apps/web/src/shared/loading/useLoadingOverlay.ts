import { useSyncExternalStore } from 'react';
import { loadingOverlay } from './loadingOverlayStore.ts';

export interface LoadingOverlayControls {
  /** Shows or updates the overlay; the percentage is clamped to 0..100 and rounded. */
  show: (percent: number, label?: string) => void;
  hide: () => void;
}

const controls: LoadingOverlayControls = {
  show: loadingOverlay.show,
  hide: loadingOverlay.hide,
};

/** Controls of the app's full-page loading overlay (stable across renders). */
export function useLoadingOverlay(): LoadingOverlayControls {
  return controls;
}

/** Whether the loading overlay is shown; re-renders only when that changes. */
export function useLoadingOverlayVisible(): boolean {
  return useSyncExternalStore(loadingOverlay.subscribe, () => loadingOverlay.getSnapshot().visible);
}

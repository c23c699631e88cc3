import { useEffect, useRef, useSyncExternalStore } from 'react';
import { LoadingOverlay } from './LoadingOverlay.tsx';
import { loadingOverlay } from './loadingOverlayStore.ts';

/**
 * Renders the app's loading overlay while it is shown. It takes focus so keyboard users cannot
 * act on the page underneath, and gives it back to where it was when the overlay hides.
 */
export function LoadingOverlayHost() {
  const state = useSyncExternalStore(loadingOverlay.subscribe, loadingOverlay.getSnapshot);
  const overlayRef = useRef<HTMLDivElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);

  // Remember the focused element in the store's own callback: by the time an effect runs, the
  // page has gone inert and the browser has already moved focus to <body>.
  useEffect(() => {
    let wasVisible = loadingOverlay.getSnapshot().visible;
    return loadingOverlay.subscribe(() => {
      const { visible } = loadingOverlay.getSnapshot();
      if (visible && !wasVisible) {
        const active = document.activeElement;
        returnFocusRef.current = active instanceof HTMLElement ? active : null;
      }
      wasVisible = visible;
    });
  }, []);

  useEffect(() => {
    if (state.visible) {
      overlayRef.current?.focus();
      return;
    }
    const target = returnFocusRef.current;
    returnFocusRef.current = null;
    if (target?.isConnected) target.focus();
  }, [state.visible]);

  if (!state.visible) return null;
  return <LoadingOverlay ref={overlayRef} percent={state.percent} label={state.label} />;
}

import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

const getWidth = () => window.innerWidth;
const getHeight = () => window.innerHeight;

/** The window's inner size, updated on resize. */
export function useWindowSize(): { width: number; height: number } {
  const width = useSyncExternalStore(subscribe, getWidth, () => 1280);
  const height = useSyncExternalStore(subscribe, getHeight, () => 800);
  return { width, height };
}

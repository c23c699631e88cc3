import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; follows changes (rotation, resizing). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', listener);
      return () => list?.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

/** Phones: the panel becomes a bottom sheet. */
export const PHONE_QUERY = '(max-width: 640px)';

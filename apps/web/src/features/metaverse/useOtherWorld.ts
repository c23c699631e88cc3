import { AppRoute } from '@atrium/protocol';
import { useCallback, useEffect, useState, type RefObject } from 'react';

/** SPEC §9: closing the other world's window restarts the stream after 10000 ms. */
export const OTHER_WORLD_DELAY_MS = 10_000;
/** Where the other world is kept for this tab (SPEC §4: "stored in session data"). */
export const OTHER_WORLD_KEY = 'atrium_other_world';

export interface OtherWorld {
  key: string;
  window: Window | null;
  /** Seconds until the campus reopens, once the other window closed. */
  returningIn: number | null;
}

/**
 * SPEC §4's other world: the campus stream stops while another world's window is open, and
 * starts again 10000 ms after that window closes (or at once with "Return now"). `openOtherWorldRef`
 * is set to what the world's `other_world` message does.
 */
export function useOtherWorld(
  start: () => void,
  stop: () => void,
  openOtherWorldRef: RefObject<(key: string) => void>,
) {
  const [otherWorld, setOtherWorld] = useState<OtherWorld | null>(null);

  useEffect(() => {
    openOtherWorldRef.current = (key: string) => {
      if (otherWorld) return;
      sessionStorage.setItem(OTHER_WORLD_KEY, key);
      stop();
      const url = `${AppRoute.metaverse}?world=${encodeURIComponent(key)}`;
      const opened = window.open(url, '_blank');
      setOtherWorld({ key, window: opened, returningIn: null });
    };
  }, [otherWorld, stop, openOtherWorldRef]);

  // While the other world is open, watch for its window closing; then restart after 10000 ms.
  useEffect(() => {
    if (!otherWorld?.window || otherWorld.returningIn !== null) return;
    const watch = window.setInterval(() => {
      if (!otherWorld.window?.closed) return;
      window.clearInterval(watch);
      setOtherWorld((o) => (o ? { ...o, returningIn: OTHER_WORLD_DELAY_MS / 1000 } : o));
    }, 500);
    return () => window.clearInterval(watch);
  }, [otherWorld]);

  const returnFromOtherWorld = useCallback(() => {
    sessionStorage.removeItem(OTHER_WORLD_KEY);
    setOtherWorld(null);
    start();
  }, [start]);

  useEffect(() => {
    const seconds = otherWorld?.returningIn;
    if (seconds == null) return;
    const tick = window.setTimeout(() => {
      if (seconds <= 1) returnFromOtherWorld();
      else setOtherWorld((o) => (o ? { ...o, returningIn: seconds - 1 } : o));
    }, 1000);
    return () => window.clearTimeout(tick);
  }, [otherWorld, returnFromOtherWorld]);

  return { otherWorld, returnFromOtherWorld };
}

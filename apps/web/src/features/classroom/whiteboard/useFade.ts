import { useEffect, useState } from 'react';

/**
 * Keeps something mounted while it fades out: `mounted` follows `open` at once when opening and
 * `ms` later when closing; `shown` turns on a frame after mounting, so the CSS transition runs.
 */
export function useFade(open: boolean, ms: number): { mounted: boolean; shown: boolean } {
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
  if (open && !mounted) setMounted(true);
  useEffect(() => {
    if (open) {
      // Two frames: the first paints the hidden state, the second starts the transition.
      let inner = 0;
      const outer = requestAnimationFrame(() => {
        inner = requestAnimationFrame(() => setShown(true));
      });
      return () => {
        cancelAnimationFrame(outer);
        cancelAnimationFrame(inner);
      };
    }
    const timer = setTimeout(() => {
      setMounted(false);
      setShown(false);
    }, ms);
    return () => clearTimeout(timer);
  }, [open, ms]);
  return { mounted: mounted || open, shown: open && shown };
}

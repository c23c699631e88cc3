import { useEffect, useState } from 'react';

/**
 * Keeps something mounted while it fades out: `mounted` follows `open` at once when opening and
 * `ms` later when closing; `shown` turns on the frame after mounting, so the CSS transition runs.
 */
export function useFade(open: boolean, ms: number): { mounted: boolean; shown: boolean } {
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (open) {
      setMounted(true);
      const frame = requestAnimationFrame(() => requestAnimationFrame(() => setShown(true)));
      return () => cancelAnimationFrame(frame);
    }
    setShown(false);
    const timer = setTimeout(() => setMounted(false), ms);
    return () => clearTimeout(timer);
  }, [open, ms]);
  return { mounted: mounted || open, shown: open && shown };
}

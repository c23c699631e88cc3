import { useEffect, useState } from 'react';
import { formatElapsed, TIMER_TICK_MS } from './format.ts';

/** The time since `since` (a Date.now() value), refreshed every 1000 ms; empty when null. */
export function useElapsed(since: number | null, now: () => number = Date.now): string {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (since === null) return;
    const timer = window.setInterval(() => setTick((t) => t + 1), TIMER_TICK_MS);
    return () => window.clearInterval(timer);
  }, [since]);
  return since === null ? '' : formatElapsed(now() - since);
}

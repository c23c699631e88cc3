import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';

export type Loaded<T> =
  { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; data: T };

/**
 * Loads a list and reloads it when `version` changes (a live event) or `reload()` is called;
 * a reload keeps the old list on screen until the new one is in.
 */
export function useLoad<T>(load: () => Promise<T>, version: number) {
  const [state, setState] = useState<Loaded<T>>({ phase: 'loading' });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setState({ phase: 'ready', data }),
      (error: unknown) => current && setState({ phase: 'error', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [load, version, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { state, reload };
}

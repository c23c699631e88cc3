import { useEffect, useRef, type RefObject } from 'react';

/**
 * Where focus goes once a removed row has left the list: its Actions button went with it, and the
 * confirmation hands focus back to that button only while it is still on the page. Call the
 * returned function with the row's key when the removal is confirmed; when the list no longer
 * holds that key, `target` gets the focus.
 */
export function useFocusAfterRemoval<K>(
  keys: readonly K[],
  target: RefObject<HTMLElement | null>,
): (key: K) => void {
  const pending = useRef<{ key: K } | null>(null);
  useEffect(() => {
    if (pending.current && !keys.includes(pending.current.key)) {
      pending.current = null;
      target.current?.focus();
    }
  }, [keys, target]);
  return (key) => {
    pending.current = { key };
  };
}

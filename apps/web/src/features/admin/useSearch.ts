import { useEffect, useState } from 'react';

/** How long a search box waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, once it has stayed the same for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * A search box's text and the search it settles on (~300 ms after the last key; a blank one is
 * none). `onNewSearch` runs when the settled search changes: a new search starts on page 1.
 */
export function useSearch(onNewSearch: () => void) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim()) || undefined;
  const [searched, setSearched] = useState(q);
  if (searched !== q) {
    setSearched(q);
    onNewSearch();
  }
  return { text, setText, q };
}

/** A value held outside React: code anywhere sets it, components read it with `useStore`. */
export interface Store<T> {
  /** The value now; stable between changes, as `useSyncExternalStore` needs. */
  get: () => T;
  /** Replaces the value; listeners hear of it unless it equals the current one. */
  set: (next: T) => void;
  /** Replaces the value with one computed from the current one. */
  update: (change: (current: T) => T) => void;
  /** Calls `listener` after every change; returns the removal. */
  subscribe: (listener: () => void) => () => void;
  /** Removes every listener (the store's owner is going away). */
  clear: () => void;
}

/**
 * A small external store for `useSyncExternalStore(store.subscribe, store.get)`. `equals` decides
 * what counts as a change (`Object.is` by default, so a new object always notifies).
 */
export function createStore<T>(initial: T, equals: (a: T, b: T) => boolean = Object.is): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const set = (next: T) => {
    if (equals(value, next)) return;
    value = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => value,
    set,
    update: (change) => set(change(value)),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    clear: () => listeners.clear(),
  };
}

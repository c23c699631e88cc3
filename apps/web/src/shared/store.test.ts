import { describe, expect, it, vi } from 'vitest';
import { createStore } from './store.ts';

describe('createStore', () => {
  it('holds a value and tells its listeners when it changes', () => {
    const store = createStore(1);
    const listener = vi.fn(() => store.get());
    store.subscribe(listener);
    store.set(2);
    store.update((n) => n + 1);
    expect(store.get()).toBe(3);
    expect(listener).toHaveBeenCalledTimes(2);
    // Listeners read the new value.
    expect(listener.mock.results.map((r) => r.value as number)).toEqual([2, 3]);
  });

  it('stays quiet when the value does not change', () => {
    const store = createStore('a');
    const listener = vi.fn();
    store.subscribe(listener);
    store.set('a');
    store.update((s) => s);
    expect(listener).not.toHaveBeenCalled();
  });

  it('compares with the given equality', () => {
    const store = createStore({ x: 1, label: 'a' }, (a, b) => a.x === b.x);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({ x: 1, label: 'b' });
    expect(listener).not.toHaveBeenCalled();
    expect(store.get().label).toBe('a');
    store.set({ x: 2, label: 'b' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('notifies for a new object by default, and keeps the snapshot stable between changes', () => {
    const store = createStore({ n: 1 });
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.get()).toBe(store.get());
    store.update((s) => ({ ...s }));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stops calling a listener once removed, and clear removes them all', () => {
    const store = createStore(0);
    const a = vi.fn();
    const b = vi.fn();
    const removeA = store.subscribe(a);
    store.subscribe(b);
    removeA();
    store.set(1);
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledTimes(1);
    store.clear();
    store.set(2);
    expect(b).toHaveBeenCalledTimes(1);
  });
});

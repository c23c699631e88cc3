import { describe, expect, it, vi } from 'vitest';
import { ShellText } from '../texts.ts';
import { createLoadingOverlayStore } from './loadingOverlayStore.ts';

describe('loading overlay store', () => {
  it('starts hidden with the default label', () => {
    const store = createLoadingOverlayStore();
    expect(store.getSnapshot()).toEqual({
      visible: false,
      percent: 0,
      label: 'Loading... Please wait.',
    });
  });

  it('shows a clamped, rounded percentage with the default label', () => {
    const store = createLoadingOverlayStore();
    store.show(37.6);
    expect(store.getSnapshot()).toEqual({
      visible: true,
      percent: 38,
      label: ShellText.loadingDefault,
    });
    store.show(140);
    expect(store.getSnapshot().percent).toBe(100);
    store.show(Number.NaN);
    expect(store.getSnapshot().percent).toBe(0);
  });

  it('keeps a custom label across progress updates until hidden', () => {
    const store = createLoadingOverlayStore();
    store.show(10, 'Building the campus');
    store.show(20);
    expect(store.getSnapshot().label).toBe('Building the campus');
    store.hide();
    store.show(5);
    expect(store.getSnapshot().label).toBe(ShellText.loadingDefault);
  });

  it('notifies subscribers only when something changed', () => {
    const store = createLoadingOverlayStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.show(10);
    store.show(10.2);
    expect(listener).toHaveBeenCalledTimes(1);
    store.hide();
    store.hide();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.show(50);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

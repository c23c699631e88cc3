import { createStore } from '../store.ts';
import { ShellText } from '../texts.ts';
import { clampPercent } from './clampPercent.ts';

export interface LoadingOverlayState {
  readonly visible: boolean;
  /** Whole percent, 0..100. */
  readonly percent: number;
  readonly label: string;
}

export interface LoadingOverlayStore {
  getSnapshot: () => LoadingOverlayState;
  subscribe: (listener: () => void) => () => void;
  /**
   * Shows the overlay (or updates it while shown). Without a label, a visible overlay keeps its
   * label, so progress updates need not repeat it; a hidden one starts with the default label.
   */
  show: (percent: number, label?: string) => void;
  hide: () => void;
}

const hiddenState: LoadingOverlayState = {
  visible: false,
  percent: 0,
  label: ShellText.loadingDefault,
};

/** A tiny external store, so code outside React (the world loader) can drive the overlay too. */
export function createLoadingOverlayStore(): LoadingOverlayStore {
  const store = createStore<LoadingOverlayState>(
    hiddenState,
    (a, b) => a.visible === b.visible && a.percent === b.percent && a.label === b.label,
  );

  return {
    getSnapshot: store.get,
    subscribe: store.subscribe,
    show(percent, label) {
      store.update((state) => ({
        visible: true,
        percent: clampPercent(percent),
        label: label ?? (state.visible ? state.label : ShellText.loadingDefault),
      }));
    },
    hide() {
      store.set(hiddenState);
    },
  };
}

/** The app's one loading overlay. */
export const loadingOverlay = createLoadingOverlayStore();

import {
  useCallback,
  useId,
  useLayoutEffect,
  useSyncExternalStore,
  type CSSProperties,
  type RefCallback,
} from 'react';
import { createStore } from '../store.ts';

/**
 * The floating windows' layer (the classroom window, the whiteboard, the pushed page, the second
 * chat): above the page and its fixed bars (below 1000), far below the popups (SPEC §9: 100002)
 * and dialogs (100003 and up), so a question asked during class still covers every window.
 */
export const WINDOW_LAYER_Z = 1000;

/** The open windows' ids, bottom first. */
const stack = createStore<readonly string[]>([]);
/** Each open window's element, to tell which one holds the focused frame. */
const roots = new Map<string, HTMLElement>();

const without = (ids: readonly string[], id: string) => ids.filter((i) => i !== id);
const putOnTop = (id: string) => stack.update((ids) => [...without(ids, id), id]);
const takeOut = (id: string) => stack.update((ids) => without(ids, id));
/** Brings an open window to the top; a closed one (still fading out) stays out of the order. */
const bringForward = (id: string) =>
  stack.update((ids) => (ids.includes(id) && ids.at(-1) !== id ? [...without(ids, id), id] : ids));

/**
 * A click inside a frame (another document) reaches none of our handlers: the page only loses
 * focus to the frame. The window holding the focused frame then comes forward.
 */
function handleWindowBlur() {
  // The frame is the active element once the blur is over.
  setTimeout(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLIFrameElement)) return;
    for (const [id, root] of roots) if (root.contains(active)) bringForward(id);
  });
}

function track(id: string, element: HTMLElement) {
  if (roots.size === 0) window.addEventListener('blur', handleWindowBlur);
  roots.set(id, element);
}

function untrack(id: string) {
  if (roots.delete(id) && roots.size === 0) window.removeEventListener('blur', handleWindowBlur);
}

export interface WindowStacking {
  ref: RefCallback<HTMLElement>;
  style: CSSProperties;
  onPointerDownCapture: () => void;
  onFocusCapture: () => void;
}

/**
 * One stacking order for the floating windows: the one opened, clicked or focused last is on
 * top. Spread the answer on the window's outermost fixed element (its layer). `isOpen` false
 * takes the window out of the order (a window that stays mounted while closed); each change of
 * `opening` counts as opening it again (a new page pushed into an open window).
 */
export function useWindowStack(isOpen = true, opening?: unknown): WindowStacking {
  const id = useId();
  const ids = useSyncExternalStore(stack.subscribe, stack.get, stack.get);
  // Before the first paint, so a new window never shows a frame underneath the others.
  useLayoutEffect(() => {
    if (!isOpen) return;
    putOnTop(id);
    return () => takeOut(id);
  }, [id, isOpen, opening]);
  const ref = useCallback(
    (element: HTMLElement | null) => {
      if (element) track(id, element);
      else untrack(id);
    },
    [id],
  );
  const bringToFront = useCallback(() => bringForward(id), [id]);
  return {
    ref,
    style: { zIndex: WINDOW_LAYER_Z + Math.max(0, ids.indexOf(id)) },
    onPointerDownCapture: bringToFront,
    onFocusCapture: bringToFront,
  };
}

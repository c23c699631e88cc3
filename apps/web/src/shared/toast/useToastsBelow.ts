import { useEffect, type RefObject } from 'react';

/**
 * On a group of controls whose list drops below them (the folded navigation, the world's menu),
 * set while the list is open: toasts keep clear of the whole group while focus is in it.
 */
export const TOAST_CLEAR_ATTRIBUTE = 'data-toast-clear';

/** The CSS variable the toaster reads for the height of the bar it must stay below. */
export const TOAST_ANCHOR_VARIABLE = '--toast-anchor-height';

/**
 * Keeps toasts below the given bar (the sticky top navigation): toasts sit top-centre (SPEC §8),
 * and there they used to cover My Album. The bar wraps on phones, so its height is measured.
 */
export function useToastsBelow(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      root.style.setProperty(TOAST_ANCHOR_VARIABLE, `${element.getBoundingClientRect().height}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(TOAST_ANCHOR_VARIABLE);
    };
  }, [ref]);
}

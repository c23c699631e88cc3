import { useEffect, type RefObject } from 'react';
import { TOAST_CLEAR_ATTRIBUTE } from './useToastsBelow.ts';

/** The CSS variable the toaster reads for the bottom of a focused control it must stay below. */
export const TOAST_FOCUS_VARIABLE = '--toast-focus-bottom';

/** The box around an element and everything shown inside it (a dropped list included). */
function areaOf(element: HTMLElement): DOMRect {
  const boxes = [element, ...element.querySelectorAll('*')]
    .map((e) => e.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
  if (boxes.length === 0) return element.getBoundingClientRect();
  const left = Math.min(...boxes.map((r) => r.left));
  const top = Math.min(...boxes.map((r) => r.top));
  const right = Math.max(...boxes.map((r) => r.right));
  const bottom = Math.max(...boxes.map((r) => r.bottom));
  return new DOMRect(left, top, right - left, bottom - top);
}

/**
 * On a control toasts must never cover, focused or not (the world's folded "Menu" on a narrow
 * window sits where the toasts do: a toast over it paused under the pointer and hid it for good).
 */
export const TOAST_KEEP_CLEAR_ATTRIBUTE = 'data-toast-keep-clear';

/** The gap the toaster keeps from what it stays below (SonnerToaster's offset). */
const TOAST_GAP = 12;

/** Focus larger than this share of the window (the world's frame, a page) is not a control. */
const LARGEST_CONTROL = 0.4;

/**
 * Toasts and keyboard focus (issue 27, WCAG 2.1.2 and 2.4.11):
 *
 * - Sonner hands focus back to where it came from whenever focus leaves its toasts. With the
 *   toaster last on the page, Tab from a toast's Close went back to the control before it, so Tab
 *   looped between the toast, its Close and that control. The toaster is told focus came from
 *   nowhere, so Tab passes through; only when a toast closes under the focus does focus go back.
 * - A toast never covers the focused control (nor the list it dropped): while one would, the
 *   toasts sit below it.
 */
export function useToastFocus(toaster: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const section = toaster.current;
    if (!section) return;
    const root = document.documentElement;
    let cameFrom: HTMLElement | null = null;

    const onFocusIn = (event: FocusEvent) => {
      const from = event.relatedTarget;
      if (from instanceof Node && section.contains(from)) return;
      cameFrom = from instanceof HTMLElement ? from : null;
      // Sonner reads this (through React's event) to know where to send focus back.
      Object.defineProperty(event, 'relatedTarget', { value: null });
    };
    const onFocusOut = (event: FocusEvent) => {
      const to = event.relatedTarget;
      if (to instanceof Node && !section.contains(to)) cameFrom = null;
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!section.contains(event.target as Node)) cameFrom = null;
    };

    const clearOfFocus = () => {
      const focused = document.activeElement;
      const toasts = [...section.querySelectorAll('[data-sonner-toast]')];
      if (toasts.length === 0) {
        root.style.removeProperty(TOAST_FOCUS_VARIABLE);
        return;
      }
      // What the toasts keep clear of: the focused control (or its group), unless it is as large
      // as a page, and the controls that are always kept clear.
      const controls: DOMRect[] = [];
      if (focused instanceof HTMLElement && !section.contains(focused)) {
        const large =
          focused.getBoundingClientRect().height >= window.innerHeight * LARGEST_CONTROL;
        const group = focused.closest<HTMLElement>(`[${TOAST_CLEAR_ATTRIBUTE}]`) ?? focused;
        if (!large) controls.push(areaOf(group));
      }
      for (const kept of document.querySelectorAll<HTMLElement>(
        `[${TOAST_KEEP_CLEAR_ATTRIBUTE}]`,
      )) {
        const box = kept.getBoundingClientRect();
        if (box.width > 0 && box.height > 0) controls.push(box);
      }
      const anchor = parseFloat(getComputedStyle(root).getPropertyValue('--toast-anchor-height'));
      const top = (Number.isNaN(anchor) ? 0 : anchor) + TOAST_GAP;
      // Where the toasts stand when nothing pushes them: below the anchor, as wide as they are.
      const rects = toasts.map((t) => t.getBoundingClientRect());
      const height = Math.max(...rects.map((r) => r.height));
      const left = Math.min(...rects.map((r) => r.left));
      const right = Math.max(...rects.map((r) => r.right));
      const below = controls
        .filter(
          (control) =>
            control.top < top + height &&
            control.bottom > top &&
            control.left < right &&
            control.right > left &&
            control.bottom + TOAST_GAP + height < window.innerHeight,
        )
        .map((control) => control.bottom);
      if (below.length > 0) root.style.setProperty(TOAST_FOCUS_VARIABLE, `${Math.max(...below)}px`);
      else root.style.removeProperty(TOAST_FOCUS_VARIABLE);
    };

    // A toast that closed under the focus hands it back to where it came from.
    const onToastsChanged = () => {
      if (cameFrom?.isConnected && !section.contains(document.activeElement)) {
        if (document.activeElement === document.body || document.activeElement === null) {
          cameFrom.focus({ preventScroll: true });
        }
        cameFrom = null;
      }
      clearOfFocus();
    };

    section.addEventListener('focusin', onFocusIn);
    section.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', clearOfFocus);
    window.addEventListener('resize', clearOfFocus);
    // After a resize the toasts slide to their new place: measured again once they are there.
    section.addEventListener('transitionend', clearOfFocus);
    window.addEventListener('scroll', clearOfFocus, { capture: true, passive: true });
    const observer = new MutationObserver(onToastsChanged);
    observer.observe(section, { childList: true, subtree: true });
    // A list dropping open under the focused toggle.
    const lists = new MutationObserver(clearOfFocus);
    lists.observe(document.body, {
      subtree: true,
      attributes: true,
      attributeFilter: [TOAST_CLEAR_ATTRIBUTE],
    });
    return () => {
      section.removeEventListener('focusin', onFocusIn);
      section.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', clearOfFocus);
      window.removeEventListener('resize', clearOfFocus);
      section.removeEventListener('transitionend', clearOfFocus);
      window.removeEventListener('scroll', clearOfFocus, { capture: true });
      observer.disconnect();
      lists.disconnect();
      root.style.removeProperty(TOAST_FOCUS_VARIABLE);
    };
  }, [toaster]);
}

import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** The site navigation the world sits under (TopNav's root). */
const NAV_SELECTOR = '.top-nav';

/** Gives keyboard focus to the world in the host's embed frame (its canvas where we may reach it). */
export function focusWorldFrame(host: HTMLElement | null): void {
  const frame = host?.querySelector('iframe');
  if (!frame) return;
  try {
    const canvas = frame.contentDocument?.querySelector('canvas');
    if (canvas) {
      canvas.focus({ preventScroll: true });
      return;
    }
  } catch {
    // A world on another origin: focusing its frame is all we may do.
  }
  frame.focus({ preventScroll: true });
}

/**
 * Presses or releases a key in the world's frame, as the keyboard would: the page's on-screen
 * controls use the world's own keys (the arrow keys turn the view).
 */
export function pressWorldKey(host: HTMLElement | null, code: string, down: boolean): void {
  try {
    const world = host?.querySelector('iframe')?.contentDocument;
    const target = world?.querySelector('canvas') ?? world?.body;
    target?.dispatchEvent(
      new KeyboardEvent(down ? 'keydown' : 'keyup', { code, key: code, bubbles: true }),
    );
  } catch {
    // A world on another origin takes no keys from the page.
  }
}

/**
 * Keeps the world filling the window below the navigation (as `--world-top` on the host), and
 * hands the keys back to the world as soon as one of its popups closes, so the next key press
 * moves the avatar instead of going to the page.
 */
export function useWorldFocus(host: RefObject<HTMLElement | null>, popupOpen: boolean): void {
  useLayoutEffect(() => {
    const nav = document.querySelector<HTMLElement>(NAV_SELECTOR);
    const element = host.current;
    if (!nav || !element) return;
    const measure = () => element.style.setProperty('--world-top', `${nav.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(nav);
    return () => observer.disconnect();
  }, [host]);

  const wasOpen = useRef(popupOpen);
  useEffect(() => {
    // Runs after the dialog has let go of its focus trap (child effects run first).
    if (wasOpen.current && !popupOpen) focusWorldFrame(host.current);
    wasOpen.current = popupOpen;
  }, [popupOpen, host]);
}

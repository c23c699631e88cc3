import { useEffect, type RefObject } from 'react';

/**
 * Sets `--mobile-stage-top` on the page: how far down the document the world's stage starts
 * (below the navigation and the world's toolbar, whose heights change as they wrap), so the CSS
 * can make the stage end at the bottom of the screen instead of below it.
 */
export function useStageFitsScreen(page: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const root = page.current;
    if (!active || !root || typeof ResizeObserver !== 'function') return;
    const measure = () => {
      const stage = root.querySelector('.world-host__stage');
      if (!stage) return;
      const top = stage.getBoundingClientRect().top + window.scrollY;
      root.style.setProperty('--mobile-stage-top', `${Math.round(top)}px`);
    };
    const observer = new ResizeObserver(measure);
    // The header above the stage wraps with the width; the body follows every layout change.
    observer.observe(document.body);
    const header = root.querySelector('.world-host__header');
    if (header) observer.observe(header);
    measure();
    return () => observer.disconnect();
  }, [page, active]);
}

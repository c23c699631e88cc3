import { REDUCED_MOTION_QUERY } from '../motion.ts';

/** The visitor's reduced-motion wish, kept up to date when they change it. */
export interface ReducedMotion {
  readonly reduced: boolean;
  dispose(): void;
}

/** Follows `prefers-reduced-motion`; without `matchMedia` (tests), motion is not reduced. */
export const watchReducedMotion = (): ReducedMotion => {
  const query =
    typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION_QUERY) : null;
  let reduced = query?.matches ?? false;
  const handleChange = (e: MediaQueryListEvent) => {
    reduced = e.matches;
  };
  query?.addEventListener('change', handleChange);
  return {
    get reduced() {
      return reduced;
    },
    dispose: () => query?.removeEventListener('change', handleChange),
  };
};

/** The media query of the visitor's wish for less motion. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * The clock of motion nobody asked for (an idle avatar's sway, the fountain's water, the portals'
 * swirl): the time itself, or 0 (everything at rest) while the visitor prefers reduced motion.
 * What a person does (walking, an emote) still moves; the camera never eases, it is put in place.
 */
export const ambientSeconds = (timeSeconds: number, reducedMotion: boolean): number =>
  reducedMotion ? 0 : timeSeconds;

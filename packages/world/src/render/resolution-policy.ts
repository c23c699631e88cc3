/** Slower than 30 fps (with a little slack for timer jitter). */
const SLOW_FRAME_S = 1 / 28;
/** Faster than 50 fps. */
const FAST_FRAME_S = 1 / 50;
/** Net slow frames before the resolution drops. */
const SLOW_RUN = 20;
/** Fast frames in a row before it climbs one step. */
const FAST_RUN = 240;
/** The first frames compile shaders and upload textures: no verdict on those. */
const WARM_UP_FRAMES = 120;
/** About 10 s of fast frames at 60 fps: then a resolution that once proved slow may be tried again. */
const RETRY_FRAMES = 600;
const STEP = 0.8;

/** Decides the pixel ratio from frame times: down when frames are slow, back up when fast. */
export interface ResolutionPolicy {
  readonly pixelRatio: number;
  /** Feeds one frame's duration; returns the new pixel ratio when it changes, else null. */
  step(dtSeconds: number): number | null;
}

/**
 * A sharp 4 fps world is worse than a soft 30: on slow machines (software GL) the resolution
 * drops in steps of 0.8 down to `min`. It climbs back after a long run of fast frames, but not to
 * a ratio that proved slow until much later, so it does not stutter up and down.
 */
export const createResolutionPolicy = (
  max: number,
  min: number,
  start: number = max,
): ResolutionPolicy => {
  let pixelRatio = Math.min(max, Math.max(min, start));
  let ceiling = max + 0.01;
  let frames = 0;
  let slowFrames = 0;
  let fastFrames = 0;
  return {
    get pixelRatio() {
      return pixelRatio;
    },
    step(dt) {
      if (++frames < WARM_UP_FRAMES) return null;
      slowFrames = dt > SLOW_FRAME_S ? slowFrames + 1 : Math.max(0, slowFrames - 1);
      fastFrames = dt < FAST_FRAME_S ? fastFrames + 1 : 0;
      if (fastFrames >= RETRY_FRAMES) ceiling = max + 0.01;
      if (slowFrames >= SLOW_RUN && pixelRatio > min) {
        ceiling = pixelRatio;
        pixelRatio = Math.max(min, pixelRatio * STEP);
      } else if (
        fastFrames >= FAST_RUN &&
        fastFrames % FAST_RUN === 0 &&
        pixelRatio / STEP < ceiling - 1e-6
      ) {
        pixelRatio = Math.min(max, pixelRatio / STEP);
      } else return null;
      slowFrames = 0;
      return pixelRatio;
    },
  };
};

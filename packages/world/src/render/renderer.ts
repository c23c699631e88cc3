import * as THREE from 'three';

/** A WebGL renderer that keeps a canvas's size and lowers its resolution when frames are slow. */
export interface WorldRenderer {
  readonly renderer: THREE.WebGLRenderer;
  readonly camera: THREE.PerspectiveCamera;
  /** Caps the drawing buffer's height in pixels (a stream quality); 0 lifts the cap. */
  setMaxHeight(height: number): void;
  /** Call once per frame with the frame's duration in seconds, before drawing. */
  adapt(dt: number): void;
  render(scene: THREE.Scene): void;
  dispose(): void;
}

/** Slower than 30 fps (with a little slack for timer jitter). */
const SLOW_FRAME_S = 1 / 28;
/** Faster than 50 fps. */
const FAST_FRAME_S = 1 / 50;
const MIN_PIXEL_RATIO = 0.5;

/** Creates the renderer and camera for `canvas` and follows the canvas's size. */
export const createWorldRenderer = (canvas: HTMLCanvasElement): WorldRenderer => {
  const renderer = new THREE.WebGLRenderer({
    canvas,
    // Off: MSAA is the first thing software GL cannot afford; adaptive resolution does the rest.
    antialias: false,
    powerPreference: 'high-performance',
    // No preserveDrawingBuffer: it costs a full-frame copy on every frame in software GL, and a
    // capture renders and reads the canvas in the same task anyway.
  });
  const maxPixelRatio = Math.min(window.devicePixelRatio, 2);
  let pixelRatio = maxPixelRatio;
  renderer.setPixelRatio(pixelRatio);
  // The scenery's light and shadows are baked (see campus-scene.ts); colours are final as given.
  renderer.shadowMap.enabled = false;
  renderer.toneMapping = THREE.NoToneMapping;

  const camera = new THREE.PerspectiveCamera(55, 1, 0.1, 500);
  let maxHeight = 0;
  const resize = () => {
    const { clientWidth: w, clientHeight: h } = canvas;
    if (w === 0 || h === 0) return;
    const capped = maxHeight > 0 ? Math.min(pixelRatio, maxHeight / h) : pixelRatio;
    renderer.setPixelRatio(capped);
    renderer.setSize(w, h, false);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
  };
  const resizeObserver = new ResizeObserver(resize);
  resizeObserver.observe(canvas);
  resize();

  let slowFrames = 0;
  let fastFrames = 0;
  let ceiling = maxPixelRatio + 0.01;
  return {
    renderer,
    camera,
    setMaxHeight(height) {
      maxHeight = Math.max(0, height);
      resize();
    },
    // Drops the resolution on slow machines (software GL): a sharp 4 fps world is worse than a
    // soft 20. Raises it again after a long run of fast frames, so one slow moment is not forever.
    adapt(dt) {
      slowFrames = dt > SLOW_FRAME_S ? slowFrames + 1 : Math.max(0, slowFrames - 1);
      fastFrames = dt < FAST_FRAME_S ? fastFrames + 1 : 0;
      let next = pixelRatio;
      if (slowFrames >= 20 && pixelRatio > MIN_PIXEL_RATIO) {
        // Never climb back to a resolution that proved too slow: that would stutter forever.
        ceiling = pixelRatio;
        next = Math.max(MIN_PIXEL_RATIO, pixelRatio * 0.8);
      } else if (fastFrames >= 240 && pixelRatio / 0.8 < ceiling - 1e-6) {
        next = pixelRatio / 0.8;
      } else return;
      slowFrames = 0;
      fastFrames = 0;
      pixelRatio = next;
      resize();
    },
    render(scene) {
      renderer.render(scene, camera);
    },
    dispose() {
      resizeObserver.disconnect();
      renderer.dispose();
    },
  };
};

import * as THREE from 'three';
import { createResolutionPolicy } from './resolution-policy.ts';

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

/**
 * The lowest pixel ratio: reached only when frames stay slow at `SOFTWARE_START_RATIO`. Measured
 * (`bench/world-client.mjs`, SwiftShader, 200 avatars in view at 1280×720): at 0.5 the median
 * frame rate was 20 fps, at 0.4 (512×288) 29.9; the empty campus stays at 0.5 and 30 fps.
 */
const MIN_PIXEL_RATIO = 0.4;
/** Where a software renderer starts (see below). */
const SOFTWARE_START_RATIO = 0.5;

/** Renderers that draw on the CPU: SwiftShader (Chrome), llvmpipe/softpipe (Mesa), WARP. */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** Whether `gl` rasterises on the CPU, where every pixel costs the page's own cores. */
export const isSoftwareRenderer = (gl: WebGLRenderingContext | WebGL2RenderingContext): boolean => {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const names = [
    gl.getParameter(gl.RENDERER),
    info && gl.getParameter(info.UNMASKED_RENDERER_WEBGL),
  ];
  return names.some((name) => typeof name === 'string' && SOFTWARE_RENDERER.test(name));
};

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
  // A software renderer starts at half resolution instead of finding it through 140 slow frames: in
  // Chromium's SwiftShader on 2 cores an idle campus at 1440×900 costs about 50 ms of CPU a frame
  // at full resolution (1.8 cores at 35 fps), and the page, its video and its sound need them too.
  // It still climbs after a long run of fast frames, and drops one step more (0.4) when frames
  // stay slow there (a crowd).
  const maxRatio = Math.min(window.devicePixelRatio, 2);
  const software = isSoftwareRenderer(renderer.getContext());
  const policy = createResolutionPolicy(
    maxRatio,
    MIN_PIXEL_RATIO,
    software ? Math.min(maxRatio, SOFTWARE_START_RATIO) : maxRatio,
  );
  renderer.setPixelRatio(policy.pixelRatio);
  // The scenery's light and shadows are baked (see campus-scene.ts); colours are final as given.
  renderer.shadowMap.enabled = false;
  renderer.toneMapping = THREE.NoToneMapping;

  const camera = new THREE.PerspectiveCamera(55, 1, 0.1, 500);
  let maxHeight = 0;
  const resize = () => {
    const { clientWidth: w, clientHeight: h } = canvas;
    if (w === 0 || h === 0) return;
    const { pixelRatio } = policy;
    const capped = maxHeight > 0 ? Math.min(pixelRatio, maxHeight / h) : pixelRatio;
    renderer.setPixelRatio(capped);
    renderer.setSize(w, h, false);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
  };
  const resizeObserver = new ResizeObserver(resize);
  resizeObserver.observe(canvas);
  resize();

  return {
    renderer,
    camera,
    setMaxHeight(height) {
      maxHeight = Math.max(0, height);
      resize();
    },
    adapt(dt) {
      if (policy.step(dt) !== null) resize();
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

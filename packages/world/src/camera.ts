import { segmentSpan } from './collision.ts';

/** Orbit camera around the local avatar. */
export interface CameraState {
  /** Radians; 0 looks toward -z (three.js default), growing counter-clockwise seen from above. */
  yaw: number;
  /** Radians above the horizon. */
  pitch: number;
  /** Metres from the avatar. */
  distance: number;
}

/** Limits and feel of the orbit camera. */
export const CameraLimits = {
  /** Never below 5°, so the camera does not dip under the floor; never above 80°, so "forward" stays defined. */
  minPitch: (5 * Math.PI) / 180,
  maxPitch: (80 * Math.PI) / 180,
  minDistance: 2,
  maxDistance: 20,
  /** Radians turned per pixel dragged. */
  dragSensitivity: 0.005,
  /** Zoom factor per wheel pixel; exponential so each notch feels the same near and far. */
  zoomSensitivity: 0.001,
  /** Radians per second while an arrow key is held: a full turn in about three seconds. */
  keyTurnRate: 2,
  /** Radians per second of tilt while up or down is held. */
  keyTiltRate: 0.8,
} as const;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The camera a player first sees: behind the avatar, slightly above. */
export const createCamera = (): CameraState => ({
  yaw: 0,
  pitch: (25 * Math.PI) / 180,
  distance: 8,
});

/** Turns the view by a pointer drag in pixels: right drag turns right, down drag looks down steeper. */
export const dragCamera = (cam: CameraState, dxPx: number, dyPx: number): CameraState => ({
  ...cam,
  yaw: wrapAngle(cam.yaw - dxPx * CameraLimits.dragSensitivity),
  pitch: clamp(
    cam.pitch + dyPx * CameraLimits.dragSensitivity,
    CameraLimits.minPitch,
    CameraLimits.maxPitch,
  ),
});

/**
 * Turns the view for `dtSeconds` of held arrow keys: left and right turn like a drag to that side,
 * up and down tilt like a drag up or down.
 */
export const turnCamera = (
  cam: CameraState,
  keys: { left: boolean; right: boolean; up: boolean; down: boolean },
  dtSeconds: number,
): CameraState => {
  const turn = Number(keys.right) - Number(keys.left);
  const tilt = Number(keys.down) - Number(keys.up);
  if (turn === 0 && tilt === 0) return cam;
  return {
    ...cam,
    yaw: wrapAngle(cam.yaw - turn * CameraLimits.keyTurnRate * dtSeconds),
    pitch: clamp(
      cam.pitch + tilt * CameraLimits.keyTiltRate * dtSeconds,
      CameraLimits.minPitch,
      CameraLimits.maxPitch,
    ),
  };
};

/** Zooms by a WheelEvent.deltaY (pixels): positive zooms out. */
export const zoomCamera = (cam: CameraState, deltaY: number): CameraState => ({
  ...cam,
  distance: clamp(
    cam.distance * Math.exp(deltaY * CameraLimits.zoomSensitivity),
    CameraLimits.minDistance,
    CameraLimits.maxDistance,
  ),
});

/** Camera position relative to the avatar it orbits. */
export const cameraOffset = (cam: CameraState): { x: number; y: number; z: number } => ({
  x: Math.sin(cam.yaw) * Math.cos(cam.pitch) * cam.distance,
  y: Math.sin(cam.pitch) * cam.distance,
  z: Math.cos(cam.yaw) * Math.cos(cam.pitch) * cam.distance,
});

/** Normalises an angle to (-π, π], so yaw never grows without bound. */
export const wrapAngle = (a: number): number => {
  const t = (a + Math.PI) % (2 * Math.PI);
  return (t <= 0 ? t + 2 * Math.PI : t) - Math.PI;
};

/** Obstacles lower than this (the fountain, furniture) never hide the avatar from the camera. */
const VIEW_BLOCKING_HEIGHT = 2;
/** The camera never comes closer than this to the avatar. */
const MIN_CAMERA_DISTANCE = 1.2;
/** How far the camera stays in front of a wall that would hide the avatar. */
const WALL_MARGIN = 0.35;

/**
 * Shortens the camera offset so no tall wall stands between the avatar at `target` and the camera
 * (on the ground plane): inside a building the view would otherwise show the back of a wall.
 * Returns the offset scaled by the visible fraction.
 */
export const clampCameraOffset = (
  target: { x: number; z: number },
  offset: { x: number; y: number; z: number },
  obstacles: readonly { minX: number; minZ: number; maxX: number; maxZ: number; height: number }[],
): { x: number; y: number; z: number } => {
  const length = Math.hypot(offset.x, offset.z);
  if (length < 1e-6) return offset;
  let visible = 1;
  for (const box of obstacles) {
    if (box.height < VIEW_BLOCKING_HEIGHT) continue;
    const t = segmentEntry(target, offset, box);
    if (t !== null && t < visible) visible = t;
  }
  if (visible >= 1) return offset;
  const distance = Math.max(MIN_CAMERA_DISTANCE, visible * length - WALL_MARGIN);
  const scale = Math.min(1, distance / length);
  return { x: offset.x * scale, y: offset.y * scale, z: offset.z * scale };
};

/** Where (0..1) the segment from `p` along `d` first enters the box, or null if it does not. */
const segmentEntry = (
  p: { x: number; z: number },
  d: { x: number; z: number },
  box: { minX: number; minZ: number; maxX: number; maxZ: number },
): number | null => {
  const span = segmentSpan(p, d, box);
  // Starting inside a box (t0 = 0) does not count: the avatar stands there already.
  return span && span[0] > 0 ? span[0] : null;
};

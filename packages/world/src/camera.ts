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

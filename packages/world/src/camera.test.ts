import { describe, expect, it } from 'vitest';
import {
  CameraLimits,
  cameraOffset,
  clampCameraOffset,
  createCamera,
  dragCamera,
  turnCamera,
  wrapAngle,
  zoomCamera,
} from './camera.ts';

describe('camera', () => {
  it('clamps pitch between 5° and 80°', () => {
    expect(dragCamera(createCamera(), 0, 10_000).pitch).toBe(CameraLimits.maxPitch);
    expect(dragCamera(createCamera(), 0, -10_000).pitch).toBe(CameraLimits.minPitch);
  });

  it('clamps zoom distance between 2 and 20 m, and zooms out on positive wheel', () => {
    const cam = createCamera();
    expect(zoomCamera(cam, 100).distance).toBeGreaterThan(cam.distance);
    expect(zoomCamera(cam, 1e6).distance).toBe(20);
    expect(zoomCamera(cam, -1e6).distance).toBe(2);
  });

  it('turns yaw with horizontal drag and keeps it wrapped', () => {
    const cam = dragCamera(createCamera(), -100, 0);
    expect(cam.yaw).toBeCloseTo(0.5);
    const many = dragCamera(createCamera(), 10_000, 0);
    expect(Math.abs(many.yaw)).toBeLessThanOrEqual(Math.PI);
    expect(Math.cos(many.yaw)).toBeCloseTo(Math.cos(-50));
  });

  it('sits behind and above the avatar at yaw 0', () => {
    const o = cameraOffset({ yaw: 0, pitch: Math.PI / 4, distance: 10 });
    expect(o.x).toBeCloseTo(0);
    expect(o.y).toBeCloseTo(10 * Math.SQRT1_2);
    expect(o.z).toBeCloseTo(10 * Math.SQRT1_2);
  });

  it('wraps angles into (-π, π]', () => {
    expect(wrapAngle(3 * Math.PI)).toBeCloseTo(Math.PI);
    expect(wrapAngle(-Math.PI / 2 - 2 * Math.PI)).toBeCloseTo(-Math.PI / 2);
  });
});

describe('clampCameraOffset', () => {
  const wall = { minX: -5, minZ: 3, maxX: 5, maxZ: 3.5, height: 4 };
  const bench = { minX: -5, minZ: 3, maxX: 5, maxZ: 3.5, height: 1 };

  it('keeps the offset when nothing tall is in the way', () => {
    const offset = { x: 0, y: 3, z: 6 };
    expect(clampCameraOffset({ x: 0, z: 0 }, offset, [])).toEqual(offset);
    expect(clampCameraOffset({ x: 0, z: 0 }, offset, [bench])).toEqual(offset);
    expect(clampCameraOffset({ x: 20, z: 0 }, offset, [wall])).toEqual(offset);
  });

  it('brings the camera in front of a wall behind the avatar', () => {
    const clamped = clampCameraOffset({ x: 0, z: 0 }, { x: 0, y: 3, z: 6 }, [wall]);
    expect(clamped.z).toBeCloseTo(3 - 0.35, 5);
    expect(clamped.y).toBeCloseTo(3 * ((3 - 0.35) / 6), 5);
  });

  it('never comes closer than the minimum distance', () => {
    const near = { minX: -5, minZ: 0.5, maxX: 5, maxZ: 1, height: 4 };
    const clamped = clampCameraOffset({ x: 0, z: 0 }, { x: 0, y: 3, z: 6 }, [near]);
    expect(Math.hypot(clamped.x, clamped.z)).toBeCloseTo(1.2, 5);
  });

  it('turns with the arrow keys like a drag to the same side, and tilts within the limits', () => {
    const still = { left: false, right: false, up: false, down: false };
    const cam = createCamera();
    expect(turnCamera(cam, still, 1)).toBe(cam);
    const left = turnCamera(cam, { ...still, left: true }, 0.5);
    expect(left.yaw).toBeCloseTo(CameraLimits.keyTurnRate * 0.5);
    // The same sense as dragging the view to the left.
    expect(Math.sign(left.yaw)).toBe(Math.sign(dragCamera(cam, -10, 0).yaw));
    expect(turnCamera(cam, { ...still, right: true }, 0.5).yaw).toBeCloseTo(-left.yaw);
    expect(turnCamera(cam, { ...still, left: true, right: true }, 1).yaw).toBe(cam.yaw);
    expect(turnCamera(cam, { ...still, down: true }, 100).pitch).toBe(CameraLimits.maxPitch);
    expect(turnCamera(cam, { ...still, up: true }, 100).pitch).toBe(CameraLimits.minPitch);
    expect(Math.abs(turnCamera(cam, { ...still, right: true }, 100).yaw)).toBeLessThanOrEqual(
      Math.PI,
    );
  });
});

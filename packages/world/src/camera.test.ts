import { describe, expect, it } from 'vitest';
import {
  CameraLimits,
  cameraOffset,
  createCamera,
  dragCamera,
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

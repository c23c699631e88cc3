import * as THREE from 'three';
import { cameraOffset, clampCameraOffset } from '../../camera.ts';
import { blendedPosition, type WorldContext, type WorldSystem } from '../world-context.ts';

/** Eye height the camera looks at, above the avatar's feet. */
const LOOK_HEIGHT = 1.4;

/** Puts the three.js camera on the orbit around the local avatar, as drawn this frame. */
export const createFollowCameraSystem = (
  ctx: Pick<WorldContext, 'camera' | 'sink' | 'self' | 'layout'>,
): WorldSystem => {
  const lookAt = new THREE.Vector3();
  return {
    name: 'follow-camera',
    draw(frame) {
      const { x, z } = blendedPosition(ctx.self, frame.alpha);
      // Inside a building, the camera comes in front of the wall that would hide the avatar.
      const offset = clampCameraOffset(
        { x, z },
        cameraOffset(ctx.sink.camera),
        ctx.layout.obstacles,
      );
      lookAt.set(x, LOOK_HEIGHT, z);
      ctx.camera.position.set(x + offset.x, LOOK_HEIGHT + offset.y, z + offset.z);
      ctx.camera.lookAt(lookAt);
    },
  };
};

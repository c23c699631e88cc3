import { WORLD_LAYOUTS } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { createAvatarBody } from '../movement.ts';
import { pointerToNdc } from './pointer-ray.ts';
import { blendedPosition, nearestSpot } from './world-context.ts';

const layout = WORLD_LAYOUTS.campus!;

describe('world context helpers', () => {
  it('draws the local avatar between its last two steps', () => {
    const prevBody = createAvatarBody(layout);
    const body = { ...prevBody, x: prevBody.x + 2, y: 1, z: prevBody.z - 4 };
    expect(blendedPosition({ prevBody, body }, 0.25)).toEqual({
      x: prevBody.x + 0.5,
      y: 0.25,
      z: prevBody.z - 1,
    });
  });

  it('names the spot nearest to the avatar', () => {
    for (const [name, spot] of Object.entries(layout.spots)) {
      expect(nearestSpot(layout, { x: spot.x + 0.1, z: spot.z })).toBe(name);
    }
  });

  it('maps client coordinates to device coordinates, y up', () => {
    const rect = { left: 100, top: 50, width: 200, height: 100 };
    expect(pointerToNdc(rect, 100, 50)).toEqual({ x: -1, y: 1 });
    expect(pointerToNdc(rect, 200, 100)).toEqual({ x: 0, y: 0 });
    expect(pointerToNdc(rect, 300, 150)).toEqual({ x: 1, y: -1 });
  });
});

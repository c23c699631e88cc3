import { CAMPUS_LAYOUT, WorldConstants } from '@atrium/protocol';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { clickWalkTarget, pathLength, planClickWalk, type GroundRay } from './click-walk.ts';
import { isSegmentWalkable, isWalkable, type Vec2 } from './collision.ts';
import { buildNavGrid } from './pathfinding.ts';
import { createFakeContext } from './render/systems/fake-context.ts';
import { createPlayerSystem } from './render/systems/player.ts';

const r = WorldConstants.avatarRadius;
const grid = buildNavGrid(CAMPUS_LAYOUT, r);

/** Standing in the gallery hall (x −14..14, z −34..−14), looking north. */
const inHall = { x: 0, z: -25 };
/** The camera behind and above that avatar, as the follow camera puts it. */
const camera = { x: 0, y: 4.3, z: -17 };

/** The ray from `origin` through `through`, carried on to the ground plane. */
const rayThrough = (origin: GroundRay['origin'], through: { x: number; y: number; z: number }) => {
  const s = origin.y / (origin.y - through.y);
  return {
    origin,
    ground: { x: origin.x + (through.x - origin.x) * s, z: origin.z + (through.z - origin.z) * s },
  };
};

/** A double click on the middle poster of the north wall (its slot is x 0, z −33.45, 2.1 m up). */
const posterRay = rayThrough(camera, { x: 0, y: 2.1, z: -33.45 });

const expectInHall = (p: Vec2 | undefined) => {
  expect(p).toBeDefined();
  expect(p?.z).toBeGreaterThan(-34);
  expect(p?.z).toBeLessThan(-14.5);
};

describe('click-to-walk', () => {
  it('stops a click on a poster or the wall behind it in front of the wall, inside the hall', () => {
    // The ray carries on through the wall to the ground far outside the hall.
    expect(posterRay.ground.z).toBeLessThan(-40);
    const target = clickWalkTarget(CAMPUS_LAYOUT, r, posterRay);
    expectInHall(target ?? undefined);
    expect(target && isWalkable(target, CAMPUS_LAYOUT, r)).toBe(true);
    // Right in front of the wall (its inner face is at z −33.5), under the clicked point.
    expect(target?.z).toBeLessThan(-32.9);
    expect(Math.abs(target?.x ?? 99)).toBeLessThan(0.01);

    const path = planClickWalk(grid, inHall, posterRay);
    expectInHall(path?.at(-1));
    expect(path?.every((p) => p.z < -14.5)).toBe(true);
    expect(pathLength(inHall, path ?? [])).toBeLessThan(9);
  });

  it('stops a click on a side wall on the side the camera looks from', () => {
    // From the plaza, a click on the hall's south wall (east of the door), 1.5 m up.
    const ray = rayThrough({ x: 8, y: 3, z: -6 }, { x: 8, y: 1.5, z: -14 });
    const path = planClickWalk(grid, { x: 8, z: -8 }, ray);
    const end = path?.at(-1);
    expect(end?.z).toBeGreaterThan(-14);
    expect(end?.z).toBeLessThan(-13);
    expect(pathLength({ x: 8, z: -8 }, path ?? [])).toBeLessThan(6);
  });

  it('walks to the floor where the ray meets it, passing over low obstacles', () => {
    // Over the fountain (1 m high) to the plaza beyond it.
    const ray = rayThrough({ x: 0, y: 6, z: 12 }, { x: 0, y: 0, z: -6 });
    expect(clickWalkTarget(CAMPUS_LAYOUT, r, ray)).toEqual({ x: 0, z: -6 });
    const path = planClickWalk(grid, { x: 0, z: 8 }, ray);
    let prev: Vec2 = { x: 0, z: 8 };
    for (const p of path ?? []) {
      expect(isSegmentWalkable(prev, p, CAMPUS_LAYOUT, r)).toBe(true);
      prev = p;
    }
    expect(prev).toEqual({ x: 0, z: -6 });
  });

  it('does nothing when the only way is a long detour', () => {
    // A ray from high above that lands just behind the hall's north wall, past its top.
    const ray = { origin: { x: 0, y: 30, z: -30 }, ground: { x: 0, z: -36 } };
    expect(clickWalkTarget(CAMPUS_LAYOUT, r, ray)).toEqual({ x: 0, z: -36 });
    expect(planClickWalk(grid, inHall, ray)).toBeNull();
  });

  it('the player system walks a double click on the north poster inside the hall', () => {
    const ctx = createFakeContext();
    ctx.self.body = { ...ctx.self.body, x: inHall.x, z: inHall.z };
    ctx.camera.position.set(camera.x, camera.y, camera.z);
    const ground = new THREE.Object3D();
    const point = new THREE.Vector3(posterRay.ground.x, 0, posterRay.ground.z);
    const player = createPlayerSystem(
      { ...ctx, pick: () => ({ point, distance: 30, object: ground }) },
      { grid, ground },
      { interact: () => {}, emote: () => {} },
    );
    player.walkTo(700, 200);
    const path = ctx.self.body.path ?? [];
    expectInHall(path.at(-1));
    expect(pathLength(inHall, path)).toBeLessThan(9);
  });
});

import { CAMPUS_LAYOUT, WorldConstants, type WorldLayout } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { isSegmentWalkable, isWalkable, type Vec2 } from './collision.ts';
import { buildNavGrid, findPath } from './pathfinding.ts';

const r = WorldConstants.avatarRadius;
const grid = buildNavGrid(CAMPUS_LAYOUT, r);

const expectWalkablePath = (from: Vec2, path: Vec2[], layout: WorldLayout) => {
  let prev = from;
  for (const p of path) {
    expect(
      isSegmentWalkable(prev, p, layout, r),
      `${JSON.stringify(prev)}→${JSON.stringify(p)}`,
    ).toBe(true);
    prev = p;
  }
};

describe('pathfinding', () => {
  it('routes from the plaza into the gallery hall through its door', () => {
    const from = { x: 0, z: 8 };
    const to = { x: -10, z: -25 };
    const path = findPath(grid, from, to);
    expect(path).not.toBeNull();
    if (!path) return;
    expect(path.at(-1)).toEqual(to);
    expectWalkablePath(from, path, CAMPUS_LAYOUT);
    // Somewhere the route crosses the south wall line, and only within the doorway.
    const all = [from, ...path];
    const crossings = all.slice(1).flatMap((b, i) => {
      const a = all[i] as Vec2;
      // Half-open, so a waypoint lying exactly on the line counts once.
      if (a.z > -14.25 === b.z > -14.25) return [];
      const t = (-14.25 - a.z) / (b.z - a.z);
      return [a.x + (b.x - a.x) * t];
    });
    expect(crossings.length).toBe(1);
    expect(Math.abs(crossings[0] ?? 99)).toBeLessThan(2 - r);
    // Smoothing kept it short: a handful of waypoints, not one per cell.
    expect(path.length).toBeLessThan(6);
  });

  it('goes round the fountain rather than through it', () => {
    const from = { x: 0, z: 6 };
    const path = findPath(grid, from, { x: 0, z: -6 });
    expect(path).not.toBeNull();
    expectWalkablePath(from, path ?? [], CAMPUS_LAYOUT);
    expect(path?.length).toBeGreaterThan(1);
  });

  it('snaps a target inside a wall to the nearest walkable cell', () => {
    const path = findPath(grid, { x: 0, z: 8 }, { x: 25, z: -10.25 });
    const end = path?.at(-1);
    expect(end).toBeDefined();
    if (!end) return;
    expect(isWalkable(end, CAMPUS_LAYOUT, r)).toBe(true);
    expect(Math.hypot(end.x - 25, end.z - -10.25)).toBeLessThan(1.2);
  });

  it('returns null when the target is walled off', () => {
    const sealed: WorldLayout = {
      ...CAMPUS_LAYOUT,
      // The gallery with its doorway bricked up.
      obstacles: [
        ...CAMPUS_LAYOUT.obstacles,
        { minX: -2, minZ: -14.5, maxX: 2, maxZ: -14, height: 4 },
      ],
    };
    expect(findPath(buildNavGrid(sealed, r), { x: 0, z: 8 }, { x: 0, z: -25 })).toBeNull();
  });

  it('routes from the classroom door to the teacher round the desks', () => {
    const from = { x: 19.5, z: 0 };
    const to = { x: 31.6, z: 0 };
    // The straight line runs into the desks' middle aisle, then into the teacher's desk.
    expect(isSegmentWalkable(from, to, CAMPUS_LAYOUT, r)).toBe(false);
    const path = findPath(grid, from, to);
    expect(path).not.toBeNull();
    expect(path?.at(-1)).toEqual(to);
    expectWalkablePath(from, path ?? [], CAMPUS_LAYOUT);
    expect(path?.length).toBeGreaterThan(1);
  });

  it('reaches a seat between two rows of desks in every class', () => {
    for (const area of CAMPUS_LAYOUT.classrooms?.areas ?? []) {
      const desk = area.desks[2];
      if (!desk) throw new Error('no desk');
      // The aisle in front of the second row's chairs.
      const seat = { x: desk.minX - 0.5, z: (desk.minZ + desk.maxZ) / 2 };
      const path = findPath(grid, { x: 19.5, z: 0 }, seat);
      expect(path?.at(-1), area.room).toEqual(seat);
      expectWalkablePath({ x: 19.5, z: 0 }, path ?? [], CAMPUS_LAYOUT);
    }
  });
});

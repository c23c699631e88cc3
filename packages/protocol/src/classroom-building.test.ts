import { describe, expect, it } from 'vitest';
import { CAMPUS_CLASSROOM_BUILDING, classroomObstacles } from './classroom-building.ts';
import { CAMPUS_LAYOUT, WorldConstants } from './world.ts';
import { isSegmentWalkable, isWalkable } from './world-geometry.ts';

const r = WorldConstants.avatarRadius;

describe('the campus classroom building', () => {
  it('puts every desk and partition in the campus obstacles, inside the building', () => {
    const solid = classroomObstacles(CAMPUS_CLASSROOM_BUILDING);
    expect(solid).toHaveLength(3 * 7 + 2);
    const fp = CAMPUS_CLASSROOM_BUILDING.footprint;
    for (const o of solid) {
      expect(CAMPUS_LAYOUT.obstacles).toContain(o);
      expect(o.minX).toBeGreaterThan(fp.minX);
      expect(o.maxX).toBeLessThanOrEqual(fp.maxX - 0.5);
      expect(o.minZ).toBeGreaterThan(fp.minZ + 0.5);
      expect(o.maxZ).toBeLessThan(fp.maxZ - 0.5);
    }
  });

  it('makes the server refuse a move through a desk, and allow one along the aisle', () => {
    // Across Room 2's middle-row desk (x 25.3..25.9, z 0.8..2), as the server checks a move.
    expect(isSegmentWalkable({ x: 25.6, z: 2.6 }, { x: 25.6, z: 0.3 }, CAMPUS_LAYOUT, r)).toBe(
      false,
    );
    expect(isWalkable({ x: 25.6, z: 1.4 }, CAMPUS_LAYOUT, r)).toBe(false);
    // The middle aisle runs clear from the corridor to the teacher's desk.
    expect(isSegmentWalkable({ x: 20, z: 0 }, { x: 29.5, z: 0 }, CAMPUS_LAYOUT, r)).toBe(true);
  });

  it('leaves a way from the corridor into each class', () => {
    for (const area of CAMPUS_CLASSROOM_BUILDING.areas) {
      const zc = area.board.z;
      expect(isSegmentWalkable({ x: 20, z: zc }, { x: 29.5, z: zc }, CAMPUS_LAYOUT, r)).toBe(true);
    }
  });
});

/** Ground-plane geometry shared by the engine's collisions and the server's move checks. */
import type { Obstacle, WorldLayout } from './world.ts';

/** A point or vector on the ground plane (three.js x/z; y is up). */
export interface Vec2 {
  x: number;
  z: number;
}

/**
 * Slack on "touching", in metres. A resolved move leaves the avatar exactly in contact, and float
 * error must not turn that contact into an overlap that blocks the next slide.
 */
export const CONTACT_EPSILON = 1e-6;

/** Clamps v into [lo, hi]. */
export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Distance from a point to an axis-aligned box (0 inside it). */
export const distanceToBox = (p: Vec2, box: Obstacle): number =>
  Math.hypot(p.x - clamp(p.x, box.minX, box.maxX), p.z - clamp(p.z, box.minZ, box.maxZ));

/** Whether a circle of `radius` at `p` overlaps the box (touching is allowed). */
export const circleHitsBox = (p: Vec2, radius: number, box: Obstacle): boolean =>
  distanceToBox(p, box) < radius - CONTACT_EPSILON;

/** Whether an avatar of `radius` can stand at `p`: inside the bounds and clear of every obstacle. */
export const isWalkable = (p: Vec2, layout: WorldLayout, radius: number): boolean => {
  const b = layout.bounds;
  const slack = radius - CONTACT_EPSILON;
  if (
    p.x < b.minX + slack ||
    p.x > b.maxX - slack ||
    p.z < b.minZ + slack ||
    p.z > b.maxZ - slack
  ) {
    return false;
  }
  return !layout.obstacles.some((box) => circleHitsBox(p, radius, box));
};

const pointSegmentDistance = (p: Vec2, a: Vec2, b: Vec2): number => {
  const dx = b.x - a.x;
  const dz = b.z - a.z;
  const len2 = dx * dx + dz * dz;
  const t = len2 === 0 ? 0 : clamp(((p.x - a.x) * dx + (p.z - a.z) * dz) / len2, 0, 1);
  return Math.hypot(p.x - (a.x + t * dx), p.z - (a.z + t * dz));
};

/** Liang–Barsky slab test: does the segment cross the box? */
const segmentCrossesBox = (a: Vec2, b: Vec2, box: Obstacle): boolean => {
  let t0 = 0;
  let t1 = 1;
  const slabs: [number, number, number, number][] = [
    [a.x, b.x - a.x, box.minX, box.maxX],
    [a.z, b.z - a.z, box.minZ, box.maxZ],
  ];
  for (const [p, d, lo, hi] of slabs) {
    if (d === 0) {
      if (p < lo || p > hi) return false;
      continue;
    }
    const ta = (lo - p) / d;
    const tb = (hi - p) / d;
    t0 = Math.max(t0, Math.min(ta, tb));
    t1 = Math.min(t1, Math.max(ta, tb));
    if (t0 > t1) return false;
  }
  return true;
};

/** Exact distance between a segment and a box: for disjoint convex shapes it is reached at a vertex. */
export const segmentBoxDistance = (a: Vec2, b: Vec2, box: Obstacle): number => {
  if (segmentCrossesBox(a, b, box)) return 0;
  const corners: Vec2[] = [
    { x: box.minX, z: box.minZ },
    { x: box.maxX, z: box.minZ },
    { x: box.minX, z: box.maxZ },
    { x: box.maxX, z: box.maxZ },
  ];
  return Math.min(
    distanceToBox(a, box),
    distanceToBox(b, box),
    ...corners.map((c) => pointSegmentDistance(c, a, b)),
  );
};

/** Whether a circle can travel the straight segment a→b without touching an obstacle or the bounds. */
export const isSegmentWalkable = (a: Vec2, b: Vec2, layout: WorldLayout, radius: number): boolean =>
  isWalkable(a, layout, radius) &&
  isWalkable(b, layout, radius) &&
  !layout.obstacles.some((box) => segmentBoxDistance(a, b, box) < radius - CONTACT_EPSILON);

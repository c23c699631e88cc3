import { clamp, CONTACT_EPSILON } from '@atrium/protocol';
import type { Vec2, WorldLayout } from '@atrium/protocol';

// The point and segment checks live in @atrium/protocol so the server checks moves with the
// same geometry the engine moves with.
export {
  circleHitsBox,
  CONTACT_EPSILON,
  distanceToBox,
  isSegmentWalkable,
  isWalkable,
  segmentBoxDistance,
} from '@atrium/protocol';
export type { Vec2 } from '@atrium/protocol';

type Axis = 'x' | 'z';

/**
 * Sweeps a circle along one axis and stops it at the first contact, so a fast move cannot tunnel
 * through a thin wall. Boxes the circle already overlaps are ignored, so a stuck avatar can walk out.
 */
const sweepAxis = (p: Vec2, axis: Axis, delta: number, layout: WorldLayout, radius: number) => {
  const other: Axis = axis === 'x' ? 'z' : 'x';
  const start = p[axis];
  let end = start + delta;
  for (const box of layout.obstacles) {
    const lo = axis === 'x' ? box.minX : box.minZ;
    const hi = axis === 'x' ? box.maxX : box.maxZ;
    const olo = other === 'x' ? box.minX : box.minZ;
    const ohi = other === 'x' ? box.maxX : box.maxZ;
    const gap = Math.abs(p[other] - clamp(p[other], olo, ohi));
    if (gap >= radius - CONTACT_EPSILON) continue;
    // The circle's centre cannot enter [lo - reach, hi + reach] along this axis at this offset.
    const reach = Math.sqrt(radius * radius - gap * gap);
    const enter = lo - reach;
    const exit = hi + reach;
    if (start > enter + CONTACT_EPSILON && start < exit - CONTACT_EPSILON) continue;
    if (delta > 0 && start <= enter + CONTACT_EPSILON) end = Math.min(end, Math.max(start, enter));
    if (delta < 0 && start >= exit - CONTACT_EPSILON) end = Math.max(end, Math.min(start, exit));
  }
  const b = layout.bounds;
  const min = (axis === 'x' ? b.minX : b.minZ) + radius;
  const max = (axis === 'x' ? b.maxX : b.maxZ) - radius;
  return clamp(end, min, max);
};

/**
 * Moves a circle by `delta`, resolving x then z so that blocked motion slides along walls.
 * `from` should be walkable; the result then is too, and never leaves the bounds.
 */
export const moveWithCollisions = (
  from: Vec2,
  delta: Vec2,
  layout: WorldLayout,
  radius: number,
): Vec2 => {
  const x = sweepAxis(from, 'x', delta.x, layout, radius);
  const z = sweepAxis({ x, z: from.z }, 'z', delta.z, layout, radius);
  return { x, z };
};

/**
 * The part (fractions 0..1) of the segment from `p` along `d` that lies over the box's footprint,
 * or null when it misses it (Liang–Barsky).
 */
export const segmentSpan = (
  p: Vec2,
  d: Vec2,
  box: { minX: number; minZ: number; maxX: number; maxZ: number },
): [number, number] | null => {
  let t0 = 0;
  let t1 = 1;
  for (const [origin, delta, min, max] of [
    [p.x, d.x, box.minX, box.maxX],
    [p.z, d.z, box.minZ, box.maxZ],
  ] as const) {
    if (Math.abs(delta) < 1e-9) {
      if (origin < min || origin > max) return null;
      continue;
    }
    let a = (min - origin) / delta;
    let b = (max - origin) / delta;
    if (a > b) [a, b] = [b, a];
    t0 = Math.max(t0, a);
    t1 = Math.min(t1, b);
    if (t0 > t1) return null;
  }
  return [t0, t1];
};

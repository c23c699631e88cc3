import type { WorldLayout } from '@atrium/protocol';
import { isWalkable, segmentSpan, type Vec2 } from './collision.ts';
import { findPath, type NavGrid } from './pathfinding.ts';

/** A pointer ray as click-to-walk sees it: from the camera to where it meets the ground plane. */
export interface GroundRay {
  origin: { x: number; y: number; z: number };
  ground: Vec2;
}

/** Steps, in metres, taken back along a ray from what it hit to a point an avatar can stand on. */
const STEP_BACK = 0.1;

/** A click path may be this many times the straight distance, plus the slack below, and no more. */
export const DETOUR_FACTOR = 3;
export const DETOUR_SLACK_METRES = 4;

/**
 * Where (0..1 from the camera to the ground) the ray first meets an obstacle below its top: a
 * wall, or a poster hanging on one. 1 when it reaches the ground unhindered.
 */
const firstHit = (layout: WorldLayout, ray: GroundRay): number => {
  const { origin, ground } = ray;
  const d = { x: ground.x - origin.x, z: ground.z - origin.z };
  let first = 1;
  for (const box of layout.obstacles) {
    const span = segmentSpan(origin, d, box);
    if (!span) continue;
    // The ray's height falls from origin.y to 0: it is below the box's top past this fraction.
    const below = origin.y > box.height ? 1 - box.height / origin.y : 0;
    const enter = Math.max(span[0], below);
    if (enter <= span[1] && enter < first) first = enter;
  }
  return first;
};

/**
 * The point a double click asks to walk to: where the ray meets the ground or, when a wall (or a
 * poster on it) is in the way, the point in front of it on the camera's side, stepping back
 * along the ray until an avatar of `radius` can stand there. Null when no such point exists.
 */
export const clickWalkTarget = (
  layout: WorldLayout,
  radius: number,
  ray: GroundRay,
): Vec2 | null => {
  const { origin, ground } = ray;
  const length = Math.hypot(ground.x - origin.x, ground.z - origin.z);
  const at = (t: number): Vec2 => ({
    x: origin.x + (ground.x - origin.x) * t,
    z: origin.z + (ground.z - origin.z) * t,
  });
  const step = length > 0 ? STEP_BACK / length : 1;
  for (let t = firstHit(layout, ray); t >= 0; t -= step) {
    const p = at(t);
    if (isWalkable(p, layout, radius)) return p;
  }
  return null;
};

/** Length of the walk from `from` along `path`. */
export const pathLength = (from: Vec2, path: readonly Vec2[]): number => {
  let total = 0;
  let prev = from;
  for (const p of path) {
    total += Math.hypot(p.x - prev.x, p.z - prev.z);
    prev = p;
  }
  return total;
};

/**
 * The path for a double click: to {@link clickWalkTarget}, or null (stay put) when there is no
 * target or the only way there is a long detour (round a building to the far side of its wall).
 */
export const planClickWalk = (grid: NavGrid, from: Vec2, ray: GroundRay): Vec2[] | null => {
  const to = clickWalkTarget(grid.layout, grid.radius, ray);
  if (!to) return null;
  const path = findPath(grid, from, to);
  if (!path) return null;
  const straight = Math.hypot(to.x - from.x, to.z - from.z);
  return pathLength(from, path) > DETOUR_FACTOR * straight + DETOUR_SLACK_METRES ? null : path;
};

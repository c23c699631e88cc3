import { ClassroomFurniture, distanceToBox } from '@atrium/protocol';
import type { ClassroomBuilding, ClassroomRoom, Vec2 } from '@atrium/protocol';
import type { Interactable } from './interaction.ts';

const inside = (p: Vec2, b: ClassroomBuilding['footprint']) =>
  p.x >= b.minX && p.x <= b.maxX && p.z >= b.minZ && p.z <= b.maxZ;

/**
 * The class an avatar standing at `p` is near: inside the building's footprint (doorway
 * included), the class area whose zone is nearest; outside it, none.
 */
export const classroomAt = (
  p: Vec2,
  building: ClassroomBuilding | undefined,
): ClassroomRoom | null => {
  if (!building || !inside(p, building.footprint)) return null;
  let best: ClassroomRoom | null = null;
  let bestDistance = Infinity;
  for (const area of building.areas) {
    const d = distanceToBox(p, { ...area.zone, height: 0 });
    if (d < bestDistance) {
      best = area.room;
      bestDistance = d;
    }
  }
  return best;
};

/** One `classroom` target per class area: in play anywhere in its zone, E joins that class. */
export const classroomTargets = (building: ClassroomBuilding | undefined): Interactable[] =>
  (building?.areas ?? []).map((area) => ({
    id: `classroom:${area.room}`,
    kind: 'classroom',
    room: area.room,
    label: area.label,
    x: (area.zone.minX + area.zone.maxX) / 2,
    z: (area.zone.minZ + area.zone.maxZ) / 2,
    radius: 0,
    area: area.zone,
  }));

/** The class whose board holds the point `p` (a click's hit on the wall), or null. */
export const boardAt = (
  p: { x: number; y: number; z: number },
  building: ClassroomBuilding | undefined,
): ClassroomRoom | null => {
  const f = ClassroomFurniture;
  for (const area of building?.areas ?? []) {
    const { board } = area;
    // Boards hang flat on a wall that runs along z (facing ±x) or along x (facing ±z).
    const alongZ = Math.abs(Math.sin(board.ry)) > 0.5;
    const across = alongZ ? p.z - board.z : p.x - board.x;
    const depth = alongZ ? p.x - board.x : p.z - board.z;
    if (
      Math.abs(depth) < 0.2 &&
      Math.abs(across) <= f.boardWidth / 2 &&
      Math.abs(p.y - f.boardCentreY) <= f.boardHeight / 2
    ) {
      return area.room;
    }
  }
  return null;
};

/**
 * Follows which class the avatar is near and answers only the changes, so the host hears
 * `classroom_near` once on the way in and once (with null) on the way out, not every step.
 */
export const createNearTracker = () => {
  let current: ClassroomRoom | null = null;
  return (now: ClassroomRoom | null): { changed: boolean; room: ClassroomRoom | null } => {
    const changed = now !== current;
    current = now;
    return { changed, room: now };
  };
};

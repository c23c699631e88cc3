import type { ClassroomRoom } from '@atrium/protocol';

/** What a target is; known kinds get their own prompt, any other string is allowed. */
export type InteractableKind = 'poster' | 'portal' | 'classroom' | (string & Record<never, never>);

/** Something in the world that E, a left click or a tap on the prompt acts on. */
export interface Interactable {
  id: string;
  kind: InteractableKind;
  /** Centre on the ground plane, metres. */
  x: number;
  z: number;
  /** Half its width, metres: reach is measured to its edge, so wide posters are not harder to reach. */
  radius: number;
  /** Facing normal of the wall it hangs on, optional; it can only be used from that side. */
  nx?: number;
  nz?: number;
  /**
   * A floor area instead of a thing to face: the target is in play wherever the avatar stands
   * inside it, whichever way it faces, and nowhere else (a class area of the classroom building).
   */
  area?: { minX: number; minZ: number; maxX: number; maxZ: number };
  /** The classroom a `classroom` target joins. */
  room?: ClassroomRoom;
  /** What it is called, for the world's text alternative: a poster's title, a portal's world. */
  label?: string;
}

/** Where the avatar stands and which way it faces (ry as in movement: it looks along (sin ry, cos ry)). */
export interface Facing {
  x: number;
  z: number;
  ry: number;
}

/** Reach and field of view for interaction. */
export const InteractionLimits = {
  /** Metres from the avatar to the target's edge. */
  maxDistance: 3,
  /** Widest angle between the avatar's facing and the direction to the target. */
  maxAngle: (70 * Math.PI) / 180,
} as const;

/** The prompt texts, per kind; kinds without one get the generic text. */
export const PROMPT_TEXTS = {
  poster: 'E: look at poster',
  portal: 'E: enter portal',
  default: 'E: interact',
  /** Per classroom: standing in its class area of the classroom building. */
  classroom: {
    'room-1': 'E: join Room 1 class',
    'room-2': 'E: join Room 2 class',
    'room-3': 'E: join Room 3 class',
  } satisfies Record<ClassroomRoom, string>,
} as const;

const COS_MAX_ANGLE = Math.cos(InteractionLimits.maxAngle);

/** Distance to the target's edge and the cosine of the angle to it, or null if it is out of play. */
const measure = (avatar: Facing, t: Interactable, maxDistance: number) => {
  if (t.area) {
    const a = t.area;
    const inside =
      avatar.x >= a.minX && avatar.x <= a.maxX && avatar.z >= a.minZ && avatar.z <= a.maxZ;
    return inside ? { reach: 0, cos: 1 } : null;
  }
  const dx = t.x - avatar.x;
  const dz = t.z - avatar.z;
  const centre = Math.hypot(dx, dz);
  const reach = Math.max(0, centre - t.radius);
  if (reach > maxDistance) return null;
  // On the wall's back side: (avatar − target) · normal must be positive.
  if (t.nx !== undefined || t.nz !== undefined) {
    if (-dx * (t.nx ?? 0) - dz * (t.nz ?? 0) <= 0) return null;
  }
  // Standing on the target's centre, every facing counts as facing it.
  const cos = centre < 1e-6 ? 1 : (Math.sin(avatar.ry) * dx + Math.cos(avatar.ry) * dz) / centre;
  if (cos < COS_MAX_ANGLE) return null;
  return { reach, cos };
};

/**
 * The target an interaction acts on: the nearest one within reach (to its edge) that the avatar
 * roughly faces and, for wall-mounted targets, stands in front of. Ties go to the one more
 * directly ahead, then to the lower id, so the pick never flickers between equals.
 */
export const pickInteraction = (
  avatar: Facing,
  targets: readonly Interactable[],
  maxDistance: number = InteractionLimits.maxDistance,
): Interactable | null => {
  let best: { target: Interactable; reach: number; cos: number } | null = null;
  for (const target of targets) {
    const m = measure(avatar, target, maxDistance);
    if (!m) continue;
    const better =
      !best ||
      m.reach < best.reach ||
      (m.reach === best.reach &&
        (m.cos > best.cos || (m.cos === best.cos && target.id < best.target.id)));
    if (better) best = { target, ...m };
  }
  return best?.target ?? null;
};

/** The hint text for a target, e.g. "E: look at poster". */
export const promptText = (target: Interactable): string => {
  if (target.kind === 'classroom') {
    return target.room ? PROMPT_TEXTS.classroom[target.room] : PROMPT_TEXTS.default;
  }
  const text: unknown = Object.hasOwn(PROMPT_TEXTS, target.kind)
    ? PROMPT_TEXTS[target.kind as keyof typeof PROMPT_TEXTS]
    : undefined;
  return typeof text === 'string' ? text : PROMPT_TEXTS.default;
};

/** The hint to show now, for the same target E would act on, or null when nothing is in play. */
export const nearbyPrompt = (
  avatar: Facing,
  targets: readonly Interactable[],
  maxDistance: number = InteractionLimits.maxDistance,
): { target: Interactable; text: string } | null => {
  const target = pickInteraction(avatar, targets, maxDistance);
  return target ? { target, text: promptText(target) } : null;
};

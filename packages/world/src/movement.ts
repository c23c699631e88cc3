import { WorldConstants, type AvatarAnim, type WorldLayout } from '@atrium/protocol';
import { moveWithCollisions, type Vec2 } from './collision.ts';
import { isMoving, moveIntent, type HeldKeys } from './input.ts';

/** Jump tuning: a 0.8 m hop that lasts about two thirds of a second. */
export const JumpConstants = {
  /** Upward speed at take-off, m/s. */
  jumpSpeed: 5,
  /** m/s²; stronger than Earth's so the hop feels snappy rather than floaty. */
  gravity: 15,
} as const;

/** The local avatar's simulated body. */
export interface AvatarBody {
  x: number;
  y: number;
  z: number;
  /** Facing: the avatar looks along (sin ry, cos ry), three.js rotation.y of a +z-facing model. */
  ry: number;
  /** Vertical speed, m/s; non-zero only mid-jump. */
  vy: number;
  anim: AvatarAnim;
  /** Remaining click-to-walk waypoints, or null when not following a path. */
  path: readonly Vec2[] | null;
}

/** What one movement step needs from input: held keys plus whether a jump was pressed this step. */
export type MovementInput = HeldKeys & { jump: boolean };

/** A body standing still at the layout's spawn point. */
export const createAvatarBody = (layout: WorldLayout): AvatarBody => ({
  x: layout.spawn.x,
  y: 0,
  z: layout.spawn.z,
  ry: 0,
  vy: 0,
  anim: 'idle',
  path: null,
});

/** Waypoints closer than this count as reached, so float error cannot leave a path unfinished. */
const ARRIVE_EPSILON = 1e-3;

/** Walks along the path for `distance` metres; returns the wanted displacement and what is left. */
const followPath = (from: Vec2, path: readonly Vec2[], distance: number) => {
  let pos = from;
  let left = distance;
  let rest = path;
  while (rest.length > 0 && left > 0) {
    const [target] = rest as [Vec2, ...Vec2[]];
    const d = Math.hypot(target.x - pos.x, target.z - pos.z);
    if (d <= left + ARRIVE_EPSILON) {
      pos = target;
      left -= d;
      rest = rest.slice(1);
    } else {
      pos = {
        x: pos.x + ((target.x - pos.x) * left) / d,
        z: pos.z + ((target.z - pos.z) * left) / d,
      };
      left = 0;
    }
  }
  return { delta: { x: pos.x - from.x, z: pos.z - from.z }, rest };
};

/**
 * Advances the avatar by one fixed step: keys move it relative to the camera (and cancel any
 * click-to-walk path), otherwise it follows its path; SPACE starts a jump when grounded.
 */
export const stepMovement = (
  avatar: AvatarBody,
  input: MovementInput,
  cameraYaw: number,
  dtSeconds: number,
  layout: WorldLayout,
): AvatarBody => {
  const radius = WorldConstants.avatarRadius;
  const speed = input.run ? WorldConstants.runSpeed : WorldConstants.walkSpeed;
  const from = { x: avatar.x, z: avatar.z };
  let path = avatar.path;
  let wanted: Vec2 = { x: 0, z: 0 };
  if (isMoving(input)) {
    path = null;
    const dir = moveIntent(input, cameraYaw);
    wanted = { x: dir.x * speed * dtSeconds, z: dir.z * speed * dtSeconds };
  } else if (path) {
    const next = followPath(from, path, speed * dtSeconds);
    wanted = next.delta;
    path = next.rest.length > 0 ? next.rest : null;
  }
  const pos = moveWithCollisions(from, wanted, layout, radius);
  const wantedLen = Math.hypot(wanted.x, wanted.z);
  const moved = Math.hypot(pos.x - from.x, pos.z - from.z);
  // A path blocked by something the grid did not know about is dropped instead of pushing forever.
  if (path && wantedLen > 0 && moved < wantedLen * 0.05) path = null;

  let { y, vy } = avatar;
  if (input.jump && y === 0 && vy === 0) vy = JumpConstants.jumpSpeed;
  if (y > 0 || vy !== 0) {
    y += vy * dtSeconds - 0.5 * JumpConstants.gravity * dtSeconds * dtSeconds;
    vy -= JumpConstants.gravity * dtSeconds;
    if (y <= 0) {
      y = 0;
      vy = 0;
    }
  }

  const walking = wantedLen > 0;
  const ry = walking ? Math.atan2(wanted.x, wanted.z) : avatar.ry;
  let anim: AvatarAnim = 'idle';
  if (y > 0) anim = 'jump';
  else if (walking) anim = input.run ? 'run' : 'walk';
  return { x: pos.x, y, z: pos.z, ry, vy, anim, path };
};

// Shapes on the ground plane, shared by the world's layout and the buildings placed in it.

/** An axis-aligned box on the ground plane that avatars cannot enter (walls, furniture). */
export interface Obstacle {
  minX: number;
  minZ: number;
  maxX: number;
  maxZ: number;
  /** For drawing; collisions are 2D on the ground plane. */
  height: number;
}

/** A place and a facing on the ground plane. */
export interface Placement {
  x: number;
  z: number;
  /** Facing, radians around the vertical axis (0 faces +z). */
  ry: number;
}

import type { Obstacle, WorldLayout } from '@atrium/protocol';
import * as THREE from 'three';
import { place, type StaticBuilder } from './bake.ts';
import type { ShadowCaster } from './ground-texture.ts';
import { Palette } from './palette.ts';

/** A low obstacle (the fountain) is drawn by the props, not as a wall. */
export const isWall = (o: Obstacle) => o.height >= 2;

/**
 * Every wall of the layout: a cream wall with a stone plinth and a coloured coping, in the
 * accent colour `accent` picks for it.
 */
export const addWalls = (
  b: StaticBuilder,
  casters: ShadowCaster[],
  layout: WorldLayout,
  accent: (o: Obstacle) => string,
) => {
  for (const o of layout.obstacles) {
    if (!isWall(o)) continue;
    const w = o.maxX - o.minX;
    const d = o.maxZ - o.minZ;
    const x = (o.minX + o.maxX) / 2;
    const z = (o.minZ + o.maxZ) / 2;
    b.box(w, o.height, d, x, 0, z, Palette.wall, { ao: true });
    b.box(w + 0.08, 0.35, d + 0.08, x, 0, z, Palette.plinth, { ao: true });
    b.box(w + 0.2, 0.26, d + 0.2, x, o.height - 0.02, z, accent(o));
    casters.push({ kind: 'box', ...o });
  }
};

/**
 * A window through a wall: a frame and glass that stand a little proud of both faces, so they
 * never share a plane with the wall. `alongX` for walls that run along x.
 */
const windowAt = (
  b: StaticBuilder,
  x: number,
  z: number,
  alongX: boolean,
  w = 1.6,
  h = 1.7,
  sill = 1.1,
) => {
  const ry = alongX ? 0 : Math.PI / 2;
  b.box(w + 0.2, h + 0.2, 0.58, x, sill - 0.1, z, Palette.trim, { ry });
  b.box(w, h, 0.64, x, sill, z, Palette.glass, { ry });
  b.box(0.06, h, 0.66, x, sill, z, Palette.wall, { ry });
  b.box(w + 0.3, 0.08, 0.72, x, sill - 0.12, z, Palette.stone, { ry });
};

/** The campus's own dressing: windows, door frames, the classroom canopy and the welcome board. */
export const addCampusFacades = (b: StaticBuilder, casters: ShadowCaster[]) => {
  // Gallery hall (x -14..14, z -34..-14): windows clear of the poster slots.
  for (const z of [-18.5, -29.5]) {
    windowAt(b, -13.75, z, false);
    windowAt(b, 13.75, z, false);
  }
  for (const x of [-11.5, 11.5]) windowAt(b, x, -14.25, true);
  // Its door: a lintel over the opening and an indigo frame around it.
  b.box(4, 0.9, 0.5, 0, 3.1, -14.25, Palette.wall);
  b.box(4.6, 0.22, 0.7, 0, 3.0, -14.25, Palette.indigoDeep);
  for (const x of [-2.15, 2.15]) b.box(0.3, 3.0, 0.7, x, 0, -14.25, Palette.indigoDeep);

  // Classroom building (x 18..34, z -10.5..10.5).
  for (const x of [21.5, 25, 28.5, 31.5]) {
    windowAt(b, x, -10.25, true);
    windowAt(b, x, 10.25, true);
  }
  for (const z of [-6.5, 6.5]) windowAt(b, 18.25, z, false);
  // No windows in the east wall: the three class boards hang on it.
  b.box(0.5, 0.9, 4, 18.25, 3.1, 0, Palette.wall);
  for (const z of [-2.15, 2.15]) b.box(0.7, 3.0, 0.3, 18.25, 0, z, Palette.tealDeep);
  // A canopy over the classroom door on two posts.
  b.box(2.4, 0.16, 5.4, 16.9, 3.05, 0, Palette.teal);
  for (const z of [-2.5, 2.5]) {
    b.add(new THREE.CylinderGeometry(0.07, 0.07, 3.05, 8), Palette.trim, place(15.9, 1.525, z));
  }
  casters.push({ kind: 'box', minX: 15.7, minZ: -2.7, maxX: 18.1, maxZ: 2.7, height: 3.1 });

  // The welcome board by the plaza, on two posts.
  b.box(1.8, 1.1, 0.08, -3.4, 0.9, 12, Palette.woodDark);
  for (const x of [-4.2, -2.6]) b.box(0.1, 1.0, 0.1, x, 0, 12, Palette.woodDark);
  casters.push({ kind: 'box', minX: -4.3, minZ: 11.95, maxX: -2.5, maxZ: 12.05, height: 2 });
};

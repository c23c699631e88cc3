import type { Obstacle, WorldLayout } from '@atrium/protocol';
import * as THREE from 'three';
import { seeded, StaticBuilder, SUN_DIRECTION } from './bake.ts';
import { addCampusFacades, addWalls } from './campus-buildings.ts';
import { paintCampusGround } from './campus-ground.ts';
import {
  bench,
  fountainStone,
  fountainWater,
  galleryFurniture,
  hedge,
  lamp,
  planter,
  posterLight,
  tree,
} from './campus-props.ts';
import { buildSigns } from './campus-signs.ts';
import { classroomFurniture } from './classroom-furniture.ts';
import type { ShadowCaster } from './ground-texture.ts';
import { Palette } from './palette.ts';
import { buildSky } from './sky.ts';
import { buildVoiceAreaLabels } from './voice-areas.ts';

/** The campus scene and the parts the frame loop needs to move or animate. */
export interface CampusScene {
  scene: THREE.Scene;
  /** The sun: it lights the avatars; it stays put, as the scenery's light is baked in. */
  sun: THREE.DirectionalLight;
  /** The walkable floor, for double-click raycasts. */
  ground: THREE.Mesh;
  /** Per-frame animation of the scenery (fountain water). */
  update(ambientSeconds: number): void;
  dispose(): void;
}

/** The textured ground reaches this far from the centre; the plain far grass goes on beyond. */
const GROUND_RADIUS = 60;

const TREE_SPOTS: readonly [number, number][] = [
  [-9, 15],
  [-13, 21],
  [-8, 28],
  [-15, 32],
  [9, 15],
  [13, 22],
  [8, 30],
  [16, 34],
  [-22, -4],
  [-26, 6],
  [-20, 14],
  [-30, -18],
  [-24, -28],
  [24, 18],
  [30, 26],
  [22, -20],
  [32, -28],
  [-34, 26],
  [-36, -6],
  [38, -16],
  [-4, -38],
  [10, -38],
  [38, 12],
  [-28, 36],
];

/** Trees beyond the walkable bounds, so the campus sits in a park rather than on a table. */
const treeLine = (b: StaticBuilder, casters: ShadowCaster[], random: () => number) => {
  for (let i = 0; i < 34; i += 1) {
    const angle = (i / 34) * Math.PI * 2 + random() * 0.1;
    const r = 46 + random() * 8;
    tree(b, casters, Math.cos(angle) * r, Math.sin(angle) * r, random);
  }
};

const campusDressing = (b: StaticBuilder, casters: ShadowCaster[], layout: WorldLayout) => {
  const random = seeded(7);
  for (const [x, z] of TREE_SPOTS) tree(b, casters, x, z, random);
  treeLine(b, casters, random);
  fountainStone(b);
  casters.push({ kind: 'blob', x: 0, z: 0, radius: 2.7, height: 0.45 });
  for (let i = 0; i < 4; i += 1) {
    const angle = Math.PI / 4 + (i * Math.PI) / 2;
    // Facing the fountain: a bench's front is +z before it turns.
    bench(b, casters, Math.sin(angle) * 7.5, Math.cos(angle) * 7.5, angle + Math.PI);
  }
  // Lamps on the plaza's diagonals, clear of the paths and of the usual camera positions.
  for (let i = 0; i < 4; i += 1) {
    const angle = Math.PI / 4 + (i * Math.PI) / 2;
    lamp(b, Math.sin(angle) * 12, Math.cos(angle) * 12);
  }
  for (const z of [18, 26, 34]) for (const x of [-2.4, 2.4]) lamp(b, x, z);
  for (const x of [-3.2, 3.2]) {
    hedge(b, casters, x, 19, 8, true);
    hedge(b, casters, x, 31, 8, true);
  }
  planter(b, casters, -3.4, -12.6, 1);
  planter(b, casters, 3.4, -12.6, 2);
  planter(b, casters, 14.9, -3.6, 3);
  planter(b, casters, 14.9, 3.6, 4);
  planter(b, casters, 12.2, 7.5, 5);
  planter(b, casters, -12.2, -7.5, 6);
  addCampusFacades(b, casters);
  galleryFurniture(b, casters);
  for (const slot of layout.posterSlots) posterLight(b, slot);
  if (layout.classrooms) classroomFurniture(b, casters, layout.classrooms);
};

/** Grass beyond the textured ground, fading into the horizon colour toward the sky. */
const farGrass = (): THREE.BufferGeometry => {
  const geometry = new THREE.RingGeometry(GROUND_RADIUS - 0.5, 420, 48, 4);
  const position = geometry.getAttribute('position');
  const colors = new Float32Array(position.count * 3);
  const grass = new THREE.Color(Palette.grassFar);
  const horizon = new THREE.Color(Palette.skyHorizon);
  const c = new THREE.Color();
  for (let i = 0; i < position.count; i += 1) {
    const r = Math.hypot(position.getX(i), position.getY(i));
    const t = Math.min(1, Math.max(0, (r - 90) / 300));
    c.copy(grass)
      .lerp(horizon, Math.pow(t, 0.7))
      .toArray(colors, i * 3);
  }
  geometry.setAttribute('color', new THREE.BufferAttribute(colors, 3));
  return geometry;
};

/** The gallery's walls wear indigo, everything else teal. */
const campusAccent = (o: Obstacle) => (o.maxZ <= -13.9 ? Palette.indigo : Palette.teal);

/**
 * Builds the scene from its layout. The scenery is baked: light and shadow live in vertex colours
 * and in the ground texture, the static parts are merged into one mesh, and nothing casts a
 * real-time shadow, because software GL cannot afford shadow maps at 30 fps.
 */
export const buildCampusScene = (layout: WorldLayout): CampusScene => {
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(Palette.skyHorizon);
  // No fog: it costs every pixel a blend. The far grass fades into the horizon colour instead.
  scene.add(buildSky());

  // The avatars are the only lit surfaces.
  const hemi = new THREE.HemisphereLight('#dde8ff', '#7c9a6a', 1.9);
  const sun = new THREE.DirectionalLight('#fff1dc', 1.9);
  // Fixed: the scenery's light is baked from this direction, so moving the sun would only make
  // the avatars disagree with it.
  sun.position.copy(SUN_DIRECTION).multiplyScalar(40);
  sun.updateMatrixWorld();
  sun.target.updateMatrixWorld();
  sun.matrixAutoUpdate = false;
  sun.target.matrixAutoUpdate = false;
  scene.add(hemi, sun);

  const casters: ShadowCaster[] = [];
  const b = new StaticBuilder();
  addWalls(b, casters, layout, campusAccent);
  const campus = layout.id === 'campus';
  if (campus) campusDressing(b, casters, layout);
  const sceneryMaterial = new THREE.MeshBasicMaterial({ vertexColors: true });
  const scenery = new THREE.Group();
  scenery.name = 'scenery';
  for (const geometry of b.build()) scenery.add(new THREE.Mesh(geometry, sceneryMaterial));
  scene.add(scenery);
  if (campus) scene.add(buildSigns(layout.classrooms));

  const groundTexture = paintCampusGround(layout, GROUND_RADIUS * 2, casters);
  const ground = new THREE.Mesh(
    new THREE.CircleGeometry(GROUND_RADIUS, 48),
    new THREE.MeshBasicMaterial({ map: groundTexture }),
  );
  ground.name = 'ground';
  ground.rotation.x = -Math.PI / 2;
  // After the scenery and avatars, so the depth test skips the ground they cover.
  ground.renderOrder = 0.5;
  scene.add(ground);
  const far = new THREE.Mesh(farGrass(), new THREE.MeshBasicMaterial({ vertexColors: true }));
  far.rotation.x = -Math.PI / 2;
  far.position.y = -0.02;
  far.renderOrder = 0.5;
  scene.add(far);

  const voiceLabels = buildVoiceAreaLabels(layout.voiceAreas ?? [], layout.spawn);
  if (voiceLabels) scene.add(voiceLabels);

  const water = campus ? fountainWater() : null;
  if (water) scene.add(water);

  return {
    scene,
    sun,
    ground,
    update(t) {
      if (!water) return;
      water.position.y = 0.62 + Math.sin(t * 1.7) * 0.015;
      water.rotation.z = t * 0.08;
    },
    dispose() {
      scene.traverse((object) => {
        if (!(object instanceof THREE.Mesh || object instanceof THREE.Sprite)) return;
        const { geometry, material } = object as THREE.Mesh<
          THREE.BufferGeometry,
          THREE.Material | THREE.Material[]
        >;
        geometry.dispose();
        for (const m of Array.isArray(material) ? material : [material]) {
          for (const value of Object.values(m)) if (value instanceof THREE.Texture) value.dispose();
          m.dispose();
        }
      });
    },
  };
};

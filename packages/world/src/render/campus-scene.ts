import type { Obstacle, WorldLayout } from '@atrium/protocol';
import * as THREE from 'three';
import { addProps } from './campus-props.ts';
import { Palette } from './palette.ts';

/** The campus scene and the parts the frame loop needs to move or animate. */
export interface CampusScene {
  scene: THREE.Scene;
  /** The sun; its shadow box follows the local avatar. */
  sun: THREE.DirectionalLight;
  /** The walkable floor, for double-click raycasts. */
  ground: THREE.Mesh;
  /** Per-frame animation of the scenery (fountain water). */
  update(timeSeconds: number): void;
  dispose(): void;
}

const SHADOW_MAP_SIZE = 512;
const SHADOW_HALF_EXTENT = 22;

const skyDome = (): THREE.Mesh => {
  const material = new THREE.ShaderMaterial({
    side: THREE.BackSide,
    depthWrite: false,
    fog: false,
    uniforms: {
      top: { value: new THREE.Color(Palette.skyTop) },
      horizon: { value: new THREE.Color(Palette.skyHorizon) },
    },
    vertexShader: `varying vec3 vDir;
      void main() { vDir = normalize(position); gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }`,
    fragmentShader: `uniform vec3 top; uniform vec3 horizon; varying vec3 vDir;
      void main() { float t = pow(clamp(vDir.y, 0.0, 1.0), 0.55); gl_FragColor = vec4(mix(horizon, top, t), 1.0); }`,
  });
  const dome = new THREE.Mesh(new THREE.SphereGeometry(400, 24, 12), material);
  dome.renderOrder = -1;
  return dome;
};

const standard = (color: string, roughness = 0.9) =>
  new THREE.MeshStandardMaterial({ color, roughness, metalness: 0 });

const box = (
  w: number,
  h: number,
  d: number,
  material: THREE.Material,
  x: number,
  y: number,
  z: number,
): THREE.Mesh => {
  const mesh = new THREE.Mesh(new THREE.BoxGeometry(w, h, d), material);
  mesh.position.set(x, y, z);
  mesh.castShadow = true;
  mesh.receiveShadow = true;
  return mesh;
};

const obstacleBox = (o: Obstacle, material: THREE.Material): THREE.Mesh =>
  box(
    o.maxX - o.minX,
    o.height,
    o.maxZ - o.minZ,
    material,
    (o.minX + o.maxX) / 2,
    o.height / 2,
    (o.minZ + o.maxZ) / 2,
  );

const isFountain = (o: Obstacle) => o.height < 2 && Math.abs(o.minX + o.maxX) < 1;

/** The floor: grass to the horizon, the paved plaza and the paths to the two doors. */
const buildGround = (scene: THREE.Scene, layout: WorldLayout): THREE.Mesh => {
  const far = new THREE.Mesh(new THREE.CircleGeometry(300, 32), standard(Palette.grassFar));
  far.rotation.x = -Math.PI / 2;
  far.position.y = -0.02;
  far.receiveShadow = true;
  scene.add(far);

  const { minX, minZ, maxX, maxZ } = layout.bounds;
  const ground = new THREE.Mesh(
    new THREE.PlaneGeometry(maxX - minX, maxZ - minZ),
    standard(Palette.grass),
  );
  ground.rotation.x = -Math.PI / 2;
  ground.position.set((minX + maxX) / 2, 0, (minZ + maxZ) / 2);
  ground.receiveShadow = true;
  scene.add(ground);

  const paving = standard(Palette.paving, 0.95);
  const plaza = new THREE.Mesh(new THREE.CircleGeometry(11, 48), paving);
  plaza.rotation.x = -Math.PI / 2;
  plaza.position.y = 0.01;
  plaza.receiveShadow = true;
  scene.add(plaza);
  const ring = new THREE.Mesh(new THREE.RingGeometry(10.6, 11.2, 48), standard(Palette.pavingEdge));
  ring.rotation.x = -Math.PI / 2;
  ring.position.y = 0.015;
  scene.add(ring);

  const path = (w: number, d: number, x: number, z: number) => {
    const mesh = new THREE.Mesh(new THREE.PlaneGeometry(w, d), paving);
    mesh.rotation.x = -Math.PI / 2;
    mesh.position.set(x, 0.008, z);
    mesh.receiveShadow = true;
    scene.add(mesh);
  };
  path(4, 6, 0, -13); // plaza to the gallery door
  path(9, 4, 14.5, 0); // plaza to the classroom door
  path(3, 30, 0, 25); // south walk from the spawn
  return ground;
};

/** Inside floors, wall trims and the roofs that make the boxes read as buildings. */
const buildHalls = (scene: THREE.Scene): void => {
  const floor = (material: THREE.Material, x0: number, z0: number, x1: number, z1: number) => {
    const mesh = new THREE.Mesh(new THREE.PlaneGeometry(x1 - x0, z1 - z0), material);
    mesh.rotation.x = -Math.PI / 2;
    mesh.position.set((x0 + x1) / 2, 0.012, (z0 + z1) / 2);
    mesh.receiveShadow = true;
    scene.add(mesh);
  };
  floor(standard(Palette.galleryFloor, 0.7), -13.5, -33.5, 13.5, -14.5);
  floor(standard(Palette.classFloor, 0.8), 18.5, -10, 33.5, 10);

  // Coping along the top of each building's walls, in the brand colours.
  const coping = (color: string, x0: number, z0: number, x1: number, z1: number, h: number) => {
    const m = standard(color, 0.6);
    const t = 0.7;
    scene.add(box(x1 - x0 + t, 0.3, t, m, (x0 + x1) / 2, h + 0.15, z0));
    scene.add(box(x1 - x0 + t, 0.3, t, m, (x0 + x1) / 2, h + 0.15, z1));
    scene.add(box(t, 0.3, z1 - z0, m, x0, h + 0.15, (z0 + z1) / 2));
    scene.add(box(t, 0.3, z1 - z0, m, x1, h + 0.15, (z0 + z1) / 2));
  };
  coping(Palette.indigo, -13.75, -33.75, 13.75, -14.25, 4);
  coping(Palette.teal, 18.25, -10.25, 33.75, 10.25, 4);

  // Door frames: a lintel over each doorway, so the gap reads as an entrance.
  scene.add(box(4.6, 0.8, 0.7, standard(Palette.indigo, 0.6), 0, 3.6, -14.25));
  const canopy = box(2.2, 0.15, 5.6, standard(Palette.teal, 0.5), 17.3, 3.2, 0);
  scene.add(canopy);
  for (const z of [-2.6, 2.6]) {
    const post = new THREE.Mesh(
      new THREE.CylinderGeometry(0.08, 0.08, 3.2, 8),
      standard(Palette.trim, 0.5),
    );
    post.position.set(16.4, 1.6, z);
    post.castShadow = true;
    scene.add(post);
  }
};

/** Builds the campus from its layout: floor, buildings, props, sky and light. */
export const buildCampusScene = (layout: WorldLayout): CampusScene => {
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(Palette.skyHorizon);
  scene.fog = new THREE.Fog(Palette.skyHorizon, 45, 160);
  scene.add(skyDome());

  const hemi = new THREE.HemisphereLight(Palette.skyTop, Palette.grassFar, 1.1);
  scene.add(hemi);
  const sun = new THREE.DirectionalLight('#fff4e0', 2.6);
  sun.position.set(18, 30, 12);
  sun.castShadow = true;
  sun.shadow.mapSize.set(SHADOW_MAP_SIZE, SHADOW_MAP_SIZE);
  const cam = sun.shadow.camera;
  cam.left = cam.bottom = -SHADOW_HALF_EXTENT;
  cam.right = cam.top = SHADOW_HALF_EXTENT;
  cam.near = 1;
  cam.far = 90;
  sun.shadow.bias = -0.0008;
  sun.shadow.normalBias = 0.04;
  scene.add(sun, sun.target);

  const ground = buildGround(scene, layout);
  const wallMaterial = standard(Palette.wall, 0.85);
  for (const o of layout.obstacles) if (!isFountain(o)) scene.add(obstacleBox(o, wallMaterial));
  buildHalls(scene);
  const props = addProps(scene);

  return {
    scene,
    sun,
    ground,
    update: (t) => props.update(t),
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

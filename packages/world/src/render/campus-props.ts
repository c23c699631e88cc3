import * as THREE from 'three';
import { Palette } from './palette.ts';

const standard = (color: string, roughness = 0.9, flat = false) =>
  new THREE.MeshStandardMaterial({ color, roughness, metalness: 0, flatShading: flat });

const shadowed = <T extends THREE.Object3D>(object: T): T => {
  object.traverse((o) => {
    o.castShadow = true;
    o.receiveShadow = true;
  });
  return object;
};

/** A small deterministic random source, so the campus looks the same on every visit. */
const seeded = (seed: number) => () => {
  seed = (seed * 16807) % 2147483647;
  return (seed - 1) / 2147483646;
};

const fountain = (): { group: THREE.Group; water: THREE.Mesh } => {
  const group = new THREE.Group();
  const stone = standard(Palette.stone, 0.8, true);
  const basin = new THREE.Mesh(new THREE.CylinderGeometry(2.5, 2.7, 0.7, 10), stone);
  basin.position.y = 0.35;
  const water = new THREE.Mesh(
    new THREE.CylinderGeometry(2.2, 2.2, 0.1, 20),
    new THREE.MeshStandardMaterial({ color: Palette.water, roughness: 0.15, metalness: 0.1 }),
  );
  water.position.y = 0.62;
  const pillar = new THREE.Mesh(new THREE.CylinderGeometry(0.3, 0.45, 1.6, 8), stone);
  pillar.position.y = 1.1;
  const bowl = new THREE.Mesh(new THREE.CylinderGeometry(0.9, 0.35, 0.35, 10), stone);
  bowl.position.y = 1.95;
  const spout = new THREE.Mesh(
    new THREE.ConeGeometry(0.25, 0.7, 8),
    new THREE.MeshStandardMaterial({ color: '#bff3ee', transparent: true, opacity: 0.8 }),
  );
  spout.position.y = 2.45;
  group.add(basin, water, pillar, bowl, spout);
  shadowed(group);
  water.castShadow = false;
  return { group, water };
};

const tree = (random: () => number): THREE.Group => {
  const group = new THREE.Group();
  const height = 1.4 + random() * 0.8;
  const trunk = new THREE.Mesh(
    new THREE.CylinderGeometry(0.12, 0.18, height, 6),
    standard(Palette.trunk, 1, true),
  );
  trunk.position.y = height / 2;
  group.add(trunk);
  const leaves = standard(
    Palette.leaves[Math.floor(random() * Palette.leaves.length)] ?? '#5f9e6e',
    0.9,
    true,
  );
  const blobs = 2 + Math.floor(random() * 2);
  for (let i = 0; i < blobs; i += 1) {
    const r = 1.1 - i * 0.25 + random() * 0.2;
    const blob = new THREE.Mesh(new THREE.IcosahedronGeometry(r, 0), leaves);
    blob.position.set((random() - 0.5) * 0.5, height + 0.5 + i * 0.75, (random() - 0.5) * 0.5);
    blob.rotation.set(random() * 3, random() * 3, 0);
    group.add(blob);
  }
  return shadowed(group);
};

const bench = (): THREE.Group => {
  const group = new THREE.Group();
  const wood = standard(Palette.wood, 0.8);
  const metal = standard(Palette.trim, 0.5);
  const seat = new THREE.Mesh(new THREE.BoxGeometry(2, 0.08, 0.5), wood);
  seat.position.y = 0.45;
  const back = new THREE.Mesh(new THREE.BoxGeometry(2, 0.4, 0.06), wood);
  back.position.set(0, 0.75, -0.24);
  back.rotation.x = -0.15;
  group.add(seat, back);
  for (const x of [-0.85, 0.85]) {
    const leg = new THREE.Mesh(new THREE.BoxGeometry(0.08, 0.45, 0.45), metal);
    leg.position.set(x, 0.22, 0);
    group.add(leg);
  }
  return shadowed(group);
};

/** A poster: an abstract print drawn on a canvas, different for every seed. */
const poster = (color: string, seed: number): THREE.Mesh => {
  const canvas = document.createElement('canvas');
  canvas.width = 128;
  canvas.height = 176;
  const ctx = canvas.getContext('2d');
  const random = seeded(seed);
  if (ctx) {
    ctx.fillStyle = '#faf8f3';
    ctx.fillRect(0, 0, 128, 176);
    ctx.fillStyle = color;
    ctx.fillRect(10, 10, 108, 124);
    for (let i = 0; i < 4; i += 1) {
      ctx.fillStyle = Palette.posters[Math.floor(random() * Palette.posters.length)] ?? '#fff';
      ctx.globalAlpha = 0.85;
      ctx.beginPath();
      ctx.arc(20 + random() * 88, 20 + random() * 104, 10 + random() * 26, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.globalAlpha = 1;
    ctx.fillStyle = '#3f3f5a';
    ctx.fillRect(10, 146, 70, 8);
    ctx.fillRect(10, 160, 44, 6);
  }
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  const frame = new THREE.Mesh(
    new THREE.PlaneGeometry(2.2, 3),
    new THREE.MeshStandardMaterial({ map: texture, roughness: 0.7 }),
  );
  frame.receiveShadow = true;
  return frame;
};

/** Posters on the gallery's inner walls: three on the north wall, one on each side wall… */
const POSTER_SPOTS: readonly { x: number; z: number; ry: number }[] = [
  { x: -7, z: -33.45, ry: 0 },
  { x: 0, z: -33.45, ry: 0 },
  { x: 7, z: -33.45, ry: 0 },
  { x: -13.45, z: -24, ry: Math.PI / 2 },
  { x: 13.45, z: -24, ry: -Math.PI / 2 },
  { x: -8, z: -14.55, ry: Math.PI },
];

const classroom = (scene: THREE.Scene): void => {
  const desk = standard(Palette.wood, 0.7);
  const chair = standard(Palette.tealDeep, 0.7);
  for (let row = 0; row < 3; row += 1) {
    for (let col = 0; col < 3; col += 1) {
      const x = 23 + row * 3.2;
      const z = -5 + col * 5;
      const top = new THREE.Mesh(new THREE.BoxGeometry(1, 0.08, 1.8), desk);
      top.position.set(x, 0.75, z);
      const seat = new THREE.Mesh(new THREE.BoxGeometry(0.5, 0.5, 0.5), chair);
      seat.position.set(x + 0.9, 0.25, z);
      scene.add(shadowed(top), shadowed(seat));
    }
  }
  const board = new THREE.Mesh(new THREE.BoxGeometry(0.1, 1.6, 6), standard('#25324a', 0.6));
  board.position.set(33.4, 2, 0);
  scene.add(board);
};

/** Adds the fountain, trees, benches, posters and classroom furniture; returns their animation. */
export const addProps = (scene: THREE.Scene): { update(timeSeconds: number): void } => {
  const { group, water } = fountain();
  scene.add(group);

  const random = seeded(7);
  const treeSpots: [number, number][] = [
    [-9, 14],
    [-13, 20],
    [-8, 27],
    [-15, 31],
    [9, 15],
    [13, 22],
    [8, 30],
    [16, 33],
    [-22, -4],
    [-26, 6],
    [-20, 12],
    [-30, -18],
    [-24, -28],
    [24, 18],
    [30, 26],
    [22, -20],
    [32, -28],
    [-34, 26],
  ];
  for (const [x, z] of treeSpots) {
    const t = tree(random);
    t.position.set(x, 0, z);
    t.rotation.y = random() * Math.PI;
    scene.add(t);
  }

  for (let i = 0; i < 4; i += 1) {
    const angle = Math.PI / 4 + (i * Math.PI) / 2;
    const b = bench();
    b.position.set(Math.sin(angle) * 7.5, 0, Math.cos(angle) * 7.5);
    // Facing the fountain: the bench's front is +z.
    b.rotation.y = angle + Math.PI;
    scene.add(b);
  }

  POSTER_SPOTS.forEach((spot, i) => {
    const p = poster(Palette.posters[i % Palette.posters.length] ?? '#4f46e5', 11 + i * 13);
    p.position.set(spot.x, 2, spot.z);
    p.rotation.y = spot.ry;
    scene.add(p);
  });
  classroom(scene);

  return {
    update(timeSeconds) {
      water.position.y = 0.62 + Math.sin(timeSeconds * 1.7) * 0.015;
      water.rotation.y = timeSeconds * 0.05;
    },
  };
};

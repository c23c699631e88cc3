import * as THREE from 'three';
import { place, seeded, type StaticBuilder } from './bake.ts';
import type { ShadowCaster } from './ground-texture.ts';
import { Palette } from './palette.ts';

/** Where props stand; the campus adds them to its static builder and bakes their shadows. */
type Casters = ShadowCaster[];

/** A low-poly tree: a trunk and two or three faceted crowns. */
export const tree = (
  b: StaticBuilder,
  casters: Casters,
  x: number,
  z: number,
  random: () => number,
) => {
  const height = 1.5 + random() * 0.9;
  b.add(
    new THREE.CylinderGeometry(0.12, 0.2, height, 5, 1, true),
    Palette.trunk,
    place(x, height / 2, z),
    {
      ao: true,
    },
  );
  const color = Palette.leaves[Math.floor(random() * Palette.leaves.length)] ?? Palette.hedge;
  const crowns = 2 + Math.floor(random() * 2);
  let top = height;
  for (let i = 0; i < crowns; i += 1) {
    const r = 1.15 - i * 0.28 + random() * 0.2;
    const y = height + 0.45 + i * 0.8;
    top = y + r;
    b.add(
      new THREE.DodecahedronGeometry(r, 0),
      color,
      place(
        x + (random() - 0.5) * 0.5,
        y,
        z + (random() - 0.5) * 0.5,
        random() * 3,
        [1, 0.9, 1],
        random(),
      ),
      { jitter: 0.1 },
    );
  }
  casters.push({ kind: 'blob', x, z, radius: 1.2, height: (height + top) / 2 });
};

/** A park bench facing +z before `ry` turns it. */
export const bench = (b: StaticBuilder, casters: Casters, x: number, z: number, ry: number) => {
  const at = (dx: number, dy: number, dz: number) => {
    const c = Math.cos(ry);
    const s = Math.sin(ry);
    return [x + dx * c + dz * s, dy, z - dx * s + dz * c] as const;
  };
  const piece = (
    w: number,
    h: number,
    d: number,
    p: readonly [number, number, number],
    color: string,
    rx = 0,
  ) => {
    const g = new THREE.BoxGeometry(w, h, d);
    b.add(g, color, place(p[0], p[1], p[2], ry, 1, rx));
  };
  piece(2, 0.08, 0.5, at(0, 0.46, 0), Palette.wood);
  piece(2, 0.36, 0.06, at(0, 0.78, -0.24), Palette.wood, -0.18);
  for (const dx of [-0.85, 0.85]) piece(0.08, 0.46, 0.46, at(dx, 0.23, 0), Palette.metal);
  casters.push({ kind: 'blob', x, z, radius: 0.7, height: 0.5 });
};

/** A street lamp with a warm glass head. */
export const lamp = (b: StaticBuilder, x: number, z: number) => {
  b.add(new THREE.CylinderGeometry(0.09, 0.14, 0.3, 6, 1, true), Palette.metal, place(x, 0.15, z));
  b.add(new THREE.CylinderGeometry(0.05, 0.06, 3, 5, 1, true), Palette.metal, place(x, 1.6, z));
  b.add(new THREE.CylinderGeometry(0.2, 0.14, 0.42, 6), Palette.lampGlow, place(x, 3.25, z), {
    unlit: true,
  });
  b.add(new THREE.ConeGeometry(0.3, 0.2, 6, 1, true), Palette.metal, place(x, 3.56, z));
};

/** A stone planter with a shrub and flowers. */
export const planter = (b: StaticBuilder, casters: Casters, x: number, z: number, seed: number) => {
  const random = seeded(seed);
  b.box(1.2, 0.5, 1.2, x, 0, z, Palette.stone, { ao: true });
  b.box(1.04, 0.04, 1.04, x, 0.5, z, Palette.soil);
  b.add(new THREE.DodecahedronGeometry(0.42, 0), Palette.hedge, place(x, 0.85, z, random() * 3), {
    jitter: 0.1,
  });
  for (let i = 0; i < 5; i += 1) {
    const a = (i / 5) * Math.PI * 2 + random();
    const color = Palette.flowers[Math.floor(random() * Palette.flowers.length)] ?? '#fff';
    b.add(
      new THREE.TetrahedronGeometry(0.12, 0),
      color,
      place(x + Math.cos(a) * 0.38, 0.62, z + Math.sin(a) * 0.38),
    );
  }
  casters.push({
    kind: 'box',
    minX: x - 0.6,
    minZ: z - 0.6,
    maxX: x + 0.6,
    maxZ: z + 0.6,
    height: 0.9,
  });
};

/** A clipped hedge along x (or z when `alongZ`). */
export const hedge = (
  b: StaticBuilder,
  casters: Casters,
  x: number,
  z: number,
  length: number,
  alongZ = false,
) => {
  const w = alongZ ? 0.8 : length;
  const d = alongZ ? length : 0.8;
  b.box(w, 0.9, d, x, 0, z, Palette.hedge, { jitter: 0.04, ao: true });
  b.box(w - 0.1, 0.1, d - 0.1, x, 0.9, z, Palette.leaves[1], { jitter: 0.04 });
  casters.push({
    kind: 'box',
    minX: x - w / 2,
    minZ: z - d / 2,
    maxX: x + w / 2,
    maxZ: z + d / 2,
    height: 1,
  });
};

/** The plaza fountain's stone; the water is a separate, animated mesh. */
export const fountainStone = (b: StaticBuilder) => {
  b.add(new THREE.CylinderGeometry(2.5, 2.7, 0.7, 20), Palette.stone, place(0, 0.35, 0), {
    ao: true,
    jitter: 0.03,
  });
  b.add(new THREE.CylinderGeometry(2.62, 2.62, 0.12, 20), Palette.stoneDark, place(0, 0.74, 0));
  b.add(new THREE.CylinderGeometry(0.3, 0.45, 1.6, 10), Palette.stone, place(0, 1.2, 0));
  b.add(new THREE.CylinderGeometry(0.95, 0.35, 0.35, 14), Palette.stone, place(0, 2.05, 0));
  b.add(new THREE.CylinderGeometry(0.82, 0.82, 0.04, 14), Palette.water, place(0, 2.2, 0), {
    unlit: true,
  });
  b.add(new THREE.ConeGeometry(0.2, 0.6, 8), '#c9f4ef', place(0, 2.5, 0), { unlit: true });
};

/** The fountain's water: a disc with light and dark sectors that turns slowly. */
export const fountainWater = (): THREE.Mesh => {
  const geometry = new THREE.CircleGeometry(2.3, 24).toNonIndexed();
  const position = geometry.getAttribute('position');
  const colors = new Float32Array(position.count * 3);
  const light = new THREE.Color(Palette.water);
  const deep = new THREE.Color(Palette.waterDeep);
  const c = new THREE.Color();
  for (let i = 0; i < position.count; i += 1) {
    const r = Math.hypot(position.getX(i), position.getY(i)) / 2.3;
    const sector = Math.floor(i / 3) % 3 === 0 ? 0.35 : 0;
    c.copy(deep).lerp(light, Math.min(1, r * 0.8 + sector));
    c.toArray(colors, i * 3);
  }
  geometry.setAttribute('color', new THREE.BufferAttribute(colors, 3));
  geometry.deleteAttribute('normal');
  geometry.deleteAttribute('uv');
  const water = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ vertexColors: true }));
  water.rotation.x = -Math.PI / 2;
  water.position.y = 0.62;
  return water;
};

/** Plinths with sculptures and benches in the gallery (x -14..14, z -34..-14). */
export const galleryFurniture = (b: StaticBuilder, casters: Casters) => {
  for (const [x, z, kind] of [
    [-6, -24, 0],
    [6, -24, 1],
  ] as const) {
    b.box(1, 1.1, 1, x, 0, z, Palette.wallInside, { ao: true });
    const sculpture =
      kind === 0
        ? new THREE.TorusKnotGeometry(0.3, 0.1, 32, 5)
        : new THREE.IcosahedronGeometry(0.42, 0);
    b.add(sculpture, kind === 0 ? Palette.indigo : '#f2b441', place(x, 1.6, z, 0.6), {
      jitter: 0.05,
    });
    casters.push({
      kind: 'box',
      minX: x - 0.5,
      minZ: z - 0.5,
      maxX: x + 0.5,
      maxZ: z + 0.5,
      height: 1.4,
    });
  }
  bench(b, casters, 0, -27.5, 0);
  bench(b, casters, 0, -20.5, Math.PI);
  for (const [x, z] of [
    [-12.6, -32.6],
    [12.6, -32.6],
    [-12.6, -15.4],
    [12.6, -15.4],
  ] as const) {
    pottedPlant(b, casters, x, z);
  }
};

/** A gallery spotlight on top of the wall above a poster slot, leaning over the picture. */
export const posterLight = (b: StaticBuilder, slot: { x: number; z: number; ry: number }) => {
  const nx = Math.sin(slot.ry);
  const nz = Math.cos(slot.ry);
  b.box(0.08, 0.08, 0.5, slot.x + nx * 0.25, 3.86, slot.z + nz * 0.25, Palette.trim, {
    ry: slot.ry,
  });
  b.add(
    new THREE.CylinderGeometry(0.09, 0.13, 0.26, 6),
    Palette.trim,
    place(slot.x + nx * 0.5, 3.78, slot.z + nz * 0.5, slot.ry, 1, -0.5),
  );
};

/** A potted plant: a terracotta pot and a round shrub. */
export const pottedPlant = (b: StaticBuilder, casters: Casters, x: number, z: number) => {
  b.add(new THREE.CylinderGeometry(0.32, 0.24, 0.55, 7), '#c8734e', place(x, 0.275, z), {
    ao: true,
  });
  b.add(new THREE.DodecahedronGeometry(0.5, 0), Palette.leaves[2], place(x, 1.0, z, x), {
    jitter: 0.1,
  });
  b.add(
    new THREE.DodecahedronGeometry(0.34, 0),
    Palette.leaves[1],
    place(x + 0.1, 1.45, z - 0.05, z),
    {
      jitter: 0.1,
    },
  );
  casters.push({ kind: 'blob', x, z, radius: 0.45, height: 1 });
};

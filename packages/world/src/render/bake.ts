import * as THREE from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';

/**
 * Toward the sun: from the south-west and high, so the faces people look at from the plaza (the
 * gallery's south front, the classroom's west front) are in the light.
 */
export const SUN_DIRECTION = new THREE.Vector3(-0.42, 0.8, 0.46).normalize();

/** Light that reaches a face: sky from above, bounce from the grass, and the sun. */
const SKY_LIGHT = new THREE.Color(0.6, 0.63, 0.7);
const GROUND_LIGHT = new THREE.Color(0.5, 0.52, 0.44);
const SUN_LIGHT = new THREE.Color(0.5, 0.47, 0.4);

/** Side of the square ground cells the scenery is merged by. */
const CELL = 16;

/** How a piece is coloured when it is baked. */
export interface BakeOptions {
  /** Darkens the lower 1.6 m, as a wall or trunk is darker where it meets the ground. */
  ao?: boolean;
  /** Ignores light: lamp glass, screens and anything meant to glow. */
  unlit?: boolean;
  /** Random brightness per triangle, for faceted foliage and stone; 0.08 is subtle. */
  jitter?: number;
}

/** A transform from position, rotation around y (then x, z) and scale. */
export const place = (
  x: number,
  y: number,
  z: number,
  ry = 0,
  scale: number | [number, number, number] = 1,
  rx = 0,
  rz = 0,
): THREE.Matrix4 => {
  const s = typeof scale === 'number' ? [scale, scale, scale] : scale;
  return new THREE.Matrix4().compose(
    new THREE.Vector3(x, y, z),
    new THREE.Quaternion().setFromEuler(new THREE.Euler(rx, ry, rz, 'YXZ')),
    new THREE.Vector3(s[0], s[1], s[2]),
  );
};

/** A small deterministic random source, so the campus looks the same on every visit. */
export const seeded = (seed: number) => () => {
  seed = (seed * 16807) % 2147483647;
  return (seed - 1) / 2147483646;
};

const light = new THREE.Color();
const normal = new THREE.Vector3();

/** The light a face with this (world) normal receives, in linear RGB. */
export const lightFor = (n: THREE.Vector3, out = light): THREE.Color => {
  const up = 0.5 + 0.5 * n.y;
  out.copy(GROUND_LIGHT).lerp(SKY_LIGHT, up);
  const sun = Math.max(0, n.dot(SUN_DIRECTION));
  return out.setRGB(
    out.r + SUN_LIGHT.r * sun,
    out.g + SUN_LIGHT.g * sun,
    out.b + SUN_LIGHT.b * sun,
    THREE.LinearSRGBColorSpace,
  );
};

/**
 * Collects static pieces with their light baked into vertex colours and merges them into one
 * geometry, so the whole campus draws in a handful of calls with an unlit material.
 */
export class StaticBuilder {
  private readonly parts: { geometry: THREE.BufferGeometry; centre: THREE.Vector3 }[] = [];
  private readonly random = seeded(97);

  constructor(private readonly keepUv = false) {}

  /** Adds `geometry` (consumed) transformed by `matrix`, in `color`. */
  add(
    geometry: THREE.BufferGeometry,
    color: THREE.ColorRepresentation,
    matrix: THREE.Matrix4,
    options: BakeOptions = {},
  ): this {
    const g = geometry.index ? geometry.toNonIndexed() : geometry.clone();
    geometry.dispose();
    g.applyMatrix4(matrix);
    const albedo = new THREE.Color(color);
    const position = g.getAttribute('position');
    const normals = g.getAttribute('normal');
    const colors = new Float32Array(position.count * 3);
    let shade = 1;
    for (let i = 0; i < position.count; i += 1) {
      if (options.jitter && i % 3 === 0) shade = 1 + (this.random() * 2 - 1) * options.jitter;
      if (options.unlit) light.setRGB(1, 1, 1);
      else lightFor(normal.fromBufferAttribute(normals, i).normalize());
      let ao = 1;
      if (options.ao) {
        const t = Math.min(1, Math.max(0, position.getY(i) / 1.6));
        ao = 0.7 + 0.3 * t * (2 - t);
      }
      const k = shade * ao;
      colors[i * 3] = albedo.r * light.r * k;
      colors[i * 3 + 1] = albedo.g * light.g * k;
      colors[i * 3 + 2] = albedo.b * light.b * k;
    }
    for (const name of Object.keys(g.attributes)) {
      if (name !== 'position' && !(this.keepUv && name === 'uv')) g.deleteAttribute(name);
    }
    g.setAttribute('color', new THREE.BufferAttribute(colors, 3));
    g.computeBoundingBox();
    const centre = g.boundingBox?.getCenter(new THREE.Vector3()) ?? new THREE.Vector3();
    this.parts.push({ geometry: g, centre });
    return this;
  }

  /** Adds a box of size w×h×d whose base centre is at (x, y, z), turned by `ry`. */
  box(
    w: number,
    h: number,
    d: number,
    x: number,
    y: number,
    z: number,
    color: THREE.ColorRepresentation,
    options: BakeOptions & { ry?: number } = {},
  ): this {
    const geometry = new THREE.BoxGeometry(w, h, d);
    geometry.translate(0, h / 2, 0);
    return this.add(geometry, color, place(x, y, z, options.ry ?? 0), options);
  }

  /**
   * Merges what was added into one geometry per ground cell (`cell` metres square), so the
   * frustum test skips the cells behind the camera; the builder is empty afterwards.
   */
  build(cellSize = CELL): THREE.BufferGeometry[] {
    const cells = new Map<string, THREE.BufferGeometry[]>();
    for (const { geometry, centre } of this.parts) {
      const cell = `${Math.floor(centre.x / cellSize)},${Math.floor(centre.z / cellSize)}`;
      const list = cells.get(cell) ?? [];
      list.push(geometry);
      cells.set(cell, list);
    }
    const merged = [...cells.values()].map((list) => {
      const geometry = mergeGeometries(list, false);
      geometry.computeBoundingSphere();
      return geometry;
    });
    for (const { geometry } of this.parts) geometry.dispose();
    this.parts.length = 0;
    return merged;
  }
}

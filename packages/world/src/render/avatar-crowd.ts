import * as THREE from 'three';
import type { AvatarMeshData } from './avatar-model.ts';
import { lightFor } from './bake.ts';

/** Room per avatar in the shared buffers; the largest look is well under this. */
export const SLOT_VERTICES = 800;
/** Whole triangles only, so no triangle straddles two slots. */
export const SLOT_INDICES = 860 * 3;
/** The same for the far crowd's coarse avatars (`buildAvatarMesh(look, true)`). */
export const FAR_SLOT_VERTICES = 220;
export const FAR_SLOT_INDICES = 170 * 3;
const BLOB_SEGMENTS = 12;
const BLOB_RADIUS = 0.36;

/** One avatar's place in the crowd's buffers. */
export interface CrowdSlot {
  /** Skins the avatar's mesh by its joints' world matrices and writes it, lit, into the crowd. */
  write(joints: readonly THREE.Object3D[], x: number, z: number): void;
  release(): void;
}

/**
 * Every avatar of a scene drawn in two calls: bodies (skinned on the CPU, lit per vertex with the
 * scenery's baked light) and blob shadows. Software GL spends far more on a skinned draw call per
 * avatar than JavaScript spends moving a few hundred vertices.
 */
class Crowd {
  private capacity = 0;
  private readonly free: number[] = [];
  private used = 0;
  readonly bodies: THREE.Mesh<THREE.BufferGeometry, THREE.MeshBasicMaterial>;
  readonly blobs: THREE.Mesh<THREE.BufferGeometry, THREE.MeshBasicMaterial>;

  constructor(
    scene: THREE.Scene,
    private readonly slotVertices: number,
    private readonly slotIndices: number,
    name: string,
  ) {
    this.bodies = new THREE.Mesh(
      new THREE.BufferGeometry(),
      new THREE.MeshBasicMaterial({ vertexColors: true }),
    );
    this.blobs = new THREE.Mesh(
      new THREE.BufferGeometry(),
      new THREE.MeshBasicMaterial({
        color: '#1f2a1c',
        transparent: true,
        opacity: 0.26,
        depthWrite: false,
      }),
    );
    for (const mesh of [this.bodies, this.blobs]) {
      mesh.frustumCulled = false;
      mesh.matrixAutoUpdate = false;
    }
    this.bodies.name = name;
    this.blobs.name = `${name}-shadows`;
    this.blobs.renderOrder = 2;
    this.grow(32);
    scene.add(this.bodies, this.blobs);
  }

  /** Reallocates the buffers for `capacity` avatars, keeping what is written. */
  private grow(capacity: number) {
    const old = this.capacity;
    const body = this.bodies.geometry;
    const position = new Float32Array(capacity * this.slotVertices * 3);
    const color = new Float32Array(capacity * this.slotVertices * 3);
    const index = new Uint32Array(capacity * this.slotIndices);
    if (old > 0) {
      position.set(body.getAttribute('position').array);
      color.set(body.getAttribute('color').array);
      index.set(body.index?.array ?? []);
    }
    const next = new THREE.BufferGeometry();
    next.setAttribute(
      'position',
      new THREE.BufferAttribute(position, 3).setUsage(THREE.DynamicDrawUsage),
    );
    next.setAttribute(
      'color',
      new THREE.BufferAttribute(color, 3).setUsage(THREE.DynamicDrawUsage),
    );
    next.setIndex(new THREE.BufferAttribute(index, 1));
    body.dispose();
    this.bodies.geometry = next;

    const blobPositions = new Float32Array(capacity * BLOB_SEGMENTS * 3 * 3);
    if (old > 0) blobPositions.set(this.blobs.geometry.getAttribute('position').array);
    const blobs = new THREE.BufferGeometry();
    blobs.setAttribute(
      'position',
      new THREE.BufferAttribute(blobPositions, 3).setUsage(THREE.DynamicDrawUsage),
    );
    this.blobs.geometry.dispose();
    this.blobs.geometry = blobs;
    for (let slot = capacity - 1; slot >= old; slot -= 1) this.free.push(slot);
    this.capacity = capacity;
    this.updateRange();
  }

  private updateRange() {
    this.bodies.geometry.setDrawRange(0, this.used * this.slotIndices);
    this.blobs.geometry.setDrawRange(0, this.used * BLOB_SEGMENTS * 3);
  }

  /** Takes a slot for `mesh`; the slot with the lowest number, so the draw range stays short. */
  claim(mesh: AvatarMeshData): CrowdSlot {
    if (this.free.length === 0) this.grow(this.capacity * 2);
    this.free.sort((a, b) => b - a);
    const slot = this.free.pop() ?? 0;
    this.used = Math.max(this.used, slot + 1);
    const base = slot * this.slotVertices;
    const geometry = () => this.bodies.geometry;
    const index = geometry().index;
    if (index) {
      const array = index.array as Uint32Array;
      const start = slot * this.slotIndices;
      const count = Math.min(mesh.index.length, this.slotIndices);
      for (let i = 0; i < count; i += 1) array[start + i] = base + (mesh.index[i] ?? 0);
      // Unused room: degenerate triangles, dropped before any pixel is touched.
      array.fill(base, start + count, start + this.slotIndices);
      index.needsUpdate = true;
    }
    this.updateRange();

    const m = new THREE.Matrix4();
    const n = new THREE.Matrix3();
    const v = new THREE.Vector3();
    const light = new THREE.Color();
    const vertices = Math.min(mesh.vertexCount, this.slotVertices);
    let released = false;
    return {
      write: (joints, x, z) => {
        if (released) return;
        const g = geometry();
        const position = g.getAttribute('position') as THREE.BufferAttribute;
        const color = g.getAttribute('color') as THREE.BufferAttribute;
        const out = position.array as Float32Array;
        const tint = color.array as Float32Array;
        let bone = -1;
        for (let i = 0; i < vertices; i += 1) {
          const b = mesh.bones[i] ?? 0;
          if (b !== bone) {
            bone = b;
            m.copy(joints[b]?.matrixWorld ?? m);
            n.setFromMatrix4(m);
          }
          const o = (base + i) * 3;
          v.fromArray(mesh.positions, i * 3)
            .applyMatrix4(m)
            .toArray(out, o);
          lightFor(
            v
              .fromArray(mesh.normals, i * 3)
              .applyMatrix3(n)
              .normalize(),
            light,
          );
          tint[o] = (mesh.colors[i * 3] ?? 0) * light.r;
          tint[o + 1] = (mesh.colors[i * 3 + 1] ?? 0) * light.g;
          tint[o + 2] = (mesh.colors[i * 3 + 2] ?? 0) * light.b;
        }
        position.addUpdateRange(base * 3, vertices * 3);
        position.needsUpdate = true;
        color.addUpdateRange(base * 3, vertices * 3);
        color.needsUpdate = true;
        this.writeBlob(slot, x, z);
      },
      release: () => {
        if (released) return;
        released = true;
        const out = geometry().getAttribute('position') as THREE.BufferAttribute;
        (out.array as Float32Array).fill(0, base * 3, (base + this.slotVertices) * 3);
        out.addUpdateRange(base * 3, this.slotVertices * 3);
        out.needsUpdate = true;
        this.writeBlob(slot, NaN, NaN);
        this.free.push(slot);
        while (this.used > 0 && this.free.includes(this.used - 1)) this.used -= 1;
        this.updateRange();
      },
    };
  }

  /** A flat disc under the avatar, facing up; NaN hides it. */
  private writeBlob(slot: number, x: number, z: number) {
    const attribute = this.blobs.geometry.getAttribute('position') as THREE.BufferAttribute;
    const out = attribute.array as Float32Array;
    const r = Number.isNaN(x) ? 0 : BLOB_RADIUS;
    const cx = r === 0 ? 0 : x;
    const cz = r === 0 ? 0 : z;
    const y = 0.02;
    let o = slot * BLOB_SEGMENTS * 9;
    for (let s = 0; s < BLOB_SEGMENTS; s += 1) {
      const a0 = (s / BLOB_SEGMENTS) * Math.PI * 2;
      const a1 = ((s + 1) / BLOB_SEGMENTS) * Math.PI * 2;
      // Centre, then the later corner first: counter-clockwise seen from above.
      out[o] = cx;
      out[o + 1] = y;
      out[o + 2] = cz;
      out[o + 3] = cx + Math.cos(a1) * r;
      out[o + 4] = y;
      out[o + 5] = cz + Math.sin(a1) * r;
      out[o + 6] = cx + Math.cos(a0) * r;
      out[o + 7] = y;
      out[o + 8] = cz + Math.sin(a0) * r;
      o += 9;
    }
    attribute.addUpdateRange(slot * BLOB_SEGMENTS * 9, BLOB_SEGMENTS * 9);
    attribute.needsUpdate = true;
  }
}

const crowds = new WeakMap<THREE.Scene, Crowd>();
const farCrowds = new WeakMap<THREE.Scene, Crowd>();

/**
 * The crowd of `scene`, created (and added to the scene) on first use; `far`, the one of coarse
 * avatars seen from afar (smaller slots, so its draw covers no padding of the near ones').
 */
export const crowdOf = (scene: THREE.Scene, far = false): Crowd => {
  const map = far ? farCrowds : crowds;
  let crowd = map.get(scene);
  if (!crowd) {
    crowd = far
      ? new Crowd(scene, FAR_SLOT_VERTICES, FAR_SLOT_INDICES, 'avatars-far')
      : new Crowd(scene, SLOT_VERTICES, SLOT_INDICES, 'avatars');
    map.set(scene, crowd);
  }
  return crowd;
};

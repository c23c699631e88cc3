import * as THREE from 'three';
import type { AvatarDetail, AvatarMeshData } from './avatar-model.ts';
import { lightFor } from './bake.ts';

/** Room per avatar in the shared buffers; the largest look is well under this. */
export const SLOT_VERTICES = 800;
/** Whole triangles only, so no triangle straddles two slots. */
export const SLOT_INDICES = 860 * 3;
/** The same for the far crowd's coarse avatars (`buildAvatarMesh(look, 'coarse')`). */
export const FAR_SLOT_VERTICES = 220;
export const FAR_SLOT_INDICES = 170 * 3;
/** And for the distant ones (`buildAvatarMesh(look, 'distant')`): four open boxes. */
export const DISTANT_SLOT_VERTICES = 96;
export const DISTANT_SLOT_INDICES = 40 * 3;
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
 *
 * Each avatar owns a fixed run of vertices (its slot); the index buffer lists only the live
 * avatars' triangles, packed, and is rebuilt before the next draw when someone comes or goes.
 * SwiftShader pays about a microsecond a triangle, degenerate ones included: with the unused
 * room and released slots drawn as degenerate triangles, 200 avatars far away drew 26,000
 * triangles where 9,600 were real (`bench/world-client.mjs`, 2026-11-29).
 */
class Crowd {
  private capacity = 0;
  private readonly free: number[] = [];
  /** The live slots and the triangles each draws (its mesh's index, from the slot's first vertex). */
  private readonly live = new Map<number, Uint16Array>();
  private liveIndices = 0;
  private packed = true;
  readonly bodies: THREE.Mesh<THREE.BufferGeometry, THREE.MeshBasicMaterial>;
  readonly blobs: THREE.Mesh<THREE.BufferGeometry, THREE.MeshBasicMaterial>;

  constructor(
    scene: THREE.Scene,
    private readonly slotVertices: number,
    private readonly slotIndices: number,
    name: string,
    /**
     * Triangles in each blob shadow: a dozen up close, eight further off, none far away (a shadow
     * a few pixels wide, and 1.7 ms a frame for 170 of them in software GL).
     */
    private readonly blobSegments: number,
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
      // Runs before the draw reads the index buffer (three.js uploads it after this hook).
      mesh.onBeforeRender = () => this.pack();
    }
    this.bodies.name = name;
    this.blobs.name = `${name}-shadows`;
    this.blobs.renderOrder = 2;
    this.grow(32);
    scene.add(this.bodies);
    if (blobSegments > 0) scene.add(this.blobs);
  }

  /** Reallocates the buffers for `capacity` avatars, keeping what is written. */
  private grow(capacity: number) {
    const old = this.capacity;
    const grown = (mesh: THREE.Mesh, attributes: Record<string, number>, indices: number) => {
      const next = new THREE.BufferGeometry();
      for (const [name, vertices] of Object.entries(attributes)) {
        const array = new Float32Array(capacity * vertices * 3);
        const before = mesh.geometry.getAttribute(name) as THREE.BufferAttribute | undefined;
        if (before) array.set(before.array);
        next.setAttribute(
          name,
          new THREE.BufferAttribute(array, 3).setUsage(THREE.DynamicDrawUsage),
        );
      }
      next.setIndex(new THREE.BufferAttribute(new Uint32Array(capacity * indices), 1));
      mesh.geometry.dispose();
      mesh.geometry = next;
    };
    grown(this.bodies, { position: this.slotVertices, color: this.slotVertices }, this.slotIndices);
    grown(this.blobs, { position: this.blobSegments + 1 }, this.blobSegments * 3);
    for (let slot = capacity - 1; slot >= old; slot -= 1) this.free.push(slot);
    this.capacity = capacity;
    this.packed = false;
    this.updateRange();
  }

  private updateRange() {
    this.bodies.geometry.setDrawRange(0, this.liveIndices);
    this.blobs.geometry.setDrawRange(0, this.live.size * this.blobSegments * 3);
  }

  /**
   * Writes the live avatars' triangles, packed, into both index buffers (bodies and shadows).
   * Called before each draw; does nothing unless someone came or went since the last one.
   */
  pack() {
    if (this.packed) return;
    this.packed = true;
    const bodies = this.bodies.geometry.index;
    const blobs = this.blobs.geometry.index;
    if (!bodies || !blobs) return;
    const out = bodies.array as Uint32Array;
    const shadow = blobs.array as Uint32Array;
    const ring = this.blobSegments;
    let o = 0;
    let b = 0;
    for (const [slot, index] of this.live) {
      const base = slot * this.slotVertices;
      for (let i = 0; i < index.length; i += 1) out[o + i] = base + (index[i] ?? 0);
      o += index.length;
      // A fan around the centre vertex, counter-clockwise seen from above.
      const centre = slot * (ring + 1);
      for (let s = 0; s < ring; s += 1) {
        shadow[b] = centre;
        shadow[b + 1] = centre + 1 + ((s + 1) % ring);
        shadow[b + 2] = centre + 1 + s;
        b += 3;
      }
    }
    bodies.clearUpdateRanges();
    bodies.addUpdateRange(0, o);
    bodies.needsUpdate = true;
    blobs.clearUpdateRanges();
    blobs.addUpdateRange(0, b);
    blobs.needsUpdate = true;
  }

  /** Takes a slot for `mesh`; the slot with the lowest number, so uploads stay near the start. */
  claim(mesh: AvatarMeshData): CrowdSlot {
    if (this.free.length === 0) this.grow(this.capacity * 2);
    this.free.sort((a, b) => b - a);
    const slot = this.free.pop() ?? 0;
    const index = mesh.index.subarray(0, this.slotIndices);
    this.live.set(slot, index);
    this.liveIndices += index.length;
    this.packed = false;
    this.updateRange();

    const base = slot * this.slotVertices;
    const geometry = () => this.bodies.geometry;
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
        // Its vertices stay as they are: no triangle refers to them once the index is packed.
        this.live.delete(slot);
        this.liveIndices -= index.length;
        this.free.push(slot);
        this.packed = false;
        this.updateRange();
      },
    };
  }

  /** A flat disc under the avatar, facing up: the centre, then the rim. */
  private writeBlob(slot: number, x: number, z: number) {
    if (this.blobSegments === 0) return;
    const attribute = this.blobs.geometry.getAttribute('position') as THREE.BufferAttribute;
    const out = attribute.array as Float32Array;
    const ring = this.blobSegments;
    const y = 0.02;
    let o = slot * (ring + 1) * 3;
    out[o] = x;
    out[o + 1] = y;
    out[o + 2] = z;
    for (let s = 0; s < ring; s += 1) {
      const a = (s / ring) * Math.PI * 2;
      o += 3;
      out[o] = x + Math.cos(a) * BLOB_RADIUS;
      out[o + 1] = y;
      out[o + 2] = z + Math.sin(a) * BLOB_RADIUS;
    }
    attribute.addUpdateRange(slot * (ring + 1) * 3, (ring + 1) * 3);
    attribute.needsUpdate = true;
  }
}

/** Each level of detail's crowd: its slots' size, its meshes' name, its shadows' triangles. */
const CROWD_SHAPES: Record<
  AvatarDetail,
  [vertices: number, indices: number, name: string, blob: number]
> = {
  full: [SLOT_VERTICES, SLOT_INDICES, 'avatars', 12],
  coarse: [FAR_SLOT_VERTICES, FAR_SLOT_INDICES, 'avatars-far', 8],
  distant: [DISTANT_SLOT_VERTICES, DISTANT_SLOT_INDICES, 'avatars-distant', 0],
};

const crowds: Record<AvatarDetail, WeakMap<THREE.Scene, Crowd>> = {
  full: new WeakMap(),
  coarse: new WeakMap(),
  distant: new WeakMap(),
};

/**
 * The crowd of `scene` for avatars drawn at `detail`, created (and added to the scene) on first
 * use. One crowd a level, each with slots its size, so a draw covers no padding of a bigger one.
 */
export const crowdOf = (scene: THREE.Scene, detail: AvatarDetail = 'full'): Crowd => {
  const map = crowds[detail];
  let crowd = map.get(scene);
  if (!crowd) {
    crowd = new Crowd(scene, ...CROWD_SHAPES[detail]);
    map.set(scene, crowd);
  }
  return crowd;
};

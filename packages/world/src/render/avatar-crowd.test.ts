import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { crowdOf, SLOT_VERTICES } from './avatar-crowd.ts';
import { buildAvatarMesh, buildRig } from './avatar-model.ts';

const mesh = (hairStyle: number) =>
  buildAvatarMesh({
    shirt: new THREE.Color('#6366f1'),
    pants: new THREE.Color('#3b4a6b'),
    skin: new THREE.Color('#d9a27e'),
    hair: new THREE.Color('#2b2220'),
    hairStyle,
  });

/** Joints of an avatar standing at (x, 0, 0). */
const standingAt = (x: number) => {
  const joints = buildRig();
  joints[0]?.position.set(x, 0, 0);
  joints[0]?.updateMatrixWorld(true);
  return joints;
};

/** The triangles the crowd draws, as their longest edge in metres. */
const longestEdges = (crowd: ReturnType<typeof crowdOf>) => {
  crowd.pack();
  const { geometry } = crowd.bodies;
  const position = geometry.getAttribute('position');
  const index = geometry.index?.array ?? [];
  const at = (i: number) => new THREE.Vector3().fromBufferAttribute(position, index[i] ?? 0);
  const edges: number[] = [];
  for (let t = 0; t < geometry.drawRange.count; t += 3) {
    const [a, b, c] = [at(t), at(t + 1), at(t + 2)];
    edges.push(Math.max(a.distanceTo(b), b.distanceTo(c), c.distanceTo(a)));
  }
  return edges;
};

describe('avatar crowd', () => {
  it('draws many avatars in one mesh without a triangle reaching from one to the next', () => {
    const crowd = crowdOf(new THREE.Scene());
    // More than the first allocation, so the buffers grow once.
    for (let i = 0; i < 40; i += 1) crowd.claim(mesh(i % 3)).write(standingAt(i * 2), i * 2, 0);
    const edges = longestEdges(crowd);
    // Every avatar's own triangles and nothing else.
    expect(edges.length).toBe(
      Array.from({ length: 40 }, (_, i) => mesh(i % 3).index.length / 3).reduce((a, b) => a + b),
    );
    expect(Math.max(...edges)).toBeLessThan(1);
  });

  it('draws only the live avatars, packed, and hands a released slot to the next avatar', () => {
    const scene = new THREE.Scene();
    const crowd = crowdOf(scene);
    expect(crowdOf(scene)).toBe(crowd);
    const first = crowd.claim(mesh(0));
    first.write(standingAt(0), 0, 0);
    crowd.claim(mesh(1)).write(standingAt(5), 5, 0);
    first.release();
    crowd.pack();
    const { geometry } = crowd.bodies;
    const index = Array.from(geometry.index?.array.subarray(0, geometry.drawRange.count) ?? []);
    // Exactly the second avatar's triangles: none of the released one's, no padding.
    expect(geometry.drawRange.count).toBe(mesh(1).index.length);
    expect(Math.min(...index)).toBeGreaterThanOrEqual(SLOT_VERTICES);
    expect(crowd.blobs.geometry.drawRange.count).toBeGreaterThan(0);
    const position = geometry.getAttribute('position');
    crowd.claim(mesh(2)).write(standingAt(-5), -5, 0);
    expect(new THREE.Vector3().fromBufferAttribute(position, 10).x).toBeLessThan(-4);
    expect(Math.max(...longestEdges(crowd))).toBeLessThan(1);
  });
});

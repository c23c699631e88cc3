import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import {
  DISTANT_SLOT_INDICES,
  DISTANT_SLOT_VERTICES,
  FAR_SLOT_INDICES,
  FAR_SLOT_VERTICES,
  SLOT_INDICES,
  SLOT_VERTICES,
} from './avatar-crowd.ts';
import { buildAvatarMesh, buildRig } from './avatar-model.ts';

const look = (hairStyle: number, special: 'astronaut' | 'robot' | 'wizard' | null = null) => ({
  shirt: new THREE.Color('#6366f1'),
  pants: new THREE.Color('#3b4a6b'),
  skin: new THREE.Color('#d9a27e'),
  hair: new THREE.Color('#2b2220'),
  hairStyle,
  special,
});

describe('avatar mesh', () => {
  it.each([0, 1, 2, 3, 4, 5])('fits a crowd slot with every hair style (%i)', (style) => {
    const mesh = buildAvatarMesh(look(style));
    expect(mesh.vertexCount).toBeLessThanOrEqual(SLOT_VERTICES);
    expect(mesh.index.length).toBeLessThanOrEqual(SLOT_INDICES);
    expect(Math.max(...mesh.index)).toBeLessThan(mesh.vertexCount);
    expect(Math.max(...mesh.bones)).toBeLessThan(buildRig().length);
  });

  it.each(['astronaut', 'robot', 'wizard'] as const)('fits a crowd slot as the %s', (special) => {
    const mesh = buildAvatarMesh(look(5, special));
    expect(mesh.vertexCount).toBeLessThanOrEqual(SLOT_VERTICES);
    expect(mesh.index.length).toBeLessThanOrEqual(SLOT_INDICES);
    expect(Math.max(...mesh.index)).toBeLessThan(mesh.vertexCount);
  });

  it.each([
    ...[0, 1, 2, 3, 4, 5].map((style) => look(style)),
    ...(['astronaut', 'robot', 'wizard'] as const).map((special) => look(5, special)),
  ])('seen from afar, fits a far slot in under a third of the triangles (%#)', (l) => {
    const far = buildAvatarMesh(l, 'coarse');
    expect(far.vertexCount).toBeLessThanOrEqual(FAR_SLOT_VERTICES);
    expect(far.index.length).toBeLessThanOrEqual(FAR_SLOT_INDICES);
    expect(far.index.length * 3).toBeLessThan(buildAvatarMesh(l).index.length);
    expect(Math.max(...far.index)).toBeLessThan(far.vertexCount);
  });

  it.each([
    ...[0, 1, 2, 3, 4, 5].map((style) => look(style)),
    ...(['astronaut', 'robot', 'wizard'] as const).map((special) => look(5, special)),
  ])('seen from far away, is four boxes in a distant slot (%#)', (l) => {
    const distant = buildAvatarMesh(l, 'distant');
    expect(distant.vertexCount).toBeLessThanOrEqual(DISTANT_SLOT_VERTICES);
    expect(distant.index.length).toBe(DISTANT_SLOT_INDICES);
    expect(distant.index.length * 2).toBeLessThan(buildAvatarMesh(l, 'coarse').index.length);
    expect(Math.max(...distant.index)).toBeLessThan(distant.vertexCount);
  });

  it('wears its hair on a distant head, and none when bald', () => {
    const colors = (l: ReturnType<typeof look>) => {
      const mesh = buildAvatarMesh(l, 'distant');
      const set = new Set<string>();
      for (let i = 0; i < mesh.vertexCount; i += 1) {
        set.add(Array.from(mesh.colors.slice(i * 3, i * 3 + 3), (c) => c.toFixed(3)).join());
      }
      return set;
    };
    const hair = look(1)
      .hair.toArray()
      .map((c) => c.toFixed(3))
      .join();
    expect(colors(look(1)).has(hair)).toBe(true);
    expect(colors(look(0)).has(hair)).toBe(false);
  });

  it('draws each hair style and special look differently', () => {
    const shapes = [
      ...[0, 1, 2, 3, 4, 5].map((style) => buildAvatarMesh(look(style))),
      ...(['astronaut', 'robot', 'wizard'] as const).map((s) => buildAvatarMesh(look(1, s))),
    ].map((m) => `${m.vertexCount}:${m.positions.reduce((a, b) => a + b, 0).toFixed(3)}`);
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it.each(['full', 'coarse', 'distant'] as const)(
    'stands on the ground and reaches head height when posed at rest (%s)',
    (detail) => {
      const mesh = buildAvatarMesh(look(1), detail);
      const joints = buildRig();
      joints[0]?.updateMatrixWorld(true);
      let minY = Infinity;
      let maxY = -Infinity;
      const v = new THREE.Vector3();
      for (let i = 0; i < mesh.vertexCount; i += 1) {
        v.fromArray(mesh.positions, i * 3).applyMatrix4(joints[mesh.bones[i] ?? 0]!.matrixWorld);
        minY = Math.min(minY, v.y);
        maxY = Math.max(maxY, v.y);
      }
      expect(minY).toBeCloseTo(0, 1);
      expect(maxY).toBeGreaterThan(1.8);
      expect(maxY).toBeLessThan(2.0);
    },
  );
});

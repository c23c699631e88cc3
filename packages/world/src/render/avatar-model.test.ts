import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import {
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
    const far = buildAvatarMesh(l, true);
    expect(far.vertexCount).toBeLessThanOrEqual(FAR_SLOT_VERTICES);
    expect(far.index.length).toBeLessThanOrEqual(FAR_SLOT_INDICES);
    expect(far.index.length * 3).toBeLessThan(buildAvatarMesh(l).index.length);
    expect(Math.max(...far.index)).toBeLessThan(far.vertexCount);
  });

  it('draws each hair style and special look differently', () => {
    const shapes = [
      ...[0, 1, 2, 3, 4, 5].map((style) => buildAvatarMesh(look(style))),
      ...(['astronaut', 'robot', 'wizard'] as const).map((s) => buildAvatarMesh(look(1, s))),
    ].map((m) => `${m.vertexCount}:${m.positions.reduce((a, b) => a + b, 0).toFixed(3)}`);
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it('stands on the ground and reaches head height when posed at rest', () => {
    const mesh = buildAvatarMesh(look(1));
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
  });
});

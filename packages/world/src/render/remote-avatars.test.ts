// @vitest-environment happy-dom
// Issue 30 §1: a crowd's level of detail. Only the nearest people wear a name tag, far bodies are
// coarse (further still, four boxes) and posed every few frames, and who is near follows the camera.
import type { AvatarState } from '@atrium/protocol';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { crowdOf } from './avatar-crowd.ts';
import { CrowdDetail, createRemoteAvatars, detailAt, poseEvery } from './remote-avatars.ts';

const person = (i: number, x: number, z: number): AvatarState => ({
  id: `p${i}`,
  index: i + 1,
  username: `p${i}`,
  roleLabel: 'Member',
  look: i,
  x,
  y: 0,
  z,
  ry: 0,
  anim: 'idle',
});

/** The name tags that show, by the avatar's place in the line. */
const tagsShown = (scene: THREE.Scene) =>
  scene.children
    .filter((c) => c instanceof THREE.Group)
    .map((group) => ({
      z: group.position.z,
      tag: group.children.find((c) => c instanceof THREE.Sprite)?.visible ?? false,
    }))
    .filter((a) => a.tag)
    .map((a) => a.z)
    .sort((a, b) => a - b);

describe('a crowd’s level of detail', () => {
  it('shows the nearest people’s name tags only, and moves them with the camera', () => {
    const scene = new THREE.Scene();
    const eye = new THREE.Vector3(0, 0, 0);
    const remotes = createRemoteAvatars(scene, () => 0, eye);
    // A line of 40 people, one a metre further each.
    for (let i = 0; i < 40; i += 1) remotes.add(person(i, 0, i + 1), 0);
    remotes.draw(1000, 1000, 0, 0.016);
    const near = Array.from({ length: CrowdDetail.tags }, (_, i) => i + 1);
    expect(tagsShown(scene)).toEqual(near);
    // The camera walks to the far end of the line: the tags follow it, none beyond their range.
    eye.set(0, 0, 41);
    remotes.draw(1016, 1016, 0, 0.016);
    expect(tagsShown(scene)).toEqual(near.map((n) => 41 - n).sort((a, b) => a - b));
    eye.set(0, 0, 200);
    remotes.draw(1032, 1032, 0, 0.016);
    expect(tagsShown(scene)).toEqual([]);
  });

  it('draws far people with the coarse body, and the near ones in full', () => {
    const scene = new THREE.Scene();
    const eye = new THREE.Vector3(0, 0, 0);
    const remotes = createRemoteAvatars(scene, () => 0, eye);
    remotes.add(person(0, 0, 3), 0);
    remotes.add(person(1, 0, 18), 0);
    for (let f = 0; f < 4; f += 1) remotes.draw(1000 + f * 16, 1000 + f * 16, 0, 0.016);
    const near = crowdOf(scene);
    const far = crowdOf(scene, 'coarse');
    expect(near.bodies.geometry.drawRange.count).toBeGreaterThan(0);
    // One coarse avatar: a fifth of a full one's triangles at most.
    expect(far.bodies.geometry.drawRange.count).toBeGreaterThan(0);
    expect(far.bodies.geometry.drawRange.count * 4).toBeLessThan(
      near.bodies.geometry.drawRange.count,
    );
    // The camera backs off: the near one is coarse, the other four boxes.
    eye.set(0, 0, -12);
    remotes.draw(1100, 1100, 0, 0.016);
    expect(near.bodies.geometry.drawRange.count).toBe(0);
    expect(far.bodies.geometry.drawRange.count).toBeGreaterThan(0);
    // Further still: both are four boxes.
    eye.set(0, 0, -40);
    remotes.draw(1200, 1200, 0, 0.016);
    expect(far.bodies.geometry.drawRange.count).toBe(0);
    expect(crowdOf(scene, 'distant').bodies.geometry.drawRange.count).toBeGreaterThan(0);
  });

  it('changes a body only past the edge it crossed (no flicker at a boundary)', () => {
    expect(detailAt(5, 'coarse')).toBe('full');
    expect(detailAt(13, 'full')).toBe('full');
    expect(detailAt(13, 'coarse')).toBe('coarse');
    expect(detailAt(15, 'full')).toBe('coarse');
    expect(detailAt(21, 'coarse')).toBe('coarse');
    expect(detailAt(21, 'distant')).toBe('distant');
    expect(detailAt(19, 'distant')).toBe('coarse');
    expect(detailAt(23, 'full')).toBe('distant');
    expect(detailAt(13, 'distant')).toBe('coarse');
  });

  it('poses near bodies every frame and far ones every second or fourth', () => {
    expect(poseEvery(3)).toBe(1);
    expect(poseEvery(CrowdDetail.nearRange + 1)).toBe(2);
    expect(poseEvery(CrowdDetail.farRange + 1)).toBe(4);
    // Without a camera (no crowd policy) everyone is drawn in full.
    const scene = new THREE.Scene();
    const remotes = createRemoteAvatars(scene, () => 0);
    remotes.add(person(0, 0, 90), 0);
    remotes.draw(1000, 1000, 0, 0.016);
    expect(crowdOf(scene, 'coarse').bodies.geometry.drawRange.count).toBe(0);
    expect(crowdOf(scene).bodies.geometry.drawRange.count).toBeGreaterThan(0);
  });
});

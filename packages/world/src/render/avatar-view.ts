import type { AvatarAnim, Emote } from '@atrium/protocol';
import * as THREE from 'three';
import { crowdOf, type CrowdSlot } from './avatar-crowd.ts';
import {
  buildAvatarMesh,
  buildRig,
  type AvatarDetail,
  type AvatarLook,
  type AvatarMeshData,
} from './avatar-model.ts';
import { bodyProportions, lookFromSeed } from '../avatar-look.ts';
import { emotePose, idlePose, type Pose } from './emote-poses.ts';
import { createNameTag } from './name-tag.ts';
import { createSpeakingRing } from './speaking-ring.ts';

/** What an avatar is doing this frame, from the body (local) or the snapshot buffer (remote). */
export interface AvatarFrame {
  x: number;
  y: number;
  z: number;
  ry: number;
  anim: AvatarAnim;
  emote: Emote | null;
  /** Emote playback position in [0, 1). */
  emotePhase: number;
}

/** A stylised avatar built in code, with a name tag and procedural animation. */
export interface AvatarView {
  readonly root: THREE.Group;
  /**
   * `ambientSeconds` drives the idle sway and emotes' wobbles (frozen under reduced motion).
   * `detail` (a crowd's level of detail): `level` says which body is drawn; with `repose` false
   * the body keeps its last pose and place in the crowd's buffers (posed every few frames).
   */
  update(
    frame: AvatarFrame,
    ambientSeconds: number,
    dtSeconds: number,
    detail?: { level: AvatarDetail; repose: boolean },
  ): void;
  /** Shows or hides the name tag (only the nearest people wear one in a crowd). */
  setTagVisible(visible: boolean): void;
  /** Shows or hides the speaking ring over the name tag (proximity voice). */
  setSpeaking(speaking: boolean): void;
  dispose(): void;
}

/** The name tag's text: the username and the role, e.g. `ada (Teacher)`. */
export const avatarLabel = (state: { username: string; roleLabel: string }): string =>
  `${state.username} (${state.roleLabel})`;

/** The three.js colours of the look with this seed (see {@link lookFromSeed}). */
export const avatarLook = (seed: number): AvatarLook => {
  const look = lookFromSeed(seed);
  return {
    shirt: new THREE.Color(look.shirt),
    pants: new THREE.Color(look.pants),
    skin: new THREE.Color(look.skin),
    hair: new THREE.Color(look.hair),
    hairStyle: look.hairStyle,
    special: look.special,
  };
};

const sceneOf = (object: THREE.Object3D): THREE.Scene | null => {
  let top = object;
  while (top.parent) top = top.parent;
  return top instanceof THREE.Scene ? top : null;
};

/**
 * Builds an avatar: a mesh posed by six joints, a blob shadow and a name tag. The body and its
 * shadow are drawn by the scene's crowd (all avatars in two draw calls), from the moment the
 * root is in a scene.
 */
export const createAvatarView = (
  look: number,
  label: string,
  options: { self?: boolean } = {},
): AvatarView => {
  const root = new THREE.Group();
  // The full body now; the coarser ones the first time the avatar is seen from that far.
  const meshes: Partial<Record<AvatarDetail, AvatarMeshData>> = {
    full: buildAvatarMesh(avatarLook(look)),
  };
  let slotLevel: AvatarDetail = 'full';
  const joints = buildRig();
  const [rig, head, armL, armR, legL, legR] = joints as [
    THREE.Object3D,
    THREE.Object3D,
    THREE.Object3D,
    THREE.Object3D,
    THREE.Object3D,
    THREE.Object3D,
  ];
  root.add(rig);
  // The body shape: the whole figure's proportions (the crowd skins by the joints' world matrices).
  const proportions = bodyProportions(lookFromSeed(look).body);
  rig.scale.set(...proportions);
  let slot: CrowdSlot | null = null;
  const handleRemoved = () => {
    slot?.release();
    slot = null;
  };
  root.addEventListener('removed', handleRemoved);

  const tag = createNameTag(label, options.self === true);
  // A taller body lifts the name tag with it.
  tag.position.y *= Math.max(1, proportions[1]);
  root.add(tag);
  // Made the first time its person talks: most avatars never need one.
  let ring: THREE.Sprite | null = null;

  let walkCycle = 0;

  const apply = (pose: Pose) => {
    armL.rotation.set(pose.armL[0], 0, pose.armL[1]);
    armR.rotation.set(pose.armR[0], 0, pose.armR[1]);
    legL.rotation.x = pose.legL;
    legR.rotation.x = pose.legR;
    head.rotation.set(pose.head[0], pose.head[1], pose.head[2]);
    rig.position.y = pose.bob;
    rig.rotation.set(pose.lean, pose.spin, 0);
  };

  return {
    root,
    update(frame, t, dt, detail) {
      root.position.set(frame.x, frame.y, frame.z);
      root.rotation.y = frame.ry;
      const stride = frame.anim === 'run' ? 11 : 7;
      if (frame.anim === 'walk' || frame.anim === 'run') walkCycle += dt * stride;
      const level = detail?.level ?? 'full';
      if (slot && level !== slotLevel) handleRemoved();
      if (detail?.repose === false && slot) {
        root.updateMatrixWorld();
        return;
      }
      const swing = Math.sin(walkCycle);
      const amp = frame.anim === 'run' ? 0.9 : 0.55;
      let pose: Pose;
      switch (frame.anim) {
        case 'walk':
        case 'run':
          pose = {
            armL: [-swing * amp, 0.08],
            armR: [swing * amp, -0.08],
            legL: swing * amp,
            legR: -swing * amp,
            head: [0, 0, 0],
            bob: Math.abs(Math.cos(walkCycle)) * (frame.anim === 'run' ? 0.09 : 0.05),
            lean: frame.anim === 'run' ? 0.18 : 0.05,
            spin: 0,
          };
          break;
        case 'jump':
          pose = {
            armL: [-0.4, 2.3],
            armR: [-0.4, -2.3],
            legL: -0.6,
            legR: 0.2,
            head: [-0.15, 0, 0],
            bob: 0,
            lean: 0,
            spin: 0,
          };
          break;
        case 'idle':
          pose = frame.emote !== null ? emotePose(frame.emote, frame.emotePhase, t) : idlePose(t);
          break;
        default: {
          const never: never = frame.anim;
          throw new Error(`Unknown animation ${String(never)}`);
        }
      }
      apply(pose);
      if (!slot) {
        const scene = sceneOf(root);
        if (scene) {
          slotLevel = level;
          const mesh = (meshes[level] ??= buildAvatarMesh(avatarLook(look), level));
          slot = crowdOf(scene, level).claim(mesh);
        }
      }
      if (slot) {
        root.updateMatrixWorld(true);
        slot.write(joints, frame.x, frame.z);
      }
    },
    setTagVisible(visible) {
      tag.visible = visible;
    },
    setSpeaking(speaking) {
      if (!ring && !speaking) return;
      if (!ring) {
        ring = createSpeakingRing(tag.position.y);
        root.add(ring);
      }
      ring.visible = speaking;
    },
    dispose() {
      handleRemoved();
      // The ring's texture is shared by every ring; only its material is this avatar's.
      ring?.material.dispose();
      tag.material.map?.dispose();
      tag.material.dispose();
      root.removeFromParent();
    },
  };
};

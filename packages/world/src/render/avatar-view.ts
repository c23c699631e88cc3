import type { AvatarAnim, Emote } from '@atrium/protocol';
import * as THREE from 'three';
import { emotePose, type Pose } from './emote-poses.ts';

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
  update(frame: AvatarFrame, timeSeconds: number, dtSeconds: number): void;
  dispose(): void;
}

const hash = (text: string): number => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  // FNV's low bits barely change between ids that differ in one character; mix them (murmur3 fmix).
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

/** Body colours that stay distinct side by side and sit well with the campus palette. */
const AVATAR_COLORS = [
  '#6366f1',
  '#14b8a6',
  '#f59e0b',
  '#e11d48',
  '#0ea5e9',
  '#8b5cf6',
  '#22c55e',
  '#f97316',
  '#ec4899',
  '#64748b',
] as const;

/** A body colour from a hash of the avatar's id. */
export const avatarColor = (id: string): THREE.Color =>
  new THREE.Color(AVATAR_COLORS[hash(id) % AVATAR_COLORS.length] ?? AVATAR_COLORS[0]);

const nameTag = (text: string, highlight: boolean): THREE.Sprite => {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  const font = '600 28px system-ui, sans-serif';
  let width = 256;
  if (ctx) {
    ctx.font = font;
    width = Math.ceil(ctx.measureText(text).width) + 32;
  }
  canvas.width = width;
  canvas.height = 48;
  if (ctx) {
    ctx.fillStyle = highlight ? 'rgba(67, 56, 202, 0.85)' : 'rgba(24, 26, 51, 0.7)';
    ctx.beginPath();
    ctx.roundRect(0, 0, width, 48, 24);
    ctx.fill();
    ctx.font = font;
    ctx.fillStyle = '#ffffff';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, width / 2, 25);
  }
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  const sprite = new THREE.Sprite(
    new THREE.SpriteMaterial({ map: texture, depthWrite: false, transparent: true }),
  );
  const height = 0.3;
  sprite.scale.set((height * width) / 48, height, 1);
  sprite.position.y = 2.2;
  sprite.renderOrder = 10;
  return sprite;
};

const limb = (material: THREE.Material, radius: number, length: number): THREE.Group => {
  // The pivot sits at the joint (shoulder or hip), the limb hangs below it.
  const pivot = new THREE.Group();
  const mesh = new THREE.Mesh(new THREE.CapsuleGeometry(radius, length, 4, 8), material);
  mesh.position.y = -length / 2 - radius / 2;
  mesh.castShadow = true;
  pivot.add(mesh);
  return pivot;
};

/** Builds an avatar: capsule body, sphere head, swinging arms and legs, and a name tag. */
export const createAvatarView = (
  id: string,
  label: string,
  options: { self?: boolean } = {},
): AvatarView => {
  const color = avatarColor(id);
  const bodyMat = new THREE.MeshStandardMaterial({ color, roughness: 0.6 });
  const limbMat = new THREE.MeshStandardMaterial({
    color: color.clone().offsetHSL(0, 0, -0.12),
    roughness: 0.7,
  });
  const skinMat = new THREE.MeshStandardMaterial({ color: '#f1d3b8', roughness: 0.6 });
  const eyeMat = new THREE.MeshBasicMaterial({ color: '#1e1b4b' });

  const root = new THREE.Group();
  const rig = new THREE.Group(); // bobs, leans and spins; the root only moves and faces
  root.add(rig);

  const torso = new THREE.Mesh(new THREE.CapsuleGeometry(0.28, 0.5, 6, 14), bodyMat);
  torso.position.y = 1.0;
  torso.castShadow = true;
  const head = new THREE.Group();
  head.position.y = 1.62;
  const skull = new THREE.Mesh(new THREE.SphereGeometry(0.22, 18, 14), skinMat);
  skull.castShadow = true;
  head.add(skull);
  for (const x of [-0.08, 0.08]) {
    const eye = new THREE.Mesh(new THREE.SphereGeometry(0.03, 8, 6), eyeMat);
    eye.position.set(x, 0.03, 0.2);
    head.add(eye);
  }
  const armL = limb(limbMat, 0.08, 0.42);
  const armR = limb(limbMat, 0.08, 0.42);
  armL.position.set(0.36, 1.3, 0);
  armR.position.set(-0.36, 1.3, 0);
  const legL = limb(limbMat, 0.1, 0.38);
  const legR = limb(limbMat, 0.1, 0.38);
  legL.position.set(0.13, 0.62, 0);
  legR.position.set(-0.13, 0.62, 0);
  rig.add(torso, head, armL, armR, legL, legR);

  const shadowDisc = new THREE.Mesh(
    new THREE.CircleGeometry(0.35, 16),
    new THREE.MeshBasicMaterial({
      color: '#000',
      transparent: true,
      opacity: 0.18,
      depthWrite: false,
    }),
  );
  shadowDisc.rotation.x = -Math.PI / 2;
  shadowDisc.position.y = 0.02;
  root.add(shadowDisc);

  const tag = nameTag(label, options.self === true);
  root.add(tag);

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
    update(frame, t, dt) {
      root.position.set(frame.x, frame.y, frame.z);
      root.rotation.y = frame.ry;
      shadowDisc.position.y = 0.02 - frame.y;
      const stride = frame.anim === 'run' ? 11 : 7;
      if (frame.anim === 'walk' || frame.anim === 'run') walkCycle += dt * stride;
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
          pose =
            frame.emote !== null
              ? emotePose(frame.emote, frame.emotePhase, t)
              : {
                  armL: [0, 0.08 + Math.sin(t * 1.6) * 0.03],
                  armR: [0, -0.08 - Math.sin(t * 1.6) * 0.03],
                  legL: 0,
                  legR: 0,
                  head: [0, Math.sin(t * 0.5) * 0.15, 0],
                  bob: Math.sin(t * 2) * 0.015,
                  lean: 0,
                  spin: 0,
                };
          break;
        default: {
          const never: never = frame.anim;
          throw new Error(`Unknown animation ${String(never)}`);
        }
      }
      apply(pose);
    },
    dispose() {
      root.traverse((o) => {
        if (o instanceof THREE.Mesh) (o as THREE.Mesh<THREE.BufferGeometry>).geometry.dispose();
      });
      for (const m of [bodyMat, limbMat, skinMat, eyeMat]) m.dispose();
      tag.material.map?.dispose();
      tag.material.dispose();
      root.removeFromParent();
    },
  };
};

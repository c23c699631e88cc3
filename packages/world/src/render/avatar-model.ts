import * as THREE from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';

/** The bones an avatar is posed with; each vertex follows exactly one. */
export const Bone = { body: 0, head: 1, armL: 2, armR: 3, legL: 4, legR: 5 } as const;
type BoneIndex = (typeof Bone)[keyof typeof Bone];

/** Where each bone's joint sits in the rest pose, relative to its parent (the body is at the feet). */
const JOINTS: Record<BoneIndex, [number, number, number]> = {
  [Bone.body]: [0, 0, 0],
  [Bone.head]: [0, 1.44, 0],
  [Bone.armL]: [0.34, 1.34, 0],
  [Bone.armR]: [-0.34, 1.34, 0],
  [Bone.legL]: [0.12, 0.64, 0],
  [Bone.legR]: [-0.12, 0.64, 0],
};

/** What makes one avatar look unlike the next. */
export interface AvatarLook {
  shirt: THREE.Color;
  pants: THREE.Color;
  skin: THREE.Color;
  hair: THREE.Color;
  /** 0 bald, 1 short, 2 bun, 3 long, 4 mohawk, 5 curly (`HAIR_STYLES`). */
  hairStyle: number;
  /** A look unlocked by an avatar NFT: it replaces the outfit and the hair. */
  special?: 'astronaut' | 'robot' | 'wizard' | null;
}

const SHOE = new THREE.Color('#3f3a52');
const EYE = new THREE.Color('#2a2540');
const BLUSH = new THREE.Color('#f29a9a');
const SUIT_WHITE = new THREE.Color('#eef1f6');
const VISOR = new THREE.Color('#1d2b4f');
const ROBOT_METAL = new THREE.Color('#b8c2cc');
const ROBOT_DARK = new THREE.Color('#4b5563');
const ROBOT_EYE = new THREE.Color('#22d3ee');
const WIZARD_ROBE = new THREE.Color('#4c2a85');
const WIZARD_HAT = new THREE.Color('#3b1f6e');
const BEARD = new THREE.Color('#e5e7eb');

/** What a special look wears instead of the chosen colours. */
const SPECIAL_OUTFITS: Record<
  string,
  { top: THREE.Color; bottom: THREE.Color; shoe: THREE.Color }
> = {
  astronaut: { top: SUIT_WHITE, bottom: SUIT_WHITE, shoe: new THREE.Color('#9aa3b2') },
  robot: { top: new THREE.Color('#8a96a3'), bottom: new THREE.Color('#5d6b78'), shoe: ROBOT_DARK },
  wizard: { top: WIZARD_ROBE, bottom: WIZARD_ROBE, shoe: new THREE.Color('#2a1a45') },
};

interface Part {
  geometry: THREE.BufferGeometry;
  bone: BoneIndex;
  color: THREE.Color;
  /** Vertices below this height (before the part is placed) take `tipColor`: hands on sleeves. */
  tipBelow?: number;
  tipColor?: THREE.Color;
  /** Vertices above this height take `topColor`: the hair on a distant avatar's head. */
  topAbove?: number;
  topColor?: THREE.Color;
}

/**
 * How much of an avatar is drawn: all of it up close, about 130 triangles from afar, and four
 * open boxes (40 triangles) from far away (`CrowdDetail` in `remote-avatars.ts` says where).
 */
export type AvatarDetail = 'full' | 'coarse' | 'distant';

/** A part placed relative to its bone's joint. */
const part = (
  geometry: THREE.BufferGeometry,
  bone: BoneIndex,
  color: THREE.Color,
  x: number,
  y: number,
  z: number,
  scale?: [number, number, number],
  rx = 0,
): Part => {
  if (scale) geometry.scale(...scale);
  if (rx) geometry.rotateX(rx);
  const [jx, jy, jz] = JOINTS[bone];
  geometry.translate(jx + x, jy + y, jz + z);
  return { geometry, bone, color };
};

/** A flat disc facing +z (eyes, blush), a few triangles instead of a sphere. */
const disc = (radius: number) => new THREE.CircleGeometry(radius, 6);

/**
 * The parts of one avatar, about 600 triangles in all: software GL pays for every triangle,
 * so the shapes are kept coarse and the detail is in colour.
 */
const parts = (look: AvatarLook): Part[] => {
  const special = look.special ?? null;
  const outfit = SPECIAL_OUTFITS[special ?? 'none'];
  const shirt = outfit?.top ?? look.shirt;
  const pants = outfit?.bottom ?? look.pants;
  const skin = special === 'robot' ? ROBOT_METAL : look.skin;
  const eye = special === 'robot' ? ROBOT_EYE : EYE;
  const list: Part[] = [
    // Body: a rounded shirt and hips in the trouser colour.
    part(new THREE.CapsuleGeometry(0.26, 0.4, 2, 8), Bone.body, shirt, 0, 1.06, 0, [1, 1, 0.78]),
    part(
      new THREE.CylinderGeometry(0.235, 0.21, 0.22, 10, 1, true),
      Bone.body,
      pants,
      0,
      0.68,
      0,
      [1, 1, 0.8],
    ),
    // Head: skull (a box for the robot), two eyes and a smile.
    special === 'robot'
      ? part(new THREE.BoxGeometry(0.4, 0.38, 0.4), Bone.head, skin, 0, 0.2, 0)
      : part(new THREE.SphereGeometry(0.23, 10, 7), Bone.head, skin, 0, 0.2, 0),
    part(disc(0.034), Bone.head, eye, 0.08, 0.23, 0.222, [1, 1.3, 1]),
    part(disc(0.034), Bone.head, eye, -0.08, 0.23, 0.222, [1, 1.3, 1]),
    part(
      new THREE.TorusGeometry(0.045, 0.011, 3, 5, Math.PI),
      Bone.head,
      eye,
      0,
      0.13,
      0.218,
      undefined,
      Math.PI,
    ),
  ];
  if (special !== 'robot') {
    list.push(
      part(disc(0.04), Bone.head, BLUSH, 0.13, 0.15, 0.196, [1, 0.6, 1]),
      part(disc(0.04), Bone.head, BLUSH, -0.13, 0.15, 0.196, [1, 0.6, 1]),
    );
  }
  if (special === null || special === 'wizard') list.push(...hair(look));
  if (special === 'astronaut') {
    // A helmet ring around the face, a dark visor over it and a life-support pack.
    list.push(
      part(new THREE.TorusGeometry(0.25, 0.05, 3, 8), Bone.head, SUIT_WHITE, 0, 0.2, 0.03),
      part(
        new THREE.SphereGeometry(0.27, 10, 5, 0, Math.PI * 2, 0, Math.PI * 0.5),
        Bone.head,
        SUIT_WHITE,
        0,
        0.22,
        -0.04,
        undefined,
        -0.5,
      ),
      part(new THREE.BoxGeometry(0.36, 0.42, 0.16), Bone.body, SUIT_WHITE, 0, 1.1, -0.26),
      part(new THREE.BoxGeometry(0.12, 0.06, 0.02), Bone.body, VISOR, 0, 1.2, 0.21),
    );
  } else if (special === 'robot') {
    list.push(
      part(new THREE.CylinderGeometry(0.015, 0.015, 0.16, 4), Bone.head, ROBOT_DARK, 0, 0.46, 0),
      part(new THREE.SphereGeometry(0.045, 6, 4), Bone.head, ROBOT_EYE, 0, 0.56, 0),
      part(new THREE.BoxGeometry(0.2, 0.14, 0.03), Bone.body, ROBOT_EYE, 0, 1.14, 0.2),
    );
  } else if (special === 'wizard') {
    list.push(
      part(new THREE.ConeGeometry(0.26, 0.5, 8), Bone.head, WIZARD_HAT, 0, 0.58, -0.02),
      part(new THREE.CylinderGeometry(0.34, 0.34, 0.03, 10), Bone.head, WIZARD_HAT, 0, 0.36, 0),
      part(
        new THREE.ConeGeometry(0.13, 0.26, 6),
        Bone.head,
        BEARD,
        0,
        -0.02,
        0.14,
        undefined,
        Math.PI,
      ),
      // The robe's skirt over the trousers.
      part(
        new THREE.CylinderGeometry(0.25, 0.36, 0.5, 10, 1, true),
        Bone.body,
        WIZARD_ROBE,
        0,
        0.5,
        0,
      ),
    );
  }
  for (const [bone, side] of [
    [Bone.armL, 1],
    [Bone.armR, -1],
  ] as const) {
    // A sleeve whose lower end is the hand.
    const arm = part(
      new THREE.CapsuleGeometry(0.078, 0.4, 2, 6, 3),
      bone,
      shirt,
      side * 0.02,
      -0.28,
      0,
    );
    list.push({ ...arm, tipBelow: JOINTS[bone][1] - 0.42, tipColor: skin });
  }
  for (const bone of [Bone.legL, Bone.legR] as const) {
    list.push(
      part(new THREE.CapsuleGeometry(0.095, 0.36, 1, 6), bone, pants, 0, -0.27, 0),
      part(new THREE.BoxGeometry(0.17, 0.1, 0.27), bone, outfit?.shoe ?? SHOE, 0, -0.59, 0.04),
    );
  }
  return list;
};

/** The hair's cap over the crown, tilted back; `thetaLength` in half-turns. */
const hairCap = (
  color: THREE.Color,
  shape: { radius: number; segments: number; rings: number; thetaLength: number },
): Part =>
  part(
    new THREE.SphereGeometry(
      shape.radius,
      shape.segments,
      shape.rings,
      0,
      Math.PI * 2,
      0,
      Math.PI * shape.thetaLength,
    ),
    Bone.head,
    color,
    0,
    0.21,
    -0.015,
    undefined,
    -0.35,
  );

/** The colours a coarse or distant avatar wears: its outfit's (or a special look's), one per part. */
const plainColours = (look: AvatarLook) => {
  const special = look.special ?? null;
  const outfit = SPECIAL_OUTFITS[special ?? 'none'];
  const skin = special === 'robot' ? ROBOT_METAL : look.skin;
  return {
    special,
    shirt: outfit?.top ?? look.shirt,
    pants: outfit?.bottom ?? look.pants,
    skin,
    head: special === 'astronaut' ? SUIT_WHITE : special === 'wizard' ? WIZARD_HAT : skin,
  };
};

/**
 * The avatar seen from afar (issue 30 §1, a crowd of 200): the same colours and proportions in
 * about 130 triangles, without the face and the hair's details. Software GL's cost of a crowd is
 * its triangles: 200 full avatars in view drew at 15 fps, with the bodies hidden at 30.
 */
const farParts = (look: AvatarLook): Part[] => {
  const { special, shirt, pants, skin, head } = plainColours(look);
  const list: Part[] = [
    part(new THREE.CapsuleGeometry(0.26, 0.4, 1, 5), Bone.body, shirt, 0, 1.06, 0, [1, 1, 0.78]),
    part(new THREE.CylinderGeometry(0.235, 0.21, 0.22, 5, 1, true), Bone.body, pants, 0, 0.68, 0),
    part(new THREE.SphereGeometry(0.24, 6, 4), Bone.head, head, 0, 0.2, 0),
  ];
  if (special === null && look.hairStyle > 0) {
    list.push(hairCap(look.hair, { radius: 0.255, segments: 6, rings: 2, thetaLength: 0.5 }));
  }
  for (const [bone, side] of [
    [Bone.armL, 1],
    [Bone.armR, -1],
  ] as const) {
    const arm = part(new THREE.BoxGeometry(0.14, 0.56, 0.14), bone, shirt, side * 0.02, -0.28, 0);
    list.push({ ...arm, tipBelow: JOINTS[bone][1] - 0.46, tipColor: skin });
  }
  for (const bone of [Bone.legL, Bone.legR] as const) {
    list.push(part(new THREE.BoxGeometry(0.18, 0.62, 0.2), bone, pants, 0, -0.32, 0.01));
  }
  return list;
};

/** A box without its bottom face (10 triangles): nobody sees under a distant avatar. */
const openBox = (width: number, height: number, depth: number): THREE.BufferGeometry => {
  const box = new THREE.BoxGeometry(width, height, depth);
  const bottom = box.groups[3];
  const index = Array.from(box.index?.array ?? []);
  if (bottom) index.splice(bottom.start, bottom.count);
  box.setIndex(index);
  box.clearGroups();
  return box;
};

/**
 * The avatar from far away, a few dozen pixels tall: a torso as wide as the arms, a head with the
 * hair on top, two legs that still walk; 40 triangles. Measured (`bench/world-client.mjs`, 200
 * avatars 15 to 45 m away, software GL at 640×360): the coarse bodies' 28,400 triangles cost
 * about 16 ms a frame; SwiftShader pays about a microsecond a triangle, so a crowd this small on
 * screen costs its triangles more than its pixels.
 */
const distantParts = (look: AvatarLook): Part[] => {
  const { special, shirt, pants, head: face } = plainColours(look);
  const head = part(openBox(0.42, 0.42, 0.42), Bone.head, face, 0, 0.2, 0);
  const hairy = special === null && look.hairStyle > 0;
  return [
    part(openBox(0.74, 0.72, 0.4), Bone.body, shirt, 0, 1.02, 0),
    hairy ? { ...head, topAbove: JOINTS[Bone.head][1] + 0.3, topColor: look.hair } : head,
    ...[Bone.legL, Bone.legR].map((bone) =>
      part(openBox(0.2, 0.64, 0.22), bone, pants, 0, -0.32, 0.01),
    ),
  ];
};

/** The hair of a style: nothing (bald), a cap, and what each style adds to it. */
const hair = (look: AvatarLook): Part[] => {
  if (look.hairStyle <= 0) return [];
  const cap = (thetaLength = 0.52) =>
    hairCap(look.hair, { radius: 0.245, segments: 10, rings: 4, thetaLength });
  switch (look.hairStyle) {
    case 2:
      return [
        cap(),
        part(new THREE.SphereGeometry(0.11, 6, 4), Bone.head, look.hair, 0, 0.4, -0.14),
      ];
    case 3:
      return [
        cap(),
        part(
          new THREE.CapsuleGeometry(0.2, 0.2, 1, 6),
          Bone.head,
          look.hair,
          0,
          0.08,
          -0.1,
          [1.08, 1, 0.55],
        ),
      ];
    case 4:
      // A crest from the forehead over the crown; the sides are shaved.
      return [part(new THREE.BoxGeometry(0.07, 0.14, 0.44), Bone.head, look.hair, 0, 0.42, -0.03)];
    case 5:
      // Curls: a fuller cap and a ring of small puffs.
      return [
        cap(0.6),
        ...[-1, 1].flatMap((side) => [
          part(new THREE.SphereGeometry(0.09, 5, 3), Bone.head, look.hair, side * 0.2, 0.3, -0.02),
          part(new THREE.SphereGeometry(0.09, 5, 3), Bone.head, look.hair, side * 0.12, 0.38, 0.1),
        ]),
        part(new THREE.SphereGeometry(0.1, 5, 3), Bone.head, look.hair, 0, 0.42, -0.12),
      ];
    default:
      return [cap()];
  }
};

/**
 * One avatar's mesh in rest pose, ready for skinning on the CPU: each vertex's position is
 * relative to its bone's joint, with the bone it follows and its albedo.
 */
export interface AvatarMeshData {
  vertexCount: number;
  /** Bone-local positions, xyz per vertex. */
  positions: Float32Array;
  normals: Float32Array;
  /** Linear RGB albedo per vertex. */
  colors: Float32Array;
  bones: Uint8Array;
  index: Uint16Array;
}

const PARTS: Record<AvatarDetail, (look: AvatarLook) => Part[]> = {
  full: parts,
  coarse: farParts,
  distant: distantParts,
};

/** Builds the avatar mesh data for a look (about 600 triangles; coarse 130; distant 40). */
export const buildAvatarMesh = (
  look: AvatarLook,
  detail: AvatarDetail = 'full',
): AvatarMeshData => {
  const pieces = PARTS[detail](look).map(
    ({ geometry, bone, color, tipBelow, tipColor, topAbove, topColor }) => {
      const g = geometry.index
        ? geometry
        : geometry.setIndex([...Array(geometry.getAttribute('position').count).keys()]);
      const position = g.getAttribute('position');
      const count = position.count;
      const colors = new Float32Array(count * 3);
      const bones = new Float32Array(count);
      const [jx, jy, jz] = JOINTS[bone];
      for (let i = 0; i < count; i += 1) {
        const y = position.getY(i);
        const tip = tipColor && tipBelow !== undefined && y < tipBelow ? tipColor : null;
        const top = topColor && topAbove !== undefined && y > topAbove ? topColor : null;
        (tip ?? top ?? color).toArray(colors, i * 3);
        bones[i] = bone;
      }
      g.translate(-jx, -jy, -jz);
      for (const name of Object.keys(g.attributes)) {
        if (name !== 'position' && name !== 'normal') g.deleteAttribute(name);
      }
      g.setAttribute('color', new THREE.BufferAttribute(colors, 3));
      g.setAttribute('bone', new THREE.BufferAttribute(bones, 1));
      return g;
    },
  );
  const merged = mergeGeometries(pieces, false);
  for (const piece of pieces) piece.dispose();
  const vertexCount = merged.getAttribute('position').count;
  const data: AvatarMeshData = {
    vertexCount,
    positions: new Float32Array(merged.getAttribute('position').array),
    normals: new Float32Array(merged.getAttribute('normal').array),
    colors: new Float32Array(merged.getAttribute('color').array),
    bones: Uint8Array.from(merged.getAttribute('bone').array),
    index: Uint16Array.from(merged.index?.array ?? []),
  };
  merged.dispose();
  return data;
};

/** The avatar's joints as a hierarchy (body at the feet, the rest on it), in rest pose. */
export const buildRig = (): THREE.Object3D[] => {
  const joints = Object.values(Bone).map((index) => {
    const joint = new THREE.Object3D();
    joint.position.set(...JOINTS[index]);
    return joint;
  });
  const [body, ...limbs] = joints;
  if (body) body.add(...limbs);
  return joints;
};

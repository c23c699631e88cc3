import * as THREE from 'three';
import { bodyProportions, lookFromSeed } from '../avatar-look.ts';

export { characterLookOf } from '../avatar-look.ts';
import { avatarLook } from './avatar-view.ts';
import { buildAvatarMesh, buildRig } from './avatar-model.ts';

/** A turning preview of one avatar, for the character customiser. */
export interface AvatarPreview {
  /** Shows another look (a world `look` number: a chosen look's code or a seed). */
  setLook(look: number): void;
  /** Turns the avatar by this many radians (a drag, or the arrow keys). */
  turn(radians: number): void;
  /** The look on show and the facing, for tests. */
  readonly state: () => { look: number; yaw: number };
  dispose(): void;
}

export interface AvatarPreviewOptions {
  /** No idle turning: the avatar moves only when dragged (prefers-reduced-motion). */
  reducedMotion?: boolean;
}

/**
 * The same mesh the world draws for a look, posed at rest and lit simply, on its own small canvas:
 * one draw call, rendered only while something changes (or while it slowly turns).
 */
export const createAvatarPreview = (
  canvas: HTMLCanvasElement,
  initialLook: number,
  options: AvatarPreviewOptions = {},
): AvatarPreview => {
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, alpha: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(30, 1, 0.1, 20);
  camera.position.set(0, 1.3, 4.6);
  camera.lookAt(0, 1.05, 0);
  scene.add(new THREE.HemisphereLight('#ffffff', '#8a7f99', 2.2));
  const sun = new THREE.DirectionalLight('#ffffff', 1.6);
  sun.position.set(2, 4, 3);
  scene.add(sun);
  const material = new THREE.MeshLambertMaterial({ vertexColors: true });
  const holder = new THREE.Group();
  scene.add(holder);
  let mesh: THREE.Mesh | null = null;
  let look = initialLook;
  let yaw = 0.45;
  let frame = 0;

  const build = () => {
    if (mesh) {
      holder.remove(mesh);
      mesh.geometry.dispose();
    }
    const data = buildAvatarMesh(avatarLook(look));
    const joints = buildRig();
    const scale = bodyProportions(lookFromSeed(look).body);
    joints[0]?.scale.set(...scale);
    joints[0]?.updateMatrixWorld(true);
    const positions = new Float32Array(data.positions.length);
    const normals = new Float32Array(data.normals.length);
    const v = new THREE.Vector3();
    const n = new THREE.Vector3();
    const normalMatrix = new THREE.Matrix3();
    for (let i = 0; i < data.vertexCount; i += 1) {
      const joint = joints[data.bones[i] ?? 0];
      if (!joint) continue;
      v.fromArray(data.positions, i * 3)
        .applyMatrix4(joint.matrixWorld)
        .toArray(positions, i * 3);
      normalMatrix.getNormalMatrix(joint.matrixWorld);
      n.fromArray(data.normals, i * 3)
        .applyMatrix3(normalMatrix)
        .normalize()
        .toArray(normals, i * 3);
    }
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
    geometry.setAttribute('normal', new THREE.BufferAttribute(normals, 3));
    geometry.setAttribute('color', new THREE.BufferAttribute(data.colors, 3));
    geometry.setIndex(new THREE.BufferAttribute(data.index, 1));
    mesh = new THREE.Mesh(geometry, material);
    holder.add(mesh);
  };

  const resize = () => {
    const w = canvas.clientWidth || 1;
    const h = canvas.clientHeight || 1;
    renderer.setSize(w, h, false);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
  };

  const draw = () => {
    holder.rotation.y = yaw;
    renderer.render(scene, camera);
  };

  let last = performance.now();
  const loop = (now: number) => {
    yaw += ((now - last) / 1000) * 0.35;
    last = now;
    draw();
    frame = requestAnimationFrame(loop);
  };

  const observer = new ResizeObserver(() => {
    resize();
    draw();
  });
  observer.observe(canvas);
  build();
  resize();
  draw();
  if (!options.reducedMotion) frame = requestAnimationFrame(loop);

  return {
    setLook(next) {
      if (next === look) return;
      look = next;
      build();
      draw();
    },
    turn(radians) {
      yaw += radians;
      draw();
    },
    state: () => ({ look, yaw }),
    dispose() {
      cancelAnimationFrame(frame);
      observer.disconnect();
      mesh?.geometry.dispose();
      material.dispose();
      renderer.dispose();
    },
  };
};

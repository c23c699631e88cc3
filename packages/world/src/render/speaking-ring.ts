import * as THREE from 'three';
import { farScale, NAME_TAG_HEIGHT } from './name-tag.ts';

/** The ring's size in metres up close, and its gap above the name tag. */
const RING_SIZE = 0.42;
const GAP = 0.05;
const PIXELS = 128;

/** One texture for every ring of the page: a teal ring with sound bars, drawn once. */
let texture: THREE.CanvasTexture | null = null;

const ringTexture = (): THREE.CanvasTexture => {
  if (texture) return texture;
  const canvas = document.createElement('canvas');
  canvas.width = PIXELS;
  canvas.height = PIXELS;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    const c = PIXELS / 2;
    ctx.fillStyle = 'rgba(17, 20, 43, 0.72)';
    ctx.beginPath();
    ctx.arc(c, c, c - 4, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = '#2dd4bf';
    ctx.lineWidth = 12;
    ctx.beginPath();
    ctx.arc(c, c, c - 10, 0, Math.PI * 2);
    ctx.stroke();
    // Three sound bars: someone is talking.
    ctx.fillStyle = '#ffffff';
    for (const [dx, h] of [
      [-22, 30],
      [0, 52],
      [22, 30],
    ] as const) {
      ctx.beginPath();
      ctx.roundRect(c + dx - 6, c - h / 2, 12, h, 6);
      ctx.fill();
    }
  }
  texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
};

/**
 * The ring shown over an avatar's name tag while its person talks (issue 30 §2). It grows with
 * distance as the name tag does and stays just above it. Its material is its own; the texture is
 * shared, so many rings cost one upload.
 */
export const createSpeakingRing = (tagY: number): THREE.Sprite => {
  const ring = new THREE.Sprite(
    new THREE.SpriteMaterial({
      map: ringTexture(),
      depthWrite: false,
      transparent: true,
      fog: false,
    }),
  );
  ring.name = 'speaking-ring';
  ring.renderOrder = 11;
  ring.visible = false;
  const world = new THREE.Vector3();
  const place = (scale: number) => {
    ring.scale.set(RING_SIZE * scale, RING_SIZE * scale, 1);
    ring.position.y = tagY + scale * (NAME_TAG_HEIGHT / 2 + GAP + RING_SIZE / 2);
  };
  ring.onBeforeRender = (_renderer, _scene, camera) => {
    place(farScale(camera.position.distanceTo(ring.getWorldPosition(world))));
    ring.updateMatrixWorld();
  };
  place(1);
  return ring;
};

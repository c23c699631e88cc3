import * as THREE from 'three';

const FONT = '600 40px system-ui, sans-serif';
const HEIGHT_PX = 60;
/** Tag height in metres up close. */
const BASE_HEIGHT = 0.26;
/** Beyond this distance the tag keeps its size on screen instead of shrinking with distance. */
const FAR = 9;

/**
 * A name tag: a rounded label drawn once on a canvas, on a sprite that stays readable from afar
 * (its on-screen size stops shrinking past a few metres).
 */
export const createNameTag = (text: string, highlight: boolean): THREE.Sprite => {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  let width = 256;
  if (ctx) {
    ctx.font = FONT;
    width = Math.ceil(ctx.measureText(text).width) + 44;
  }
  canvas.width = width;
  canvas.height = HEIGHT_PX;
  if (ctx) {
    ctx.fillStyle = highlight ? 'rgba(79, 70, 229, 0.92)' : 'rgba(28, 30, 56, 0.74)';
    ctx.beginPath();
    ctx.roundRect(0, 0, width, HEIGHT_PX, HEIGHT_PX / 2);
    ctx.fill();
    ctx.font = FONT;
    ctx.fillStyle = '#ffffff';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, width / 2, HEIGHT_PX / 2 + 2);
  }
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.generateMipmaps = false;
  texture.minFilter = THREE.LinearFilter;
  const sprite = new THREE.Sprite(
    new THREE.SpriteMaterial({ map: texture, depthWrite: false, transparent: true, fog: false }),
  );
  const aspect = width / HEIGHT_PX;
  sprite.position.y = 2.15;
  sprite.renderOrder = 10;
  const world = new THREE.Vector3();
  sprite.onBeforeRender = (_renderer, _scene, camera) => {
    const h = BASE_HEIGHT * farScale(camera.position.distanceTo(sprite.getWorldPosition(world)));
    sprite.scale.set(h * aspect, h, 1);
    sprite.updateMatrixWorld();
  };
  sprite.scale.set(BASE_HEIGHT * aspect, BASE_HEIGHT, 1);
  return sprite;
};

/** The name tag's height in metres up close. */
export const NAME_TAG_HEIGHT = BASE_HEIGHT;

/**
 * How much a label at `distance` metres from the camera grows, so that past a few metres it keeps
 * its size on screen (name tags and the speaking ring over them).
 */
export const farScale = (distance: number): number => Math.max(1, distance / FAR);

import * as THREE from 'three';
import { seeded, SUN_DIRECTION } from './bake.ts';
import { Palette } from './palette.ts';

/** Something that throws a shadow baked into the ground: a box, or a soft round crown. */
export type ShadowCaster =
  | { kind: 'box'; minX: number; minZ: number; maxX: number; maxZ: number; height: number }
  | { kind: 'blob'; x: number; z: number; radius: number; height: number };

/** Draws onto the ground canvas in world metres (x right, z down). */
export interface GroundPainter {
  readonly ctx: CanvasRenderingContext2D;
  /** Canvas pixels per metre. */
  readonly scale: number;
  rect(x0: number, z0: number, x1: number, z1: number, color: string): void;
  circle(x: number, z: number, r: number, color: string): void;
  /** Pavers: lines `step` metres apart in both directions inside a rectangle. */
  joints(x0: number, z0: number, x1: number, z1: number, stepX: number, stepZ: number): void;
}

const SHADOW_ALPHA = 0.34;
const AO_ALPHA = 0.22;

/** Where on the ground a point at `height` above (x, z) throws its shadow. */
const shadowOffset = (height: number) => ({
  dx: (-SUN_DIRECTION.x / SUN_DIRECTION.y) * height,
  dz: (-SUN_DIRECTION.z / SUN_DIRECTION.y) * height,
});

const hull = (points: { x: number; z: number }[]) => {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.z - b.z);
  const cross = (o: { x: number; z: number }, a: { x: number; z: number }, b: typeof a) =>
    (a.x - o.x) * (b.z - o.z) - (a.z - o.z) * (b.x - o.x);
  const half = (list: typeof points) => {
    const out: typeof points = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, p) <= 0) {
        out.pop();
      }
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
};

/** Rewrites the canvas's sRGB pixels as linear values (8 bits each), for a NoColorSpace texture. */
const toLinear = (ctx: CanvasRenderingContext2D, pixels: number) => {
  const lut = new Uint8ClampedArray(256);
  for (let i = 0; i < 256; i += 1) {
    const c = i / 255;
    lut[i] = Math.round((c < 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4) * 255);
  }
  const image = ctx.getImageData(0, 0, pixels, pixels);
  const data = image.data;
  for (let i = 0; i < data.length; i += 4) {
    data[i] = lut[data[i]!]!;
    data[i + 1] = lut[data[i + 1]!]!;
    data[i + 2] = lut[data[i + 2]!]!;
  }
  ctx.putImageData(image, 0, 0);
};

/**
 * Paints the ground as one texture: grass with mown stripes, whatever `paint` adds (plaza,
 * paths, floors), then the soft shadows of `casters` and contact shade, faded at the rim into
 * the far grass. `size` metres square, centred on the origin.
 */
export const paintGround = (
  size: number,
  pixels: number,
  casters: readonly ShadowCaster[],
  paint: (painter: GroundPainter) => void,
): THREE.CanvasTexture => {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = pixels;
  const ctx = canvas.getContext('2d');
  const texture = new THREE.CanvasTexture(canvas);
  // Stored linear and sampled without blending mip levels: software GL pays dearly for sRGB
  // decoding and trilinear filtering on a texture that covers half the screen.
  texture.colorSpace = THREE.NoColorSpace;
  texture.minFilter = THREE.LinearMipmapNearestFilter;
  if (!ctx) return texture;
  const scale = pixels / size;
  const toPx = (v: number) => (v + size / 2) * scale;
  const painter: GroundPainter = {
    ctx,
    scale,
    rect(x0, z0, x1, z1, color) {
      ctx.fillStyle = color;
      ctx.fillRect(toPx(x0), toPx(z0), (x1 - x0) * scale, (z1 - z0) * scale);
    },
    circle(x, z, r, color) {
      ctx.fillStyle = color;
      ctx.beginPath();
      ctx.arc(toPx(x), toPx(z), r * scale, 0, Math.PI * 2);
      ctx.fill();
    },
    joints(x0, z0, x1, z1, stepX, stepZ) {
      ctx.beginPath();
      for (let x = x0 + stepX; x < x1 - 0.01; x += stepX) {
        ctx.moveTo(toPx(x), toPx(z0));
        ctx.lineTo(toPx(x), toPx(z1));
      }
      for (let z = z0 + stepZ; z < z1 - 0.01; z += stepZ) {
        ctx.moveTo(toPx(x0), toPx(z));
        ctx.lineTo(toPx(x1), toPx(z));
      }
      ctx.stroke();
    },
  };

  // Grass: a base, mown stripes, then soft patches of lighter and darker green.
  ctx.fillStyle = Palette.grass;
  ctx.fillRect(0, 0, pixels, pixels);
  ctx.globalAlpha = 0.12;
  for (let z = -size / 2; z < size / 2; z += 6)
    painter.rect(-size / 2, z, size / 2, z + 3, Palette.grassLight);
  const random = seeded(3);
  for (let i = 0; i < 900; i += 1) {
    ctx.globalAlpha = 0.05 + random() * 0.08;
    const color = random() < 0.5 ? Palette.grassLight : Palette.grassDark;
    painter.circle((random() - 0.5) * size, (random() - 0.5) * size, 0.6 + random() * 2.4, color);
  }
  ctx.globalAlpha = 1;
  paint(painter);

  // Shadows on a small canvas: scaling it up is the blur that softens their edges.
  const shade = document.createElement('canvas');
  const shadePixels = Math.max(64, pixels / 4);
  shade.width = shade.height = shadePixels;
  const s = shade.getContext('2d');
  if (s) {
    const k = shadePixels / size;
    const sx = (v: number) => (v + size / 2) * k;
    s.fillStyle = '#000';
    for (const c of casters) {
      s.beginPath();
      if (c.kind === 'box') {
        const { dx, dz } = shadowOffset(c.height);
        const corners = [
          { x: c.minX, z: c.minZ },
          { x: c.maxX, z: c.minZ },
          { x: c.maxX, z: c.maxZ },
          { x: c.minX, z: c.maxZ },
        ];
        const points = hull([...corners, ...corners.map((p) => ({ x: p.x + dx, z: p.z + dz }))]);
        points.forEach((p, i) =>
          i === 0 ? s.moveTo(sx(p.x), sx(p.z)) : s.lineTo(sx(p.x), sx(p.z)),
        );
        s.closePath();
      } else {
        const { dx, dz } = shadowOffset(c.height);
        s.ellipse(sx(c.x + dx), sx(c.z + dz), c.radius * k, c.radius * k * 0.85, 0, 0, Math.PI * 2);
      }
      s.fill();
    }
    ctx.globalAlpha = SHADOW_ALPHA;
    ctx.imageSmoothingEnabled = true;
    ctx.drawImage(shade, 0, 0, pixels, pixels);

    // Contact shade where walls and props meet the ground.
    s.clearRect(0, 0, shadePixels, shadePixels);
    s.filter = 'blur(2px)';
    for (const c of casters) {
      if (c.kind === 'box') {
        s.fillRect(
          sx(c.minX - 0.25),
          sx(c.minZ - 0.25),
          (c.maxX - c.minX + 0.5) * k,
          (c.maxZ - c.minZ + 0.5) * k,
        );
      }
    }
    s.filter = 'none';
    ctx.globalAlpha = AO_ALPHA;
    ctx.drawImage(shade, 0, 0, pixels, pixels);
    ctx.globalAlpha = 1;
  }

  // The rim fades into the far grass, so the edge of the texture never shows.
  const rim = ctx.createRadialGradient(
    pixels / 2,
    pixels / 2,
    pixels * 0.4,
    pixels / 2,
    pixels / 2,
    pixels / 2,
  );
  rim.addColorStop(0, 'rgba(136, 185, 124, 0)');
  rim.addColorStop(1, Palette.grassFar);
  ctx.fillStyle = rim;
  ctx.fillRect(0, 0, pixels, pixels);
  toLinear(ctx, pixels);
  return texture;
};

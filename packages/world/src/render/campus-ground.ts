import type { WorldLayout } from '@atrium/protocol';
import type * as THREE from 'three';
import { paintGround, type GroundPainter, type ShadowCaster } from './ground-texture.ts';
import { Palette } from './palette.ts';
import { paintVoiceAreas } from './voice-areas.ts';

const PIXELS = 2048;

/** A paved path with a kerb and slab joints. */
const path = (p: GroundPainter, x0: number, z0: number, x1: number, z1: number) => {
  p.rect(x0 - 0.15, z0 - 0.15, x1 + 0.15, z1 + 0.15, Palette.pavingEdge);
  p.rect(x0, z0, x1, z1, Palette.path);
  p.ctx.strokeStyle = Palette.pavingJoint;
  p.ctx.lineWidth = 1.5;
  const alongZ = z1 - z0 > x1 - x0;
  p.joints(x0, z0, x1, z1, alongZ ? (x1 - x0) / 2 : 1.2, alongZ ? 1.2 : (z1 - z0) / 2);
};

/** The plaza: concentric rings of pavers with radial joints and a darker border. */
const plaza = (p: GroundPainter) => {
  const { ctx, scale } = p;
  p.circle(0, 0, 11.3, Palette.pavingEdge);
  p.circle(0, 0, 10.7, Palette.paving);
  const cx = ctx.canvas.width / 2;
  ctx.save();
  ctx.beginPath();
  ctx.arc(cx, cx, 10.7 * scale, 0, Math.PI * 2);
  ctx.clip();
  ctx.strokeStyle = Palette.pavingJoint;
  ctx.lineWidth = 1.5;
  for (let r = 3.6; r < 10.7; r += 1.4) {
    ctx.beginPath();
    ctx.arc(cx, cx, r * scale, 0, Math.PI * 2);
    ctx.stroke();
    const count = Math.round(r * 3);
    ctx.beginPath();
    for (let i = 0; i < count; i += 1) {
      const a = ((i + (r % 2.8 > 1.4 ? 0.5 : 0)) / count) * Math.PI * 2;
      ctx.moveTo(cx + Math.cos(a) * r * scale, cx + Math.sin(a) * r * scale);
      ctx.lineTo(cx + Math.cos(a) * (r + 1.4) * scale, cx + Math.sin(a) * (r + 1.4) * scale);
    }
    ctx.stroke();
  }
  ctx.restore();
  // A warm inlaid ring around the fountain.
  ctx.strokeStyle = '#d9b98f';
  ctx.lineWidth = 0.35 * scale;
  ctx.beginPath();
  ctx.arc(cx, cx, 3.2 * scale, 0, Math.PI * 2);
  ctx.stroke();
};

/** Floors inside the two buildings: oak planks in the gallery, pale tiles in the classrooms. */
const floors = (p: GroundPainter) => {
  p.rect(-13.5, -33.5, 13.5, -14.5, Palette.galleryFloor);
  p.ctx.strokeStyle = Palette.galleryFloorJoint;
  p.ctx.lineWidth = 1;
  p.joints(-13.5, -33.5, 13.5, -14.5, 27, 0.3);
  // A runner from the door to the back wall.
  p.rect(-1.6, -33.5, 1.6, -14.5, '#c9c4e8');
  p.rect(-1.3, -33.5, 1.3, -14.5, '#b3abe6');
  p.rect(18.5, -10, 33.5, 10, Palette.classFloor);
  p.ctx.strokeStyle = Palette.classFloorJoint;
  p.joints(18.5, -10, 33.5, 10, 1, 1);
  // Door mats.
  p.rect(-1.8, -14.2, 1.8, -12.9, '#8f86d9');
  p.rect(16.6, -1.8, 18.2, 1.8, '#5fb7a9');
};

/** Flower beds along the south walk. */
const beds = (p: GroundPainter) => {
  const colors = Palette.flowers;
  for (const x of [-4.6, 4.6]) {
    for (const z of [15, 23, 27, 35]) {
      p.circle(x, z, 1.1, Palette.soil);
      for (let i = 0; i < 14; i += 1) {
        const a = i * 2.4;
        const r = 0.25 + ((i * 37) % 10) / 14;
        p.circle(
          x + Math.cos(a) * r,
          z + Math.sin(a) * r,
          0.14,
          colors[i % colors.length] ?? '#fff',
        );
      }
    }
  }
};

/** Warm pools of light on the floor under the gallery's spotlights. */
const lightPools = (p: GroundPainter, layout: WorldLayout) => {
  const { ctx, scale } = p;
  const half = ctx.canvas.width / 2;
  for (const slot of layout.posterSlots) {
    const x = (slot.x + Math.sin(slot.ry) * 1.1) * scale + half;
    const z = (slot.z + Math.cos(slot.ry) * 1.1) * scale + half;
    const pool = ctx.createRadialGradient(x, z, 0, x, z, 1.6 * scale);
    pool.addColorStop(0, 'rgba(255, 236, 196, 0.4)');
    pool.addColorStop(1, 'rgba(255, 236, 196, 0)');
    ctx.fillStyle = pool;
    ctx.fillRect(x - 1.6 * scale, z - 1.6 * scale, 3.2 * scale, 3.2 * scale);
  }
};

/** Paints the ground: the campus (plaza, paths, floors, beds), the voice areas, the shadows. */
export const paintCampusGround = (
  layout: WorldLayout,
  size: number,
  casters: readonly ShadowCaster[],
): THREE.CanvasTexture =>
  paintGround(size, PIXELS, casters, (p) => {
    if (layout.id === 'campus') {
      path(p, -1.5, 8, 1.5, 44);
      path(p, -2, -14.2, 2, -9.5);
      path(p, 9.5, -2, 18.2, 2);
      plaza(p);
      floors(p);
      beds(p);
      lightPools(p, layout);
    }
    paintVoiceAreas(p, layout.voiceAreas ?? []);
  });

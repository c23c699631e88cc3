// Issue 30 §2: the voice areas drawn on the ground, so people see the stage and the table and
// know the gallery is quiet. The tint and outline are painted into the ground texture (no draw
// call); the labels are one mesh over one small atlas.
import type { VoiceArea } from '@atrium/protocol';
import * as THREE from 'three';
import type { GroundPainter } from './ground-texture.ts';

/** The words on the floor: the area's name, and what kind of area it is. */
export const VoiceAreaText = {
  kind: {
    private: 'Private area',
    quiet: 'Quiet zone',
    stage: 'Teachers here are heard by all',
  },
} as const satisfies { kind: Record<VoiceArea['kind'], string> };

/** Per kind: the floor's tint, the dashed outline, and the label's second line (on dark). */
const COLORS: Record<VoiceArea['kind'], { fill: string; line: string; text: string }> = {
  private: { fill: 'rgba(24, 181, 163, 0.16)', line: 'rgba(18, 133, 119, 0.75)', text: '#5eead4' },
  quiet: { fill: 'rgba(91, 84, 232, 0.07)', line: 'rgba(91, 84, 232, 0.55)', text: '#c7d2fe' },
  stage: { fill: 'rgba(245, 158, 11, 0.2)', line: 'rgba(217, 119, 6, 0.85)', text: '#fcd34d' },
};

/** The outline's inset from the area's edge and its width, metres. */
const INSET = 0.25;
const LINE = 0.12;

/** Paints each area's tint and a dashed outline just inside its edge. */
export const paintVoiceAreas = (p: GroundPainter, areas: readonly VoiceArea[]): void => {
  const { ctx, scale } = p;
  const half = ctx.canvas.width / 2;
  const px = (v: number) => v * scale + half;
  for (const area of areas) {
    const color = COLORS[area.kind];
    p.rect(area.minX, area.minZ, area.maxX, area.maxZ, color.fill);
    ctx.save();
    ctx.strokeStyle = color.line;
    ctx.lineWidth = LINE * scale;
    ctx.setLineDash([0.6 * scale, 0.35 * scale]);
    ctx.strokeRect(
      px(area.minX + INSET),
      px(area.minZ + INSET),
      (area.maxX - area.minX - 2 * INSET) * scale,
      (area.maxZ - area.minZ - 2 * INSET) * scale,
    );
    ctx.restore();
  }
};

const SLICE_W = 512;
const SLICE_H = 128;
/** A label's size on the floor, metres: at most this wide, and a quarter as tall. */
const LABEL_W = 3.2;

const drawLabel = (ctx: CanvasRenderingContext2D, area: VoiceArea, top: number) => {
  ctx.clearRect(0, top, SLICE_W, SLICE_H);
  ctx.fillStyle = 'rgba(17, 20, 43, 0.58)';
  ctx.beginPath();
  ctx.roundRect(4, top + 4, SLICE_W - 8, SLICE_H - 8, 28);
  ctx.fill();
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#ffffff';
  ctx.font = '700 52px system-ui, sans-serif';
  ctx.fillText(area.label, SLICE_W / 2, top + 46, SLICE_W - 40);
  ctx.fillStyle = COLORS[area.kind].text;
  ctx.font = '600 30px system-ui, sans-serif';
  ctx.fillText(VoiceAreaText.kind[area.kind], SLICE_W / 2, top + 96, SLICE_W - 40);
};

/**
 * Where an area's label lies: just inside the edge that faces `from` (the world's spawn point,
 * where people come from), its text's top pointing into the area, so it reads the right way up
 * for someone walking in.
 */
export const labelPlacement = (
  area: VoiceArea,
  from: { x: number; z: number },
): { x: number; z: number; width: number; up: { x: number; z: number } } => {
  const cx = (area.minX + area.maxX) / 2;
  const cz = (area.minZ + area.maxZ) / 2;
  const alongX = Math.abs(cx - from.x) > Math.abs(cz - from.z);
  const sign = alongX ? Math.sign(cx - from.x) || 1 : Math.sign(cz - from.z) || 1;
  // The edge the label runs along is as long as the area is across the way in.
  const edge = alongX ? area.maxZ - area.minZ : area.maxX - area.minX;
  const width = Math.min(LABEL_W, edge - 2 * INSET - 0.3);
  const inset = INSET + 0.15 + width / 8;
  if (alongX) {
    const x = sign > 0 ? area.minX + inset : area.maxX - inset;
    return { x, z: cz, width, up: { x: sign, z: 0 } };
  }
  const z = sign > 0 ? area.minZ + inset : area.maxZ - inset;
  return { x: cx, z, width, up: { x: 0, z: sign } };
};

/** The areas' labels as one mesh lying on the ground; null when there are none. */
export const buildVoiceAreaLabels = (
  areas: readonly VoiceArea[],
  from: { x: number; z: number },
): THREE.Mesh | null => {
  if (areas.length === 0) return null;
  const canvas = document.createElement('canvas');
  canvas.width = SLICE_W;
  canvas.height = SLICE_H * areas.length;
  const ctx = canvas.getContext('2d');
  const positions: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  areas.forEach((area, i) => {
    if (ctx) drawLabel(ctx, area, i * SLICE_H);
    const { x, z, width, up } = labelPlacement(area, from);
    const height = width / (SLICE_W / SLICE_H);
    // `right` is `up` turned a quarter clockwise seen from above (x right, z down the screen).
    const right = { x: -up.z, z: up.x };
    const corner = (u: number, v: number) => {
      positions.push(
        x + right.x * (u - 0.5) * width + up.x * (v - 0.5) * height,
        0.03,
        z + right.z * (u - 0.5) * width + up.z * (v - 0.5) * height,
      );
      uvs.push(u, 1 - (i + 1) / areas.length + v / areas.length);
    };
    const base = i * 4;
    corner(0, 0);
    corner(1, 0);
    corner(1, 1);
    corner(0, 1);
    indices.push(base, base + 2, base + 1, base, base + 3, base + 2);
  });
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  geometry.setAttribute('uv', new THREE.Float32BufferAttribute(uvs, 2));
  geometry.setIndex(indices);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  const mesh = new THREE.Mesh(
    geometry,
    new THREE.MeshBasicMaterial({
      map: texture,
      transparent: true,
      depthWrite: false,
      side: THREE.DoubleSide,
    }),
  );
  mesh.name = 'voice-area-labels';
  return mesh;
};

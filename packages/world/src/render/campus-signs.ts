import * as THREE from 'three';
import { place, StaticBuilder } from './bake.ts';
import { Palette } from './palette.ts';

/** A region of the sign atlas, in canvas pixels. */
interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

const ATLAS_W = 1024;
const ATLAS_H = 512;

const REGIONS = {
  gallery: { x: 0, y: 0, w: 512, h: 96 },
  classroom: { x: 512, y: 0, w: 512, h: 96 },
  welcome: { x: 0, y: 96, w: 512, h: 288 },
  board: { x: 512, y: 96, w: 512, h: 192 },
} as const satisfies Record<string, Region>;

const banner = (ctx: CanvasRenderingContext2D, r: Region, text: string, color: string) => {
  ctx.fillStyle = color;
  ctx.fillRect(r.x, r.y, r.w, r.h);
  ctx.fillStyle = 'rgba(255,255,255,0.18)';
  ctx.fillRect(r.x, r.y + r.h - 10, r.w, 4);
  ctx.fillStyle = '#ffffff';
  ctx.font = '700 54px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, r.x + r.w / 2, r.y + r.h / 2 + 2, r.w - 40);
};

const welcome = (ctx: CanvasRenderingContext2D, r: Region) => {
  ctx.fillStyle = '#fbf8f2';
  ctx.fillRect(r.x, r.y, r.w, r.h);
  ctx.fillStyle = Palette.indigo;
  ctx.fillRect(r.x, r.y, r.w, 70);
  ctx.fillStyle = '#fff';
  ctx.font = '700 40px system-ui, sans-serif';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText('Welcome to Atrium', r.x + 24, r.y + 36);
  ctx.font = '600 30px system-ui, sans-serif';
  const rows: [string, string, string][] = [
    ['↑', 'Gallery hall', Palette.indigo],
    ['→', 'Classrooms', Palette.tealDeep],
    ['◎', 'Plaza & fountain', '#b7791f'],
  ];
  rows.forEach(([arrow, label, color], i) => {
    const y = r.y + 110 + i * 58;
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.arc(r.x + 48, y, 22, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#fff';
    ctx.textAlign = 'center';
    ctx.fillText(arrow, r.x + 48, y + 1);
    ctx.fillStyle = '#2b2b40';
    ctx.textAlign = 'left';
    ctx.fillText(label, r.x + 88, y + 1);
  });
};

const board = (ctx: CanvasRenderingContext2D, r: Region) => {
  ctx.fillStyle = Palette.board;
  ctx.fillRect(r.x, r.y, r.w, r.h);
  ctx.strokeStyle = '#b9875c';
  ctx.lineWidth = 10;
  ctx.strokeRect(r.x + 5, r.y + 5, r.w - 10, r.h - 10);
  ctx.fillStyle = 'rgba(255,255,255,0.88)';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.font = '600 34px system-ui, sans-serif';
  ctx.fillText('Today: worlds in 3D', r.x + 30, r.y + 50);
  ctx.font = '400 26px system-ui, sans-serif';
  ctx.fillText('1. Light and shade', r.x + 46, r.y + 100);
  ctx.fillText('2. Say hello (1-0)', r.x + 46, r.y + 140);
  ctx.strokeStyle = 'rgba(255,255,255,0.6)';
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.arc(r.x + 420, r.y + 110, 40, 0, Math.PI * 2);
  ctx.stroke();
};

/** A quad showing `region`, `w`×`h` metres, centred at (x, y, z) and facing +z turned by `ry`. */
const quad = (b: StaticBuilder, region: Region, w: number, h: number, at: THREE.Matrix4) => {
  const geometry = new THREE.PlaneGeometry(w, h);
  const uv = geometry.getAttribute('uv');
  for (let i = 0; i < uv.count; i += 1) {
    uv.setXY(
      i,
      (region.x + uv.getX(i) * region.w) / ATLAS_W,
      1 - (region.y + (1 - uv.getY(i)) * region.h) / ATLAS_H,
    );
  }
  b.add(geometry, '#ffffff', at);
};

/**
 * The campus signs in one textured mesh: the two building names over their doors, the welcome
 * board on the south walk and the classroom's blackboard.
 */
export const buildSigns = (): THREE.Mesh => {
  const canvas = document.createElement('canvas');
  canvas.width = ATLAS_W;
  canvas.height = ATLAS_H;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    banner(ctx, REGIONS.gallery, 'GALLERY HALL', Palette.indigo);
    banner(ctx, REGIONS.classroom, 'CLASSROOMS', Palette.tealDeep);
    welcome(ctx, REGIONS.welcome);
    board(ctx, REGIONS.board);
  }
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.anisotropy = 2;

  const b = new StaticBuilder(true);
  quad(b, REGIONS.gallery, 4.2, 0.78, place(0, 3.6, -13.97));
  quad(b, REGIONS.classroom, 4.2, 0.78, place(17.97, 3.6, 0, -Math.PI / 2));
  quad(b, REGIONS.welcome, 1.6, 0.9, place(-3.4, 1.45, 12.05));
  quad(b, REGIONS.board, 5.4, 2, place(33.44, 1.9, 0, -Math.PI / 2));
  const [geometry = new THREE.BufferGeometry()] = b.build(Infinity);
  const mesh = new THREE.Mesh(
    geometry,
    new THREE.MeshBasicMaterial({ map: texture, vertexColors: true }),
  );
  mesh.name = 'campus-signs';
  return mesh;
};

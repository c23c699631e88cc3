import { ClassroomFurniture, type ClassroomArea, type ClassroomBuilding } from '@atrium/protocol';
import * as THREE from 'three';
import type { Interactable } from '../interaction.ts';
import { place, StaticBuilder } from './bake.ts';
import { CLASS_ACCENT } from './classroom-furniture.ts';
import { Palette } from './palette.ts';

/** A region of the sign atlas, in canvas pixels. */
interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

const ATLAS_W = 1024;
const ATLAS_H = 1024;

const REGIONS = {
  gallery: { x: 0, y: 0, w: 512, h: 96 },
  classroom: { x: 512, y: 0, w: 512, h: 96 },
  welcome: { x: 0, y: 96, w: 512, h: 288 },
} as const satisfies Record<string, Region>;

/** The class boards, one region each (the board's aspect, 3 × 1.35 m). */
const BOARD_REGIONS: readonly Region[] = [
  { x: 0, y: 512, w: 512, h: 230 },
  { x: 512, y: 512, w: 512, h: 230 },
  { x: 0, y: 768, w: 512, h: 230 },
];

/** The words on the campus signs: drawn on them, and read out by the world's text alternative. */
export const SignText = {
  gallery: 'GALLERY HALL',
  classroom: 'CLASSROOMS',
  welcome: 'Welcome to Atrium',
  welcomeRows: ['Gallery hall', 'Classrooms', 'Plaza & fountain'],
  welcomeSign: 'Welcome to Atrium: Gallery hall, Classrooms, Plaza & fountain',
  board: (room: string, title: string, line: string) => `${room} board: ${title}, ${line}`,
  galleryDoor: 'the door of the gallery hall',
  classroomDoor: 'the door of the classroom building',
} as const;

/** Where the building names and the welcome board hang: centre and facing (a +z quad turned by ry). */
const SIGN_AT = {
  gallery: { x: 0, y: 3.6, z: -13.97, ry: 0, w: 4.2, h: 0.78 },
  classroom: { x: 17.97, y: 3.6, z: 0, ry: -Math.PI / 2, w: 4.2, h: 0.78 },
  welcome: { x: -3.4, y: 1.45, z: 12.05, ry: 0, w: 1.6, h: 0.9 },
} as const;

/** What is written on each class's board under its name. */
const LESSONS: readonly [string, string, string][] = [
  ['Geometry: angles', 'a + b + c = 180°', 'triangle'],
  ['Worlds in 3D', '1. Light and shade', 'sphere'],
  ['Reading circle', 'Chapter 4, p. 52', 'book'],
];

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
  ctx.fillText(SignText.welcome, r.x + 24, r.y + 36);
  ctx.font = '600 30px system-ui, sans-serif';
  const [hall, classes, plaza] = SignText.welcomeRows;
  const rows: [string, string, string][] = [
    ['↑', hall, Palette.indigo],
    ['→', classes, Palette.tealDeep],
    ['◎', plaza, '#b7791f'],
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

/** A class board: its room's name in chalk, the lesson, and a sketch. */
const board = (ctx: CanvasRenderingContext2D, r: Region, area: ClassroomArea, lesson: number) => {
  const [title, line, sketch] = LESSONS[lesson % LESSONS.length] ?? LESSONS[0] ?? ['', '', ''];
  ctx.fillStyle = Palette.board;
  ctx.fillRect(r.x, r.y, r.w, r.h);
  ctx.fillStyle = CLASS_ACCENT[area.room];
  ctx.fillRect(r.x, r.y, r.w, 62);
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.font = '700 44px system-ui, sans-serif';
  ctx.fillText(area.label, r.x + 22, r.y + 33);
  ctx.fillStyle = 'rgba(255,255,255,0.9)';
  ctx.font = '600 30px system-ui, sans-serif';
  ctx.fillText(title, r.x + 22, r.y + 106);
  ctx.font = '400 24px system-ui, sans-serif';
  ctx.fillText(line, r.x + 34, r.y + 150);
  ctx.fillText('Welcome!', r.x + 34, r.y + 188);
  ctx.strokeStyle = 'rgba(255,255,255,0.7)';
  ctx.lineWidth = 3;
  ctx.beginPath();
  const cx = r.x + 420;
  const cy = r.y + 150;
  if (sketch === 'triangle') {
    ctx.moveTo(cx - 50, cy + 40);
    ctx.lineTo(cx + 50, cy + 40);
    ctx.lineTo(cx - 10, cy - 45);
    ctx.closePath();
  } else if (sketch === 'sphere') {
    ctx.arc(cx, cy, 42, 0, Math.PI * 2);
    ctx.moveTo(cx + 42, cy);
    ctx.ellipse(cx, cy, 42, 12, 0, 0, Math.PI * 2);
  } else {
    ctx.rect(cx - 50, cy - 35, 48, 70);
    ctx.rect(cx + 2, cy - 35, 48, 70);
  }
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
 * board on the south walk and the boards of the classroom building's classes.
 */
export const buildSigns = (classrooms?: ClassroomBuilding): THREE.Mesh => {
  const areas = (classrooms?.areas ?? []).slice(0, BOARD_REGIONS.length);
  const canvas = document.createElement('canvas');
  canvas.width = ATLAS_W;
  canvas.height = ATLAS_H;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    banner(ctx, REGIONS.gallery, SignText.gallery, Palette.indigo);
    banner(ctx, REGIONS.classroom, SignText.classroom, Palette.tealDeep);
    welcome(ctx, REGIONS.welcome);
    areas.forEach((area, i) => {
      const region = BOARD_REGIONS[i];
      if (region) board(ctx, region, area, i);
    });
  }
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.anisotropy = 2;

  const b = new StaticBuilder(true);
  for (const name of ['gallery', 'classroom', 'welcome'] as const) {
    const { x, y, z, ry, w, h } = SIGN_AT[name];
    quad(b, REGIONS[name], w, h, place(x, y, z, ry));
  }
  const f = ClassroomFurniture;
  areas.forEach((area, i) => {
    const region = BOARD_REGIONS[i];
    const { x, z, ry } = area.board;
    if (region) quad(b, region, f.boardWidth, f.boardHeight, place(x, f.boardCentreY, z, ry));
  });
  const [geometry = new THREE.BufferGeometry()] = b.build(Infinity);
  const mesh = new THREE.Mesh(
    geometry,
    new THREE.MeshBasicMaterial({ map: texture, vertexColors: true }),
  );
  mesh.name = 'campus-signs';
  return mesh;
};

/** A sign as a landmark: readable from the side it faces, out to its edges. */
const signMark = (id: string, label: string, at: { x: number; z: number; ry: number; w: number }) =>
  ({
    id,
    kind: 'sign',
    label,
    x: at.x,
    z: at.z,
    radius: at.w / 2,
    nx: Math.sin(at.ry),
    nz: Math.cos(at.ry),
  }) satisfies Interactable;

/**
 * The campus's signs, class boards and building doors as landmarks for the world's text
 * alternative: where each is and what it says.
 */
export const campusLandmarks = (classrooms?: ClassroomBuilding): Interactable[] => [
  signMark('sign:gallery', SignText.gallery, SIGN_AT.gallery),
  signMark('sign:classroom', SignText.classroom, SIGN_AT.classroom),
  signMark('sign:welcome', SignText.welcomeSign, SIGN_AT.welcome),
  ...(classrooms?.areas ?? []).slice(0, BOARD_REGIONS.length).map((area, i) => {
    const [title, line] = LESSONS[i % LESSONS.length] ?? LESSONS[0] ?? ['', '', ''];
    const { x, z, ry } = area.board;
    const w = ClassroomFurniture.boardWidth;
    return signMark(`board:${area.room}`, SignText.board(area.label, title, line), { x, z, ry, w });
  }),
  { id: 'door:gallery', kind: 'door', label: SignText.galleryDoor, x: 0, z: -14.25, radius: 2 },
  { id: 'door:classroom', kind: 'door', label: SignText.classroomDoor, x: 18.25, z: 0, radius: 2 },
];

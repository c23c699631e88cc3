import type { DartsMode, LeaderboardEntry } from '@atrium/protocol';
import * as THREE from 'three';

/** One column of the plaza's darts board: a mode's title and its top rows. */
export interface BoardColumn {
  mode: DartsMode;
  title: string;
  entries: readonly LeaderboardEntry[];
}

/** The board's texture size in pixels, and its size in the world in metres (same aspect). */
const TEX_W = 1024;
const TEX_H = 640;
export const BOARD_W = 4;
export const BOARD_H = 2.5;
/** Height of the board's centre above the ground. */
const BOARD_Y = 2.4;
const POST_H = BOARD_Y + BOARD_H / 2;

export const BoardText = {
  title: 'Darts leaderboard',
  empty: 'No winners yet',
  loading: 'Loading…',
  wins: (n: number) => (n === 1 ? '1 win' : `${n} wins`),
  best: (darts: number) => `best ${darts}`,
} as const;

/** A name cut to fit its cell, with an ellipsis. */
const fit = (ctx: CanvasRenderingContext2D, text: string, width: number): string => {
  if (ctx.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut}…`;
};

/** Draws the board: a title and one column per mode (rank, name, wins, fewest darts). */
export const drawBoard = (
  ctx: CanvasRenderingContext2D,
  columns: readonly BoardColumn[] | null,
): void => {
  ctx.fillStyle = '#1e1b4b';
  ctx.fillRect(0, 0, TEX_W, TEX_H);
  ctx.fillStyle = '#4338ca';
  ctx.fillRect(0, 0, TEX_W, 104);
  ctx.fillStyle = '#ffffff';
  ctx.font = '600 56px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  ctx.fillText(BoardText.title, TEX_W / 2, 54);
  if (!columns) {
    ctx.font = '40px system-ui, sans-serif';
    ctx.fillText(BoardText.loading, TEX_W / 2, TEX_H / 2);
    return;
  }
  const colW = TEX_W / columns.length;
  columns.forEach((column, c) => {
    const left = c * colW + 36;
    const right = (c + 1) * colW - 36;
    ctx.textAlign = 'left';
    ctx.fillStyle = '#a5b4fc';
    ctx.font = '600 40px system-ui, sans-serif';
    ctx.fillText(column.title, left, 160);
    if (column.entries.length === 0) {
      ctx.fillStyle = '#c7d2fe';
      ctx.font = '34px system-ui, sans-serif';
      ctx.fillText(BoardText.empty, left, 240);
      return;
    }
    column.entries.forEach((entry, i) => {
      const y = 232 + i * 78;
      ctx.fillStyle = i === 0 ? '#fde68a' : '#ffffff';
      ctx.font = '600 36px system-ui, sans-serif';
      ctx.textAlign = 'left';
      ctx.fillText(`${i + 1}`, left, y);
      ctx.font = '36px system-ui, sans-serif';
      const stats = `${BoardText.wins(entry.wins)} · ${BoardText.best(entry.best)}`;
      ctx.font = '28px system-ui, sans-serif';
      const statsW = ctx.measureText(stats).width;
      ctx.textAlign = 'right';
      ctx.fillStyle = '#c7d2fe';
      ctx.fillText(stats, right, y);
      ctx.textAlign = 'left';
      ctx.fillStyle = i === 0 ? '#fde68a' : '#ffffff';
      ctx.font = '36px system-ui, sans-serif';
      ctx.fillText(fit(ctx, entry.username, right - left - 56 - statsW - 16), left + 48, y);
    });
  });
  // A divider between the columns.
  ctx.fillStyle = '#312e81';
  for (let c = 1; c < columns.length; c++) ctx.fillRect(c * colW - 2, 130, 4, TEX_H - 160);
};

/** The board in the scene: a canvas texture on a plane, on two posts, redrawn on demand. */
export interface LeaderboardMesh {
  readonly group: THREE.Group;
  draw(columns: readonly BoardColumn[] | null): void;
  dispose(): void;
}

export const buildLeaderboardBoard = (at: { x: number; z: number; ry: number }) => {
  const group = new THREE.Group();
  group.name = 'darts-leaderboard';
  group.position.set(at.x, 0, at.z);
  group.rotation.y = at.ry;
  const canvas = document.createElement('canvas');
  canvas.width = TEX_W;
  canvas.height = TEX_H;
  const ctx2d = canvas.getContext('2d');
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.anisotropy = 2;
  const faceMaterial = new THREE.MeshBasicMaterial({ map: texture, toneMapped: false });
  const frameMaterial = new THREE.MeshStandardMaterial({ color: '#2f2a3a', roughness: 0.6 });
  const faceGeometry = new THREE.PlaneGeometry(BOARD_W, BOARD_H);
  const frameGeometry = new THREE.BoxGeometry(BOARD_W + 0.2, BOARD_H + 0.2, 0.08);
  const postGeometry = new THREE.BoxGeometry(0.12, POST_H, 0.12);
  const frame = new THREE.Mesh(frameGeometry, frameMaterial);
  frame.position.y = BOARD_Y;
  const face = new THREE.Mesh(faceGeometry, faceMaterial);
  face.position.set(0, BOARD_Y, 0.045);
  for (const x of [-BOARD_W / 2 + 0.3, BOARD_W / 2 - 0.3]) {
    const post = new THREE.Mesh(postGeometry, frameMaterial);
    post.position.set(x, POST_H / 2, -0.08);
    group.add(post);
  }
  group.add(frame, face);
  return {
    group,
    draw(columns: readonly BoardColumn[] | null) {
      // No 2D canvas (a test without a DOM canvas): the board stays blank.
      if (!ctx2d) return;
      drawBoard(ctx2d, columns);
      texture.needsUpdate = true;
    },
    dispose() {
      for (const owned of [
        texture,
        faceMaterial,
        frameMaterial,
        faceGeometry,
        frameGeometry,
        postGeometry,
      ]) {
        owned.dispose();
      }
    },
  } satisfies LeaderboardMesh;
};

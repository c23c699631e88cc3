import { BOARD, DART_NUMBERS, SEGMENT_DEGREES } from '@atrium/protocol';
import { VIEW_RADIUS_MM, type Point } from './throwModel.ts';

/**
 * Drawing the board with the Canvas 2D API, to scale (millimetres of the rules module). The board
 * itself is drawn once per size into an offscreen canvas; each frame copies it and draws the
 * darts and the aim on top.
 */

const COLOURS = {
  surround: '#16182b',
  dark: '#1d1d1f',
  light: '#f1e3c2',
  red: '#c8102e',
  green: '#0b7a3e',
  wire: '#b9bcc8',
  number: '#f7f7fb',
} as const;

/** Millimetres → canvas pixels for a square canvas of `size` pixels. */
/** Each player's colour on the board and the scoreboard: the local player's first. */
export const PLAYER_COLOURS = ['#6366f1', '#f59e0b'] as const;

export interface BoardView {
  size: number;
  scale: number;
  toPx(p: Point): { x: number; y: number };
  toMm(px: number, py: number): Point;
}

export function boardView(size: number): BoardView {
  const c = size / 2;
  const scale = c / VIEW_RADIUS_MM;
  return {
    size,
    scale,
    toPx: (p) => ({ x: c + p.x * scale, y: c - p.y * scale }),
    toMm: (px, py) => ({ x: (px - c) / scale, y: (c - py) / scale }),
  };
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Canvas angle (radians, from +x, clockwise since y points down) of a "clockwise from the top" angle. */
const canvasAngle = (clockwiseFromTop: number) => rad(clockwiseFromTop - 90);

function ring(
  ctx: CanvasRenderingContext2D,
  c: number,
  inner: number,
  outer: number,
  from: number,
  to: number,
  fill: string,
) {
  ctx.beginPath();
  ctx.arc(c, c, outer, canvasAngle(from), canvasAngle(to));
  ctx.arc(c, c, inner, canvasAngle(to), canvasAngle(from), true);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
}

/** Draws the whole board (surround, segments, wires, numbers) into a canvas of `size` device pixels. */
export function drawBoard(ctx: CanvasRenderingContext2D, size: number): void {
  const view = boardView(size);
  const c = size / 2;
  const s = view.scale;
  ctx.clearRect(0, 0, size, size);
  ctx.beginPath();
  ctx.arc(c, c, VIEW_RADIUS_MM * s, 0, Math.PI * 2);
  ctx.fillStyle = COLOURS.surround;
  ctx.fill();

  DART_NUMBERS.forEach((_, i) => {
    const from = i * SEGMENT_DEGREES - SEGMENT_DEGREES / 2;
    const to = from + SEGMENT_DEGREES;
    const even = i % 2 === 0;
    const single = even ? COLOURS.dark : COLOURS.light;
    const scoring = even ? COLOURS.red : COLOURS.green;
    ring(ctx, c, BOARD.outerBull * s, BOARD.trebleInner * s, from, to, single);
    ring(ctx, c, BOARD.trebleInner * s, BOARD.trebleOuter * s, from, to, scoring);
    ring(ctx, c, BOARD.trebleOuter * s, BOARD.doubleInner * s, from, to, single);
    ring(ctx, c, BOARD.doubleInner * s, BOARD.doubleOuter * s, from, to, scoring);
  });
  ctx.beginPath();
  ctx.arc(c, c, BOARD.outerBull * s, 0, Math.PI * 2);
  ctx.fillStyle = COLOURS.green;
  ctx.fill();
  ctx.beginPath();
  ctx.arc(c, c, BOARD.bull * s, 0, Math.PI * 2);
  ctx.fillStyle = COLOURS.red;
  ctx.fill();

  // The wires: ring circles and the radial lines between segments.
  ctx.strokeStyle = COLOURS.wire;
  ctx.lineWidth = Math.max(1, 0.9 * s);
  for (const r of [
    BOARD.bull,
    BOARD.outerBull,
    BOARD.trebleInner,
    BOARD.trebleOuter,
    BOARD.doubleInner,
    BOARD.doubleOuter,
  ]) {
    ctx.beginPath();
    ctx.arc(c, c, r * s, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.beginPath();
  DART_NUMBERS.forEach((_, i) => {
    const a = canvasAngle(i * SEGMENT_DEGREES - SEGMENT_DEGREES / 2);
    ctx.moveTo(c + Math.cos(a) * BOARD.outerBull * s, c + Math.sin(a) * BOARD.outerBull * s);
    ctx.lineTo(c + Math.cos(a) * BOARD.doubleOuter * s, c + Math.sin(a) * BOARD.doubleOuter * s);
  });
  ctx.stroke();

  // The numbers on the surround.
  ctx.fillStyle = COLOURS.number;
  ctx.font = `700 ${Math.round(24 * s)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const numberRadius = (BOARD.doubleOuter + VIEW_RADIUS_MM) / 2;
  DART_NUMBERS.forEach((n, i) => {
    const a = canvasAngle(i * SEGMENT_DEGREES);
    ctx.fillText(String(n), c + Math.cos(a) * numberRadius * s, c + Math.sin(a) * numberRadius * s);
  });
}

/** A dart stuck in the board (or in flight, `lift` 0..1 makes it bigger and higher). */
export function drawDart(
  ctx: CanvasRenderingContext2D,
  view: BoardView,
  at: Point,
  colour: string,
  lift = 0,
): void {
  const p = view.toPx(at);
  const k = view.scale * (1 + lift * 2.2);
  ctx.save();
  ctx.translate(p.x, p.y);
  ctx.lineCap = 'round';
  // The barrel and shaft, leaning back towards the thrower (down and right on screen).
  ctx.strokeStyle = '#e5e7f0';
  ctx.lineWidth = 2.2 * k;
  ctx.beginPath();
  ctx.moveTo(0, 0);
  ctx.lineTo(9 * k, 14 * k);
  ctx.stroke();
  ctx.strokeStyle = colour;
  ctx.lineWidth = 3.2 * k;
  ctx.beginPath();
  ctx.moveTo(9 * k, 14 * k);
  ctx.lineTo(15 * k, 24 * k);
  ctx.stroke();
  // The flight.
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.moveTo(15 * k, 24 * k);
  ctx.lineTo(25 * k, 26 * k);
  ctx.lineTo(20 * k, 33 * k);
  ctx.closePath();
  ctx.fill();
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = Math.max(1, 0.6 * k);
  ctx.stroke();
  // The point.
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.arc(0, 0, Math.max(1.5, 1.4 * k), 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

/** The aim: a ring with a cross; `spread` (mm) draws the hand's wobble as a circle when given. */
export function drawAim(
  ctx: CanvasRenderingContext2D,
  view: BoardView,
  at: Point,
  spread: number | null,
  holding: boolean,
): void {
  const p = view.toPx(at);
  const r = Math.max(6, 7 * view.scale);
  ctx.save();
  ctx.strokeStyle = holding ? '#fbbf24' : '#ffffff';
  ctx.lineWidth = 2;
  ctx.shadowColor = 'rgba(0,0,0,0.7)';
  ctx.shadowBlur = 3;
  ctx.beginPath();
  ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
  ctx.moveTo(p.x - r * 1.6, p.y);
  ctx.lineTo(p.x - r * 0.5, p.y);
  ctx.moveTo(p.x + r * 0.5, p.y);
  ctx.lineTo(p.x + r * 1.6, p.y);
  ctx.moveTo(p.x, p.y - r * 1.6);
  ctx.lineTo(p.x, p.y - r * 0.5);
  ctx.moveTo(p.x, p.y + r * 0.5);
  ctx.lineTo(p.x, p.y + r * 1.6);
  ctx.stroke();
  if (spread !== null) {
    ctx.setLineDash([4, 4]);
    ctx.beginPath();
    ctx.arc(p.x, p.y, Math.max(r, spread * view.scale), 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();
}

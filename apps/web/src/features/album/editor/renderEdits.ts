/**
 * Replays the editor's operation list on a picture (DESIGN.md: the edit history is a list of
 * operations). The picture on screen, and the one that is saved, is always
 * `renderEdits(original, history.applied)`: undo, redo and reset never keep pixel snapshots.
 */
import type { EditOperation } from '../editorHistory.ts';
import { applyFilterToCanvas } from './filters.ts';

/** SPEC §9: the editor works on pictures of at most 1920×1080. */
export const EDITOR_MAX_SIZE = { width: 1920, height: 1080 } as const;

/** What the replay needs besides the picture: the loaded sticker and doodle images by id. */
export interface RenderAssets {
  graphic(id: string): CanvasImageSource | undefined;
}

export const noAssets: RenderAssets = { graphic: () => undefined };

type Size = { width: number; height: number };

function newCanvas({ width, height }: Size): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width));
  canvas.height = Math.max(1, Math.round(height));
  return canvas;
}

function context(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('2D canvas is not available');
  return ctx;
}

/** The largest size inside `max` with the aspect of `size`, never enlarged. */
export function fitInside(size: Size, max: Size = EDITOR_MAX_SIZE): Size {
  const scale = Math.min(1, max.width / size.width, max.height / size.height);
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/** Draws a picture on a fresh canvas, scaled down to fit the editor's maximum size. */
export function pictureCanvas(source: CanvasImageSource, natural: Size): HTMLCanvasElement {
  const canvas = newCanvas(fitInside(natural));
  context(canvas).drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** A copy of a canvas (the replay never changes the canvas it is given). */
export function copyCanvas(source: HTMLCanvasElement): HTMLCanvasElement {
  const canvas = newCanvas(source);
  context(canvas).drawImage(source, 0, 0);
  return canvas;
}

/**
 * The size of a picture of `size` turned by `degrees` and cropped to the largest upright
 * rectangle of the same shape inside it, as phone photo apps do: no see-through corners reach the
 * saved photo. One pixel is given up on each side, where the turned edge is smoothed.
 */
export function rotatedSize(size: Size, degrees: number): Size {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  if (sin < 1e-9) return { width: size.width, height: size.height };
  const scale = Math.min(
    size.width / (size.width * cos + size.height * sin),
    size.height / (size.width * sin + size.height * cos),
  );
  return {
    width: Math.max(1, Math.floor(size.width * scale) - 2),
    height: Math.max(1, Math.floor(size.height * scale) - 2),
  };
}

/** Clamps a crop rectangle to the picture; `null` when nothing of it is left. */
export function clampCrop(
  crop: { x: number; y: number; width: number; height: number },
  size: Size,
): { x: number; y: number; width: number; height: number } | null {
  const x = Math.max(0, Math.round(crop.x));
  const y = Math.max(0, Math.round(crop.y));
  const right = Math.min(size.width, Math.round(crop.x + crop.width));
  const bottom = Math.min(size.height, Math.round(crop.y + crop.height));
  if (right - x < 1 || bottom - y < 1) return null;
  return { x, y, width: right - x, height: bottom - y };
}

/**
 * Applies one operation to `canvas`. Operations that change the picture's size (rotate, crop)
 * answer a new canvas; the others draw on `canvas` and answer it.
 */
export function renderOperation(
  canvas: HTMLCanvasElement,
  op: EditOperation,
  assets: RenderAssets,
): HTMLCanvasElement {
  switch (op.kind) {
    case 'text': {
      const ctx = context(canvas);
      ctx.save();
      ctx.font = `${op.size}px ${cssFamily(op.font)}`;
      ctx.fillStyle = op.color;
      ctx.textBaseline = 'top';
      op.text.split('\n').forEach((line, i) => {
        ctx.fillText(line, op.x, op.y + i * op.size * 1.2);
      });
      ctx.restore();
      return canvas;
    }
    case 'draw': {
      const ctx = context(canvas);
      ctx.save();
      ctx.strokeStyle = op.color;
      ctx.lineWidth = op.size;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.beginPath();
      ctx.moveTo(op.points[0] ?? 0, op.points[1] ?? 0);
      for (let i = 2; i + 1 < op.points.length; i += 2) {
        ctx.lineTo(op.points[i] ?? 0, op.points[i + 1] ?? 0);
      }
      ctx.stroke();
      ctx.restore();
      return canvas;
    }
    case 'sticker': {
      const image = assets.graphic(op.id);
      if (image) context(canvas).drawImage(image, op.x, op.y, op.width, op.height);
      return canvas;
    }
    case 'rotate': {
      const size = rotatedSize(canvas, op.degrees);
      const out = newCanvas(size);
      const ctx = context(out);
      ctx.translate(out.width / 2, out.height / 2);
      ctx.rotate((op.degrees * Math.PI) / 180);
      ctx.drawImage(canvas, -canvas.width / 2, -canvas.height / 2);
      return out;
    }
    case 'flip': {
      const out = newCanvas(canvas);
      const ctx = context(out);
      if (op.axis === 'x') {
        ctx.translate(out.width, 0);
        ctx.scale(-1, 1);
      } else {
        ctx.translate(0, out.height);
        ctx.scale(1, -1);
      }
      ctx.drawImage(canvas, 0, 0);
      return out;
    }
    case 'crop': {
      const rect = clampCrop(op, canvas);
      if (!rect) return canvas;
      const out = newCanvas(rect);
      context(out).drawImage(
        canvas,
        rect.x,
        rect.y,
        rect.width,
        rect.height,
        0,
        0,
        rect.width,
        rect.height,
      );
      return out;
    }
    case 'filter':
      applyFilterToCanvas(canvas, { name: op.name, value: op.value, color: op.color });
      return canvas;
  }
}

/** Replays `ops` on a copy of `original`, oldest first. */
export function renderEdits(
  original: HTMLCanvasElement,
  ops: readonly EditOperation[],
  assets: RenderAssets = noAssets,
): HTMLCanvasElement {
  let canvas = copyCanvas(original);
  for (const op of ops) canvas = renderOperation(canvas, op, assets);
  return canvas;
}

/**
 * Replays for the editor, reusing the previous result: when the list only gained one
 * operation (the usual case: one more edit), that operation is drawn on the previous picture
 * instead of replaying everything; undo, redo and reset replay from the original.
 */
export class EditReplay {
  private last: {
    original: HTMLCanvasElement;
    ops: readonly EditOperation[];
    canvas: HTMLCanvasElement;
  } | null = null;

  constructor(private readonly assets: RenderAssets = noAssets) {}

  render(original: HTMLCanvasElement, ops: readonly EditOperation[]): HTMLCanvasElement {
    const prev = this.last?.original === original ? this.last : null;
    let canvas: HTMLCanvasElement;
    if (prev?.ops === ops) {
      canvas = prev.canvas;
    } else if (
      prev &&
      ops.length === prev.ops.length + 1 &&
      prev.ops.every((op, i) => ops[i] === op)
    ) {
      canvas = renderOperation(copyCanvas(prev.canvas), ops[ops.length - 1]!, this.assets);
    } else {
      canvas = renderEdits(original, ops, this.assets);
    }
    this.last = { original, ops, canvas };
    return canvas;
  }
}

/** The saved picture: the result scaled to fit 1920×1080, as base64 PNG without the data prefix. */
export function exportPng(canvas: HTMLCanvasElement): string {
  const size = fitInside(canvas);
  let out = canvas;
  if (size.width !== canvas.width || size.height !== canvas.height) {
    out = newCanvas(size);
    context(out).drawImage(canvas, 0, 0, size.width, size.height);
  }
  return out.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
}

/** The width in pixels of the widest line of `text` at `size` in `family`. */
export function measureText(text: string, size: number, family: string): number {
  const ctx = context(newCanvas({ width: 1, height: 1 }));
  ctx.font = `${size}px ${cssFamily(family)}`;
  return Math.max(0, ...text.split('\n').map((line) => ctx.measureText(line).width));
}

/** A family name quoted for the CSS `font` shorthand, with a generic fallback. */
function cssFamily(family: string): string {
  return `"${family.replace(/["\\]/g, '')}", sans-serif`;
}

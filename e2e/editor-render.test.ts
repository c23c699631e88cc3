// The editor's operation history on real canvases: apply, undo, redo and reset replayed in
// headless Chromium on small pictures, and the pixels read back.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EditOperation } from '../apps/web/src/features/album/editorHistory.ts';
import { useBrowser } from './support/browser.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const editorDir = path.join(root, 'apps/web/src/features/album');

type Rgba = [number, number, number, number];
type Scene = 'halves' | 'white' | 'wide';

/** Runs a history script in the page; answers the picture's size and every pixel. */
interface Run {
  width: number;
  height: number;
  pixels: number[];
}

declare global {
  interface Window {
    EditorUnderTest: {
      run(scene: Scene, steps: Step[]): Run;
    };
  }
}

type Step = { apply: EditOperation } | { undo: true } | { redo: true } | { reset: true };

/** The page side: the real history module and the real replay, on a canvas. */
const PAGE_ENTRY = `
import { apply, emptyHistory, redo, reset, undo } from './editorHistory.ts';
import { renderEdits } from './editor/renderEdits.ts';

function scene(name) {
  const canvas = document.createElement('canvas');
  if (name === 'halves') {
    canvas.width = 4;
    canvas.height = 2;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ff0000';
    ctx.fillRect(0, 0, 2, 2);
    ctx.fillStyle = '#0000ff';
    ctx.fillRect(2, 0, 2, 2);
  } else {
    canvas.width = name === 'wide' ? 160 : 20;
    canvas.height = name === 'wide' ? 90 : 20;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  return canvas;
}

export function run(name, steps) {
  const original = scene(name);
  let history = emptyHistory;
  for (const step of steps) {
    if ('apply' in step) history = apply(history, step.apply);
    else if ('undo' in step) history = undo(history);
    else if ('redo' in step) history = redo(history);
    else history = reset();
  }
  const out = renderEdits(original, history.applied);
  const data = out.getContext('2d').getImageData(0, 0, out.width, out.height).data;
  return { width: out.width, height: out.height, pixels: Array.from(data) };
}
`;

const RED: Rgba = [255, 0, 0, 255];
const BLUE: Rgba = [0, 0, 255, 255];
const CYAN: Rgba = [0, 255, 255, 255];

const pixel = (run: Run, x: number, y: number): Rgba => {
  const i = (y * run.width + x) * 4;
  return run.pixels.slice(i, i + 4) as Rgba;
};

/** The picture as rows of colours, for exact comparisons of small scenes. */
const rows = (run: Run): Rgba[][] =>
  Array.from({ length: run.height }, (_, y) =>
    Array.from({ length: run.width }, (_, x) => pixel(run, x, y)),
  );

const halves = (left: Rgba, right: Rgba): Rgba[][] =>
  Array.from({ length: 2 }, () => [left, left, right, right]);

describe('editor history on a canvas', () => {
  const browser = useBrowser();
  let page: Page;

  beforeAll(async () => {
    const bundle = await build({
      stdin: { contents: PAGE_ENTRY, resolveDir: editorDir, loader: 'js' },
      bundle: true,
      format: 'iife',
      globalName: 'EditorUnderTest',
      write: false,
      platform: 'browser',
    });
    page = await browser().newPage();
    await page.setContent('<!doctype html><title>editor</title>');
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  });

  const run = (scene: Scene, steps: Step[]) =>
    page.evaluate(([s, st]) => window.EditorUnderTest.run(s, st), [scene, steps] as const);

  it('shows the original with no operations', async () => {
    expect(rows(await run('halves', []))).toEqual(halves(RED, BLUE));
  });

  it('applies a flip, undoes it back to the original and redoes it', async () => {
    const flip: Step = { apply: { kind: 'flip', axis: 'x' } };
    expect(rows(await run('halves', [flip]))).toEqual(halves(BLUE, RED));
    expect(rows(await run('halves', [flip, { undo: true }]))).toEqual(halves(RED, BLUE));
    expect(rows(await run('halves', [flip, { undo: true }, { redo: true }]))).toEqual(
      halves(BLUE, RED),
    );
  });

  it('replays operations in order: crop then invert', async () => {
    const steps: Step[] = [
      { apply: { kind: 'crop', x: 0, y: 0, width: 2, height: 2 } },
      { apply: { kind: 'filter', name: 'invert', value: 100 } },
    ];
    const both = await run('halves', steps);
    expect([both.width, both.height]).toEqual([2, 2]);
    expect(rows(both)).toEqual([
      [CYAN, CYAN],
      [CYAN, CYAN],
    ]);
    // Undo takes the invert back, the crop stays.
    const undone = await run('halves', [...steps, { undo: true }]);
    expect(rows(undone)).toEqual([
      [RED, RED],
      [RED, RED],
    ]);
  });

  it('a new operation after an undo drops the redo stack', async () => {
    const result = await run('halves', [
      { apply: { kind: 'filter', name: 'invert', value: 100 } },
      { undo: true },
      { apply: { kind: 'flip', axis: 'x' } },
      { redo: true },
    ]);
    expect(rows(result)).toEqual(halves(BLUE, RED));
  });

  it('reset restores the original picture', async () => {
    const result = await run('halves', [
      { apply: { kind: 'flip', axis: 'x' } },
      { apply: { kind: 'filter', name: 'blend', value: 100, color: '#00ff00' } },
      { apply: { kind: 'crop', x: 1, y: 0, width: 2, height: 1 } },
      { reset: true },
    ]);
    expect(rows(result)).toEqual(halves(RED, BLUE));
  });

  it('blend multiplies with the picked colour', async () => {
    // Red × yellow stays red; blue × yellow is black.
    const result = await run('halves', [
      { apply: { kind: 'filter', name: 'blend', value: 100, color: '#ffff00' } },
    ]);
    expect(pixel(result, 0, 0)).toEqual(RED);
    expect(pixel(result, 3, 1)).toEqual([0, 0, 0, 255]);
  });

  it('draws a stroke in its colour and size', async () => {
    const result = await run('white', [
      { apply: { kind: 'draw', points: [0, 10, 19, 10], size: 10, color: '#000000' } },
    ]);
    expect(pixel(result, 10, 10)).toEqual([0, 0, 0, 255]);
    expect(pixel(result, 10, 7)).toEqual([0, 0, 0, 255]);
    // Outside the 10 px band the picture is untouched.
    expect(pixel(result, 10, 1)).toEqual([255, 255, 255, 255]);
    expect(pixel(result, 10, 18)).toEqual([255, 255, 255, 255]);
  });

  it('writes text in its colour', async () => {
    const result = await run('white', [
      {
        apply: {
          kind: 'text',
          text: '██',
          x: 0,
          y: 0,
          size: 20,
          color: '#ff0000',
          font: 'monospace',
        },
      },
    ]);
    const red = rows(result)
      .flat()
      .filter(([r, g, b]) => r > 200 && g < 60 && b < 60).length;
    expect(red).toBeGreaterThan(40);
  });

  it('crops a rotation to the largest inner rectangle: no see-through pixel is left', async () => {
    const result = await run('white', [{ apply: { kind: 'rotate', degrees: 45 } }]);
    // 20 × 20 turned by 45°: the largest upright square inside is 20/√2 ≈ 14 px, less 1 px a side.
    expect([result.width, result.height]).toEqual([12, 12]);
    for (const degrees of [1, 7, -23, 45, 50, -50]) {
      const turned = await run('wide', [{ apply: { kind: 'rotate', degrees } }]);
      const seeThrough = rows(turned)
        .flat()
        .filter((colour) => colour.join() !== '255,255,255,255');
      expect(seeThrough, `${degrees}°`).toEqual([]);
      // Same shape as the photo (16:9), as large as fits.
      expect(Math.abs(turned.width / turned.height - 16 / 9), `${degrees}°`).toBeLessThan(0.1);
      expect(turned.width, `${degrees}°`).toBeGreaterThan(160 * 0.45);
    }
  });

  it('ignores a rotation of 0 and clamps one beyond ±50°', async () => {
    const zero = await run('white', [{ apply: { kind: 'rotate', degrees: 0 } }, { undo: true }]);
    expect([zero.width, zero.height]).toEqual([20, 20]);
    const far = await run('white', [{ apply: { kind: 'rotate', degrees: 90 } }]);
    // Clamped to 50°: 20 / (cos 50° + sin 50°) ≈ 14.2, less 1 px a side (90° would keep 18).
    expect([far.width, far.height]).toEqual([12, 12]);
  });
});

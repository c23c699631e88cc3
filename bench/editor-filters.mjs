// The photo editor's 11 filters on a 1920×1080 picture in headless Chromium (software GL): the
// median of 9 timed runs of applyFilterToCanvas per filter (after 2 warm-ups), the full cost the
// editor pays (readback, filter, write-back, flushed). Target: median ≤ 50 ms per filter.
// Baseline: a plain getImageData + putImageData round trip of the same canvas, the floor of any
// CPU filter. Also checks each result against the CPU reference `filterPixels` (max channel diff).
/* global window, document, ImageData -- in functions that run in the page */
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { median, root, SOFTWARE_GL_CHROMIUM_ARGS } from './lib.mjs';

const WIDTH = 1920;
const HEIGHT = 1080;
const WARMUP = 2;
const RUNS = 9;
const TARGET_MS = 50;
const VALUE = 60;
const BLEND_COLOR = '#3366ff';

async function bundleFilters() {
  const result = await build({
    // The filters, and the editor's own list of them (so the bench measures every filter).
    stdin: {
      contents:
        "export * from './editor/filters.ts'; export { FILTERS } from './editorHistory.ts';",
      resolveDir: path.join(root, 'apps/web/src/features/album'),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'AtriumFilters',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** In the page: the same picture every run (gradients, seeded noise, shapes) on a canvas. */
const setUpPicture = ({ width, height }) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  document.body.append(canvas);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const image = new ImageData(width, height);
  const d = image.data;
  let seed = 12345;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let y = 0, i = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1, i += 4) {
      const n = (random() - 0.5) * 40;
      d[i] = (x / width) * 255 + n;
      d[i + 1] = (y / height) * 255 + n;
      d[i + 2] = 128 + 100 * Math.sin(x / 90) * Math.cos(y / 70) + n;
      d[i + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
  for (let k = 0; k < 40; k += 1) {
    ctx.fillStyle = `rgb(${(random() * 255) | 0}, ${(random() * 255) | 0}, ${(random() * 255) | 0})`;
    ctx.beginPath();
    if (k % 2) ctx.arc(random() * width, random() * height, 20 + random() * 150, 0, Math.PI * 2);
    else ctx.rect(random() * width, random() * height, 30 + random() * 300, 30 + random() * 200);
    ctx.fill();
  }
  window.__bench = { canvas, ctx, original: ctx.getImageData(0, 0, width, height) };
};

/** In the page: times `runs` calls of `fn` on a freshly restored picture, flushed each time. */
const timeRuns = ({ filter, value, color, warmup, runs, baseline }) => {
  const { canvas, ctx, original } = window.__bench;
  const params = { name: filter, value, color };
  const times = [];
  for (let k = 0; k < warmup + runs; k += 1) {
    ctx.putImageData(original, 0, 0);
    ctx.getImageData(0, 0, 1, 1); // flush the restore outside the timing
    const started = performance.now();
    if (baseline) {
      ctx.putImageData(ctx.getImageData(0, 0, canvas.width, canvas.height), 0, 0);
    } else {
      window.AtriumFilters.applyFilterToCanvas(canvas, params);
    }
    ctx.getImageData(0, 0, 1, 1); // the 2D canvas records lazily: make it do the work
    if (k >= warmup) times.push(performance.now() - started);
  }
  return times;
};

/** In the page: the largest channel difference between the editor's path and filterPixels. */
const checkAgainstCpu = ({ filter, value, color }) => {
  const { canvas, ctx, original } = window.__bench;
  const params = { name: filter, value, color };
  ctx.putImageData(original, 0, 0);
  window.AtriumFilters.applyFilterToCanvas(canvas, params);
  const got = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  const expected = new ImageData(
    new Uint8ClampedArray(original.data),
    original.width,
    original.height,
  );
  window.AtriumFilters.filterPixels(expected, params);
  let maxDiff = 0;
  for (let i = 0; i < got.length; i += 1) {
    const diff = Math.abs(got[i] - expected.data[i]);
    if (diff > maxDiff) maxDiff = diff;
  }
  return maxDiff;
};

const round = (ms) => Number(ms.toFixed(1));

export async function benchEditorFilters() {
  const script = await bundleFilters();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: SOFTWARE_GL_CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'warning' && errors.push(m.text()));
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ content: script });
    await page.evaluate(setUpPicture, { width: WIDTH, height: HEIGHT });

    const common = { value: VALUE, color: BLEND_COLOR, warmup: WARMUP, runs: RUNS };
    const baselineMs = round(median(await page.evaluate(timeRuns, { ...common, baseline: true })));
    console.log(
      `[editor-filters] baseline getImageData + putImageData ${WIDTH}×${HEIGHT}: median ${baselineMs} ms`,
    );
    const filters = {};
    let slowest = null;
    const names = await page.evaluate(() => window.AtriumFilters.FILTERS);
    for (const filter of names) {
      const args = { ...common, filter };
      const times = await page.evaluate(timeRuns, args);
      const path = await page.evaluate((name) => window.AtriumFilters.filterPath(name), filter);
      const maxDiff = await page.evaluate(checkAgainstCpu, args);
      const entry = {
        medianMs: round(median(times)),
        maxMs: round(Math.max(...times)),
        path,
        maxDiffFromCpu: maxDiff,
      };
      filters[filter] = entry;
      if (!slowest || entry.medianMs > filters[slowest].medianMs) slowest = filter;
      console.log(
        `[editor-filters] ${filter} median ${entry.medianMs} ms (target ≤ ${TARGET_MS} ms), ` +
          `max ${entry.maxMs} ms, ${path}, max diff from filterPixels ${maxDiff}`,
      );
    }
    if (errors.length > 0) console.error('[editor-filters] page errors:', errors);
    return { baselineMs, filters, slowest };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchEditorFilters(), null, 2));
}

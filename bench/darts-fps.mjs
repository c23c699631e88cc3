// Darts (issue 17): the mini-game's frame rate while the player aims, in the Chromium the world
// client is measured with (headless, software GL: SwiftShader) at 1280×720. The game draws its
// board with Canvas 2D, so the frame loop copies a cached board image and draws the darts, the
// wobbling aim and the power meter on every frame. The player presses and holds on the board (the
// aim wobbles, the meter rises and falls) while requestAnimationFrame timestamps are recorded
// for 5 s. Baseline: an empty page's requestAnimationFrame rate in the same browser, same run.
/* global requestAnimationFrame */
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { median, SOFTWARE_GL_CHROMIUM_ARGS, startAtrium } from './lib.mjs';

const VIEWPORT = { width: 1280, height: 720 };
const WARMUP_MS = 1000;
const MEASURE_S = 5;

/** In the page: requestAnimationFrame timestamps for `seconds`. */
const sampleFrames = (seconds) =>
  new Promise((resolve) => {
    const times = [];
    const start = performance.now();
    const step = (t) => {
      times.push(t);
      if (t - start < seconds * 1000) requestAnimationFrame(step);
      else resolve(times);
    };
    requestAnimationFrame(step);
  });

function summarise(times) {
  const intervals = times.slice(1).map((t, i) => t - times[i]);
  const sorted = [...intervals].sort((a, b) => a - b);
  const p90 = sorted[Math.floor(sorted.length * 0.9)] ?? NaN;
  return {
    frames: intervals.length,
    meanFps: Number((intervals.length / ((times.at(-1) - times[0]) / 1000)).toFixed(1)),
    medianFps: Number((1000 / median(intervals)).toFixed(1)),
    p10Fps: Number((1000 / p90).toFixed(1)),
  };
}

export async function benchDartsFps() {
  const { base, stop } = await startAtrium({
    name: 'atrium-bench-darts-',
    env: (url) => ({ NODE_ENV: 'production', PUBLIC_URL: url }),
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: SOFTWARE_GL_CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();

    // Baseline: an empty page in the same browser.
    await page.setContent('<!doctype html><title>empty</title><body></body>');
    await page.waitForTimeout(WARMUP_MS);
    const baseline = summarise(await page.evaluate(sampleFrames, MEASURE_S));

    // The game, as the modal's frame opens it, a 501 game against the computer. Every script the
    // page loads on the way is counted (gzip -9): the first-load JS of /mini-game/index.html.
    const scripts = new Map();
    page.on('response', async (response) => {
      const url = response.url();
      if (!url.endsWith('.js') || !url.startsWith(base)) return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(new URL(url).pathname, gzipSync(body, { level: 9 }).length);
    });
    await page.goto(`${base}/mini-game/index.html?embedded=1`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('button', { name: 'Start game' }).click();
    const canvas = page.getByRole('application', { name: /Dart board/ });
    await canvas.waitFor();
    const box = await canvas.boundingBox();
    const firstLoad = [...scripts.entries()];
    const miniGameChunk = firstLoad.find(([name]) => name.includes('MiniGamePage'));
    // The entry chunk every route loads (the home page's, with its 170 KB budget).
    const entry = firstLoad.find(([name]) => /\/index-[^/]+\.js$/.test(name));
    const drawn = await canvas.evaluate((c) => `${c.width}×${c.height}`);
    // Aim at the treble 20 and hold: the aim wobbles and the power meter moves on every frame.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.27);
    await page.mouse.down();
    await page.waitForTimeout(WARMUP_MS);
    const game = summarise(await page.evaluate(sampleFrames, MEASURE_S));
    await page.mouse.up();
    await context.close();
    return {
      viewport: `${VIEWPORT.width}×${VIEWPORT.height}`,
      canvas: drawn,
      game,
      baseline,
      ratio: Number((game.medianFps / baseline.medianFps).toFixed(2)),
      firstLoadKb: Number((firstLoad.reduce((sum, [, size]) => sum + size, 0) / 1024).toFixed(1)),
      firstLoadFiles: firstLoad.length,
      miniGameChunkKb: miniGameChunk ? Number((miniGameChunk[1] / 1024).toFixed(1)) : null,
      entryKb: entry ? Number((entry[1] / 1024).toFixed(1)) : null,
    };
  } finally {
    await browser.close();
    await stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await benchDartsFps(), null, 2));
}

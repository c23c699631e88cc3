// The campus in headless Chromium (software GL) at 1280×720 with 20 other avatars in view
// (WORLD_CLIENT_BOTS sets how many: issue 30 asks for 200).
// Prints the median and p10 frame rate and the GL draw calls per frame; baseline: a bare three.js
// scene (one cube) at the same size in the same browser, the machine's software-GL ceiling.
// With WORLD_LOOK_DIR set, also walks the campus afterwards and saves screenshots there;
// WORLD_CLIENT_STILL=1 stops the bots once in place; WORLD_PROFILE=1 profiles the page;
// WORLD_CLIENT_UNCAPPED=1 lifts Chromium's 60 Hz frame cap, so the median frame time is the cost of a
// frame rather than a whole number of vsync intervals (a 34 ms frame reads 20 fps when capped).
/* global window, document, history, dispatchEvent, PopStateEvent, requestAnimationFrame,
   WebGLRenderingContext, WebGL2RenderingContext -- in functions that run in the page */
import { readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { CAMPUS_LAYOUT, isWalkable, WorldConstants } from '@atrium/protocol';
import { chromium } from 'playwright-core';
import { joinBot, median, root, SOFTWARE_GL_CHROMIUM_ARGS, startAtrium } from './lib.mjs';

const BOTS = Number(process.env.WORLD_CLIENT_BOTS ?? '20');
const WARMUP_S = 3;
const MEASURE_S = 10;
const VIEWPORT = { width: 1280, height: 720 };

/** Counts GL draw calls, so the figure covers every pass (shadow maps included). */
const countDrawCalls = () => {
  window.__benchDraws = 0;
  for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
    for (const name of [
      'drawArrays',
      'drawElements',
      'drawArraysInstanced',
      'drawElementsInstanced',
      'drawRangeElements',
    ]) {
      const original = proto[name];
      if (typeof original !== 'function') continue;
      proto[name] = function (...args) {
        window.__benchDraws += 1;
        return original.apply(this, args);
      };
    }
  }
};

/** In the page: frame timestamps and draw calls per frame from requestAnimationFrame. */
const sampleFrames = (seconds) =>
  new Promise((resolve) => {
    const times = [];
    const draws = [];
    let last = window.__benchDraws ?? 0;
    const start = performance.now();
    const first = document.querySelector('canvas');
    const startSize = first ? `${first.width}×${first.height}` : '?';
    const step = (t) => {
      times.push(t);
      draws.push((window.__benchDraws ?? 0) - last);
      last = window.__benchDraws ?? 0;
      if (t - start < seconds * 1000) requestAnimationFrame(step);
      else {
        const canvas = document.querySelector('canvas');
        const endSize = canvas ? `${canvas.width}×${canvas.height}` : '?';
        resolve({
          times,
          draws,
          canvas: startSize === endSize ? endSize : `${startSize}→${endSize}`,
        });
      }
    };
    requestAnimationFrame(step);
  });

function summarise({ times, draws, canvas }) {
  const intervals = times.slice(1).map((t, i) => t - times[i]);
  const sorted = [...intervals].sort((a, b) => a - b);
  const p90 = sorted[Math.floor(sorted.length * 0.9)] ?? NaN;
  return {
    medianFps: Number((1000 / median(intervals)).toFixed(1)),
    medianMs: Number(median(intervals).toFixed(1)),
    p10Fps: Number((1000 / p90).toFixed(1)),
    drawCalls: Math.round(median(draws.slice(1))),
    canvas,
  };
}

/**
 * Enters the campus as a guest and waits until `remotes` other avatars are drawn. Prefers the
 * embed frame (`/embed/campus`, Play button); falls back to the home page's guest entry and the
 * metaverse page while the embed has no Play button.
 */
export async function enterWorld(page, baseURL, remotes = BOTS) {
  await page.goto(`${baseURL}/embed/campus?e2e=1`);
  const play = page.getByRole('button', { name: 'Play', exact: true });
  const hasPlay = await play
    .waitFor({ timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (hasPlay) {
    await play.click();
    // Opened on its own, the frame warns before it makes a guest (issue 13).
    await page.getByRole('alertdialog').getByRole('button', { name: 'Enter as guest' }).click();
  } else {
    await page.goto(`${baseURL}/`);
    await page.getByRole('button', { name: 'Enter as guest', exact: true }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Enter as guest', exact: true })
      .click();
    await page.getByRole('region', { name: 'You are signed in' }).waitFor();
    // A guest session lives in the page, so move on client-side (react-router hears popstate).
    await page.evaluate(() => {
      history.pushState(null, '', '/metaverse/index.html?e2e=1');
      dispatchEvent(new PopStateEvent('popstate'));
    });
  }
  await page.waitForFunction(() => typeof window.__atriumTest === 'function', undefined, {
    timeout: 60_000,
  });
  await page.waitForFunction((n) => (window.__atriumTest?.().remotes.length ?? 0) >= n, remotes, {
    timeout: 60_000,
  });
  return hasPlay ? 'embed' : 'metaverse';
}

/** Spots in front of the camera (which starts behind the avatar, looking toward -z). */
function spotsInView(self, count) {
  const spots = [];
  const radius = WorldConstants.avatarRadius * 2;
  // Rows ahead of the camera, 2 m apart, as wide as the view there; a crowd fills rows further
  // back (the campus's plaza and the lawns beyond it).
  const gap = count > 40 ? 1.6 : 2.4;
  for (let dz = 2.5; dz < 40; dz += 2) {
    const halfWidth = (dz + 7.3) * 0.8;
    for (let k = 0; k * gap < halfWidth - 1; k += 1) {
      for (const dx of k === 0 ? [0] : [-k * gap, k * gap]) {
        const spot = { x: self.x + dx + (dz % 4) * 0.3, z: self.z - dz };
        if (Math.abs(spot.x - self.x) > halfWidth - 1) continue;
        if (!isWalkable(spot, CAMPUS_LAYOUT, radius)) continue;
        spots.push(spot);
        if (spots.length === count) return spots;
      }
    }
  }
  return spots;
}

/**
 * Sends each bot to its spot, then keeps half of them walking small circles and the other half
 * standing and emoting. Returns a stop function.
 */
async function driveBots(bots, spots) {
  const hz = WorldConstants.sendHz;
  const speed = 2.2;
  const emotes = ['waving', 'clapping', 'happy', 'dance', 'laugh', 'thinking'];
  const state = bots.map((bot, i) => ({
    bot,
    i,
    x: bot.avatar.x,
    z: bot.avatar.z,
    ry: bot.avatar.ry,
    spot: spots[i % spots.length],
    angle: i,
    arrived: false,
  }));
  for (const s of state) {
    s.bot.on('world:correction', (c) => {
      s.x = c.x;
      s.z = c.z;
    });
  }
  let tick = 0;
  const timer = setInterval(() => {
    tick += 1;
    for (const s of state) {
      const { spot } = s;
      const walker = s.i % 2 === 0;
      let tx = spot.x;
      let tz = spot.z;
      if (s.arrived && walker) {
        s.angle += 1.2 / 0.7 / hz;
        tx = spot.x + Math.cos(s.angle) * 0.7;
        tz = spot.z + Math.sin(s.angle) * 0.7;
      }
      const dx = tx - s.x;
      const dz = tz - s.z;
      const d = Math.hypot(dx, dz);
      const stepLen = Math.min(d, speed / hz);
      let anim = 'idle';
      if (d > 0.02) {
        s.x += (dx / d) * stepLen;
        s.z += (dz / d) * stepLen;
        s.ry = Math.atan2(-dx, -dz);
        anim = 'walk';
      } else if (!walker) {
        s.ry = 0;
      }
      if (!s.arrived && d < 0.05) s.arrived = true;
      s.bot.emit('world:move', { x: s.x, y: 0, z: s.z, ry: s.ry, anim });
      if (s.arrived && !walker && (tick + s.i * 7) % (hz * 5) === 0) {
        s.bot.emit('world:emote', { emote: emotes[(tick + s.i) % emotes.length] });
      }
    }
  }, 1000 / hz);
  const deadline = Date.now() + 15_000;
  while (state.some((s) => !s.arrived) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  return () => clearInterval(timer);
}

const BASELINE_HTML = `<!doctype html><html><head><style>html,body{margin:0;height:100%;overflow:hidden}
canvas{display:block;width:100vw;height:100vh}</style></head><body><canvas></canvas>
<script type="module">
import * as THREE from './three.module.js';
const canvas = document.querySelector('canvas');
const renderer = new THREE.WebGLRenderer({ canvas, antialias: false });
renderer.setSize(innerWidth, innerHeight, false);
const scene = new THREE.Scene();
scene.background = new THREE.Color('#dfe6f5');
scene.add(new THREE.HemisphereLight('#ffffff', '#888888', 2));
const camera = new THREE.PerspectiveCamera(55, innerWidth / innerHeight, 0.1, 100);
camera.position.set(0, 1.5, 4);
camera.lookAt(0, 0, 0);
const cube = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1), new THREE.MeshLambertMaterial({ color: '#6366f1' }));
scene.add(cube);
renderer.setAnimationLoop((t) => { cube.rotation.y = t / 1000; renderer.render(scene, camera); });
</script></body></html>`;

/** The same measurement on a bare three.js page: one cube, served from the bench. */
async function measureBaseline(browser) {
  const page = await browser.newPage({ viewport: VIEWPORT });
  await page.addInitScript(countDrawCalls);
  const threeDir = path.join(root, 'node_modules/three/build');
  await page.route('http://baseline.bench/**', async (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    if (name === '' || name === 'index.html') {
      return route.fulfill({ contentType: 'text/html', body: BASELINE_HTML });
    }
    return route.fulfill({
      contentType: 'text/javascript',
      body: await readFile(path.join(threeDir, path.basename(name))),
    });
  });
  await page.goto('http://baseline.bench/');
  await page.waitForTimeout(WARMUP_S * 1000);
  const result = summarise(await page.evaluate(sampleFrames, MEASURE_S));
  await page.close();
  return result;
}

/** Holds `key` until the avatar's `axis` coordinate passes `target`. */
async function walkUntil(page, key, axis, target, timeoutMs = 20_000) {
  const read = () => page.evaluate(() => window.__atriumTest().self);
  const start = (await read())[axis];
  const sign = Math.sign(target - start);
  await page.keyboard.down('ShiftLeft');
  await page.keyboard.down(key);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && sign * ((await read())[axis] - target) < 0) {
    await page.waitForTimeout(30);
  }
  await page.keyboard.up(key);
  await page.keyboard.up('ShiftLeft');
  await page.waitForTimeout(400);
}

/**
 * WORLD_PROFILE=1: the page's JavaScript profiled over the measurement (Chrome's sampling
 * profiler); prints the functions with the most self time. Returns the stop.
 */
async function startProfile(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map();
    const deltas = profile.timeDeltas;
    profile.samples.forEach((id, i) => {
      const { callFrame } = byNode.get(id);
      const key = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').pop()}:${callFrame.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0));
    });
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 20);
    console.log(`profile: ${(total / 1000).toFixed(0)} ms sampled`);
    for (const [key, us] of top) console.log(`  ${((us / total) * 100).toFixed(1)}%  ${key}`);
  };
}

/** Turns the orbit camera by dragging on the canvas. */
async function drag(page, dx, dy) {
  await page.mouse.move(640, 400);
  await page.mouse.down();
  const steps = 10;
  for (let i = 1; i <= steps; i += 1)
    await page.mouse.move(640 + (dx * i) / steps, 400 + (dy * i) / steps);
  await page.mouse.up();
}

/** Walks the campus and saves screenshots: plaza, avatars, gallery, classroom entrance. */
async function tour(page, dir) {
  await mkdir(dir, { recursive: true });
  const shot = async (name) => {
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(dir, `${name}.png`) });
  };
  await shot('plaza-avatars');
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, -700);
  await shot('avatars-close');
  await page.mouse.wheel(0, 700);
  await page.keyboard.press('Digit1');
  await drag(page, 0, 120);
  await shot('plaza-above');
  await drag(page, 0, -120);
  // Around the fountain on the west side, then north through the gallery door.
  await walkUntil(page, 'KeyA', 'x', -5);
  await walkUntil(page, 'KeyW', 'z', -8);
  await walkUntil(page, 'KeyD', 'x', 0);
  await walkUntil(page, 'KeyW', 'z', -12);
  await shot('gallery-door');
  await walkUntil(page, 'KeyW', 'z', -22);
  await shot('gallery');
  await drag(page, -300, 0);
  await shot('gallery-side');
  await drag(page, 300, 0);
  // Back out and east to the classroom door, looking east.
  await walkUntil(page, 'KeyS', 'z', -8);
  await walkUntil(page, 'KeyD', 'x', 9);
  await walkUntil(page, 'KeyS', 'z', 0);
  await drag(page, 314, 0);
  await shot('classroom-entrance');
  await walkUntil(page, 'KeyW', 'x', 24);
  await shot('classroom');
}

export async function benchWorldClient() {
  // The default instance holds 100; a bigger crowd needs the room.
  const { base, stop } = await startAtrium({
    env: BOTS > 90 ? { WORLD_INSTANCE_CAPACITY: String(BOTS + 10) } : {},
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      ...SOFTWARE_GL_CHROMIUM_ARGS,
      ...(process.env.WORLD_CLIENT_UNCAPPED
        ? ['--disable-frame-rate-limit', '--disable-gpu-vsync']
        : []),
    ],
  });
  const bots = [];
  let stopBots = () => {};
  try {
    for (let i = 0; i < BOTS; i += 1) bots.push(await joinBot(base));
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.addInitScript(countDrawCalls);
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const via = await enterWorld(page, base);
    const self = await page.evaluate(() => window.__atriumTest().self);
    const spots = spotsInView(self, BOTS);
    if (spots.length < BOTS) console.log(`world-client: ${spots.length} spots in view for ${BOTS}`);
    stopBots = await driveBots(bots, spots);
    // WORLD_CLIENT_STILL=1: the bots stop once in place (they idle and sway in the page), so the
    // figure is the page's drawing without 200 clients and the server sharing its two cores.
    if (process.env.WORLD_CLIENT_STILL) stopBots();
    await page.waitForTimeout(WARMUP_S * 1000);
    if (process.env.WORLD_TRACE) {
      await browser.startTracing(page, {
        path: process.env.WORLD_TRACE,
        categories: [
          'toplevel',
          'gpu',
          'cc',
          'blink',
          'v8',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-gpu.decoder',
          'disabled-by-default-gpu.service',
          'gpu.angle',
          'disabled-by-default-gpu.angle',
        ],
      });
      await page.waitForTimeout(3000);
      await browser.stopTracing();
    }
    const profiler = process.env.WORLD_PROFILE ? await startProfile(page) : null;
    const world = summarise(await page.evaluate(sampleFrames, MEASURE_S));
    if (profiler) await profiler();
    if (process.env.WORLD_LOOK_DIR) await tour(page, process.env.WORLD_LOOK_DIR);
    if (errors.length > 0) console.error('page errors:', errors);
    await page.close();
    const baseline = await measureBaseline(browser);
    const ratio = Number((world.medianFps / baseline.medianFps).toFixed(2));
    console.log(
      `world-client: ${BOTS} avatars at 1280×720 (${via}, canvas ${world.canvas}${process.env.WORLD_CLIENT_UNCAPPED ? ', uncapped' : ''}): ` +
        `median ${world.medianFps} fps (${world.medianMs} ms a frame), p10 ${world.p10Fps} fps, ` +
        `${world.drawCalls} draw calls/frame (target median >= 30); bare three.js cube: median ` +
        `${baseline.medianFps} fps (${baseline.medianMs} ms), p10 ${baseline.p10Fps} fps; ratio ${ratio}`,
    );
    return { bots: BOTS, via, world, baseline, ratio };
  } finally {
    stopBots();
    bots.forEach((b) => b.disconnect());
    await browser.close();
    await stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWorldClient();

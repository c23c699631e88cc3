import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, onTestFinished } from 'vitest';

const require = createRequire(import.meta.url);
const axeSource: string = (require('axe-core') as { source: string }).source;

export const outputDir = path.join(
  path.dirname(path.dirname(fileURLToPath(import.meta.url))),
  'output',
);

const DEFAULT_MAX_FPS = 10;
const FAKE_CAMERA_FPS = 10;

/**
 * Launches the system Chromium headless, with fake camera and microphone, and with every page's
 * animation frames capped (E2E_MAX_FPS, default 10).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--enable-unsafe-swiftshader',
      // The fake camera at 10 frames a second, not 30: every classroom page encodes its camera
      // (three simulcast layers) and decodes the others' in software, and at 30 fps the e2e
      // classrooms kept both cores busy (see docs/benchmarks.md, "Test suite").
      `--use-fake-device-for-media-stream=fps=${FAKE_CAMERA_FPS}`,
      '--use-fake-ui-for-media-stream',
    ],
  });
  // Software GL draws each world frame on both cores (about 50 ms of CPU a frame at 1440×900, 35
  // frames a second: 1.8 cores for one idle world). The tests check what the world does, not how
  // often it draws; its logic runs on a fixed step whatever the frame rate. So every page runs
  // as on a 10 Hz display: a world then costs 0.9 of a core. E2E_MAX_FPS=0 lifts the cap.
  const fps = Number(process.env.E2E_MAX_FPS ?? String(DEFAULT_MAX_FPS));
  const fullCamera = process.env.E2E_FULL_CAMERA === '1';
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    // A wait or an action may take 60 s, not Playwright's 30: beside the unit files the load has
    // reached 27 on 2 cores, and a sign-in took over 30 s (social.test.ts in CI, 2026-11-28).
    // Tests still end at their own timeouts.
    context.setDefaultTimeout(60_000);
    if (fps > 0) await context.addInitScript(capFrameRate, 1000 / fps);
    if (!fullCamera) await context.addInitScript(smallCamera);
    return context;
  };
  return browser;
}

/**
 * Runs in each page before its scripts: a camera request gets the fake camera at SPEC §5's
 * smallest size, 640 × 480, not the 1280 × 720 it asks for. Chromium's fake device gives what is
 * asked, and every classroom page encodes its camera in three simulcast layers in software: at
 * 1280 × 720 the lesson journey's five pages kept both cores busy (docs/benchmarks.md, "Test
 * suite"). The tests check who sees whom and at which layer, not the pixels. E2E_FULL_CAMERA=1
 * leaves the request alone.
 */
function smallCamera(): void {
  const media = navigator.mediaDevices;
  if (!media) return;
  const getUserMedia = media.getUserMedia.bind(media);
  media.getUserMedia = (constraints) => {
    const video = constraints?.video;
    if (!video) return getUserMedia(constraints);
    const small: MediaTrackConstraints = {
      ...(typeof video === 'object' ? video : {}),
      width: { exact: 640 },
      height: { exact: 480 },
    };
    return getUserMedia({ ...constraints, video: small });
  };
}

/**
 * Runs in each page before its scripts: `requestAnimationFrame` waits until `intervalMs` after
 * the last frame it ran, so a page draws at most 1000 / intervalMs frames a second.
 */
function capFrameRate(intervalMs: number): void {
  const raf = window.requestAnimationFrame.bind(window);
  const caf = window.cancelAnimationFrame.bind(window);
  let last = 0;
  let next = 1;
  const pending = new Map<number, { timer?: number; frame?: number }>();
  window.requestAnimationFrame = (cb) => {
    const id = next++;
    const entry: { timer?: number; frame?: number } = {};
    pending.set(id, entry);
    const wait = Math.max(0, last + intervalMs - performance.now());
    const request = () => {
      entry.frame = raf((t) => {
        pending.delete(id);
        last = t;
        cb(t);
      });
    };
    if (wait > 4) entry.timer = window.setTimeout(request, wait - 4);
    else request();
    return id;
  };
  window.cancelAnimationFrame = (id) => {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    if (entry.frame !== undefined) caf(entry.frame);
  };
}

/** Launches Chromium once for the enclosing test file or suite; call the result for the browser. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not launched yet');
    return browser;
  };
}

/**
 * A context opened inside a test closes when that test ends, passed or failed. Left open, its
 * pages go on drawing beside every later test of the file: a classroom preview (canvas video, a
 * ticking timer) costs a renderer about 15% of a core and the GPU process more, and
 * classroom-ui.test.ts left twenty of them open, which took its last tests from 20 s to over
 * 120 s and slowed every unit file running beside it. A context opened in a hook is the hook's
 * to close (or the browser's, at the end of the file).
 */
export function closeWithTest(context: BrowserContext): void {
  try {
    onTestFinished(() => context.close().catch(() => undefined));
  } catch {
    // Not inside a test (a beforeAll): the file's own cleanup closes it.
  }
}

/** A page plus the console errors and uncaught exceptions it produced. */
export interface WatchedPage {
  page: Page;
  errors: string[];
}

/** Opens a new page in a fresh context and records console errors and page errors. */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  closeWithTest(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('requestfailed', (req) => {
    const reason = req.failure()?.errorText ?? '';
    // Requests the page cancels because the test navigates away are not failures.
    if (reason !== 'net::ERR_ABORTED') errors.push(`requestfailed: ${req.url()} ${reason}`);
  });
  return { page, errors };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Runs axe-core on the page and returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // A toast can arrive after the wait below (the toaster loads lazily) and be measured mid
  // fade-in, and on a loaded machine a panel can still be settling: a violation found is measured
  // again up to three times over about six seconds, and only one found every time (same rule, same
  // elements) counts. A real violation stays; a transition does not.
  let found = await measureA11y(page);
  for (let i = 1; i <= 3 && found.length > 0; i += 1) {
    await page.waitForTimeout(1000 * i);
    const again = new Set((await measureA11y(page)).map(violationKey));
    found = found.filter((v) => again.has(violationKey(v)));
  }
  return found;
}

function violationKey(v: AxeViolation): string {
  return `${v.id} ${JSON.stringify(v.nodes.map((n) => n.target))}`;
}

async function measureA11y(page: Page): Promise<AxeViolation[]> {
  // Contrast is measured on what is on screen: an element still fading in (a toast that just
  // appeared, a dialog's entrance) is measured at its final colours, not mid-transition.
  await page.evaluate(async () => {
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline) {
      const running = document
        .getAnimations()
        .filter(
          (a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity,
        );
      if (running.length === 0) return;
      await Promise.race([
        Promise.all(running.map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 500)),
      ]);
    }
  });
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Saves a full-page screenshot under e2e/output and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(outputDir, { recursive: true });
  const file = path.join(outputDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

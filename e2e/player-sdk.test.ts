import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthWebText } from '../apps/web/src/shared/auth/texts.ts';
import { openPage, saveScreenshot, useBrowser } from './support/browser.ts';
import { lane } from './support/lane.ts';

const baseURL = lane().baseURL;
const demoAccounts = lane().demoAccounts;

/**
 * A third-party host page on another origin (`localhost` instead of `127.0.0.1`, another port),
 * serving whatever HTML a test puts in `pages`.
 */
function startHostSite(pages: Map<string, string>): Promise<{ server: Server; origin: string }> {
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      if (req.url === '/favicon.ico') {
        res.writeHead(204).end();
        return;
      }
      const body = pages.get(req.url ?? '');
      if (body === undefined) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, {
        'content-type': req.url?.endsWith('.js') ? 'text/javascript' : 'text/html',
      });
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, origin: `http://localhost:${port}` });
    });
  });
}

async function adminToken(): Promise<string> {
  const admin = demoAccounts.find((a) => a.role === 'admin');
  const res = await fetch(`${baseURL}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: admin?.username, password: admin?.password }),
  });
  return ((await res.json()) as { token: string }).token;
}

const hostPage = (script: string, sdkSrc: string) => `<!doctype html>
<html><head><title>Partner site</title>
<style>body{margin:0;font-family:sans-serif;background:#f5f1e8}
h1{margin:16px 24px;font-size:20px}#world{width:960px;height:540px;margin:0 24px}</style></head>
<body><h1>Springfield Museum: visit our campus</h1><div id="world"></div>
<script src="${sdkSrc}"></script>
<script>window.events = []; ${script}</script></body></html>`;

const events = (page: Page) => page.evaluate(() => (window as { events?: unknown[] }).events ?? []);

describe('the Player SDK on a third-party page', () => {
  const browser = useBrowser();
  const pages = new Map<string, string>();
  let site: { server: Server; origin: string };

  beforeAll(async () => {
    site = await startHostSite(pages);
    const token = await adminToken();
    const res = await fetch(`${baseURL}/api/shares`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        id: 'partner',
        title: 'Partner campus',
        allowed_origins: [site.origin],
        default_location: 'plaza',
      }),
    });
    expect(res.status).toBe(200);

    // The public Furioos SDK, bundled as its users would, for the wire-compatibility test.
    const require = createRequire(import.meta.url);
    const bundle = await build({
      entryPoints: [require.resolve('furioos-sdk')],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'FurioosSDK',
      platform: 'browser',
    });
    pages.set('/furioos-sdk.js', bundle.outputFiles[0]?.text ?? '');
  });
  afterAll(() => new Promise<void>((resolve) => site.server.close(() => resolve())));

  it('embeds the world with the SDK served by Atrium, starts it and answers questions', async () => {
    pages.set(
      '/atrium.html',
      hostPage(
        `const player = new Atrium.Player('partner', 'world', { hideTitle: true });
         for (const name of ['load', 'appInstallProgress', 'appStart', 'streamStart', 'sessionStopped'])
           player.on(name, (value) => window.events.push(value === undefined ? name : name + ':' + JSON.stringify(value)));
         player.on('load', () => {
           player.start();
           player.getServerMetadata((metadata) => { window.metadata = metadata; });
         });
         // Asked once the world runs, so this session's own slot is counted.
         player.on('streamStart', () => player.getServerAvailability((stats) => { window.stats = stats; }));
         window.player = player;`,
        `${baseURL}/sdk/player-sdk.umd.js`,
      ),
    );
    const { page, errors } = await openPage(browser(), { viewport: { width: 1024, height: 640 } });
    await page.goto(`${site.origin}/atrium.html`);
    const iframe = page.locator('#world iframe');
    await expect(iframe.getAttribute('src')).resolves.toBe(
      `${baseURL}/embed/partner?hideTitle=true`,
    );
    await expect(iframe.getAttribute('allow')).resolves.toContain('fullscreen');
    await page.waitForFunction(
      () => (window as { events?: string[] }).events?.includes('streamStart'),
      undefined,
      {
        timeout: 60_000,
      },
    );
    const seen = (await events(page)) as string[];
    expect(seen[0]).toBe('load');
    expect(seen).toContain('appInstallProgress:100');
    expect(seen.indexOf('appStart')).toBeLessThan(seen.indexOf('streamStart'));
    await page.waitForFunction(() => (window as { stats?: unknown }).stats !== undefined);
    const stats = await page.evaluate(() => (window as { stats?: unknown }).stats);
    expect(stats).toMatchObject({ totalSlots: 100 });
    expect((stats as { availableSlots: number }).availableSlots).toBeLessThan(100);
    await expect(
      page.evaluate(() => (window as { metadata?: unknown }).metadata),
    ).resolves.toMatchObject({
      region: 'local',
      publicUrl: baseURL,
    });
    await saveScreenshot(page, 'sdk-partner-page');

    await page.evaluate(() => (window as unknown as { player: { stop(): void } }).player.stop());
    await page.waitForFunction(() =>
      (window as { events?: string[] }).events?.includes('sessionStopped'),
    );
    expect(errors, errors.join('\n')).toEqual([]);
  }, 120_000);

  it('keeps working for a page built on the public Furioos SDK', async () => {
    pages.set(
      '/furioos.html',
      hostPage(
        `const player = new FurioosSDK.Player('partner', 'world', { overridedURL: ${JSON.stringify(baseURL)} });
         player.onLoad(() => { window.events.push('load'); player.start(); });
         player.onAppInstallProgress((p) => window.events.push('progress:' + p));
         player.onStreamStart(() => {
           window.events.push('streamStart');
           player.getServerAvailability((stats) => window.events.push('stats:' + stats.totalSlots));
         });`,
        '/furioos-sdk.js',
      ),
    );
    const { page } = await openPage(browser(), { viewport: { width: 1024, height: 640 } });
    await page.goto(`${site.origin}/furioos.html`);
    await page.waitForFunction(
      () => (window as { events?: string[] }).events?.includes('stats:100'),
      undefined,
      { timeout: 60_000 },
    );
    const seen = (await events(page)) as string[];
    expect(seen).toContain('progress:100');
    expect(seen.indexOf('load')).toBeLessThan(seen.indexOf('streamStart'));
  }, 120_000);

  it('is not framed by a site the share does not allow, and reports an unknown share', async () => {
    pages.set(
      '/stranger.html',
      hostPage(
        `const player = new Atrium.Player('campus', 'world', {});
         player.on('load', () => window.events.push('load'));`,
        `${baseURL}/sdk/player-sdk.umd.js`,
      ),
    );
    pages.set(
      '/unknown.html',
      hostPage(
        `new Atrium.Player('no-such-share', 'world', {});`,
        `${baseURL}/sdk/player-sdk.umd.js`,
      ),
    );
    const { page } = await openPage(browser());
    await page.goto(`${site.origin}/stranger.html`);
    // The browser refuses to render the frame (frame-ancestors), so no load ever arrives.
    await page.waitForTimeout(4000);
    expect(await events(page)).toEqual([]);

    await page.goto(`${site.origin}/unknown.html`);
    await page
      .locator('#world')
      .getByText('This world is not available. Check the share id.')
      .waitFor({ timeout: 20_000 });
    await expect(page.locator('#world iframe').count()).resolves.toBe(0);
  }, 60_000);

  it('lets a debug-mode page talk to a running world through the debug bridge', async () => {
    const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
    const bridge = spawn(process.execPath, ['scripts/world-debug-bridge.mjs'], { cwd: root });
    let bridgeLog = '';
    bridge.stdout.on('data', (chunk: Buffer) => (bridgeLog += chunk.toString()));
    bridge.stderr.on('data', (chunk: Buffer) => (bridgeLog += chunk.toString()));
    try {
      for (let i = 0; i < 50 && !bridgeLog.includes('debug bridge on'); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(bridgeLog).toContain('debug bridge on ws://127.0.0.1:8081');

      // The world, opened with the bridge on.
      const world = await openPage(browser(), { viewport: { width: 960, height: 540 } });
      await world.page.goto(`${baseURL}/embed/campus?debugBridge=1&e2e=1`);
      await world.page.getByRole('button', { name: 'Play' }).click();
      // Opened on its own, the frame enters as a guest only after the guest warning (SPEC §4).
      await world.page.getByRole('button', { name: AuthWebText.guestConfirm }).click();
      await world.page.waitForFunction(() => typeof window.__atriumTest === 'function', undefined, {
        timeout: 60_000,
      });
      // Joined, and standing where it spawned: asked earlier, it would tell the spot before.
      await world.page.waitForFunction(
        () => window.__atriumTest?.().self.label != null,
        undefined,
        {
          timeout: 60_000,
        },
      );

      // The developer's page in debug mode: no frame, a text, and the socket on port 8081.
      pages.set(
        '/debug.html',
        hostPage(
          `const player = new Atrium.Player('campus', 'world', { debugAppMode: true });
           player.on('sdkMessage', (message) => window.events.push(message));
           player.on('load', () => player.sendSDKMessage({ type: 'request_position' }));`,
          `${baseURL}/sdk/player-sdk.umd.js`,
        ),
      );
      const { page } = await openPage(browser());
      await page.goto(`${site.origin}/debug.html`);
      await expect(page.locator('#world').textContent()).resolves.toContain(
        'debugging locally your app',
      );
      await expect(page.locator('#world iframe').count()).resolves.toBe(0);
      await page.waitForFunction(
        () => ((window as { events?: unknown[] }).events ?? []).length > 0,
        undefined,
        {
          timeout: 20_000,
        },
      );
      const [answer] = (await events(page)) as { type: string; position: Record<string, string> }[];
      expect(answer?.type).toBe('request_position_respons');
      const self = await world.page.evaluate(() => window.__atriumTest?.().self);
      expect(Number(answer?.position.x)).toBeCloseTo(self?.x ?? NaN, 1);
      expect(Number(answer?.position.z)).toBeCloseTo(self?.z ?? NaN, 1);
    } finally {
      bridge.kill('SIGTERM');
    }
  }, 120_000);
});

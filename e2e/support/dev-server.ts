// The web app's Vite dev server, for the development-only pages (they are not in the built app).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { lane } from './lane.ts';

const webRoot = path.join(
  path.dirname(path.dirname(fileURLToPath(import.meta.url))),
  '..',
  'apps/web',
);

/**
 * Starts Vite in development mode for the enclosing suite, with `/api` proxied to the built app
 * the harness runs; call the result for the dev server's base URL.
 */
export function useDevServer(): () => string {
  let url: string | undefined;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    // The config reads the API address when it loads.
    process.env.ATRIUM_API_URL = lane().baseURL;
    // A cache of its own, so a developer's running dev server is left alone; one per e2e worker
    // (two dev servers optimising into one folder at once would trip over each other), kept
    // between files so only the first file of a worker waits for Vite's dependency scan.
    const cacheDir = path.join(
      webRoot,
      '..',
      '..',
      'node_modules',
      '.cache',
      `vite-e2e-${process.env.VITEST_POOL_ID ?? '1'}`,
    );
    const { createServer } = await import('vite');
    const server = await createServer({
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      cacheDir,
      logLevel: 'error',
      server: { host: '127.0.0.1', port: 0, hmr: false },
    });
    await server.listen();
    url = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
    close = () => server.close();
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });
  return () => {
    if (!url) throw new Error('the dev server is not running');
    return url;
  };
}

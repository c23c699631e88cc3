import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { AppDeps } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import type { Database } from '../src/db/database.ts';

export interface TestApp {
  app: FastifyInstance;
  /** http://127.0.0.1:PORT of the listening server. */
  url: string;
  close(): Promise<void>;
}

/**
 * This test file's socket.io channels on Redis. The server's test files run side by side on one
 * Redis: on a shared channel each app heard every other file's broadcasts, and the adapter's
 * cluster requests (`fetchSockets`, `serverSideEmit`) counted those apps and waited for their
 * answers (a two-process test timed out in a loaded CI run, 2026-11-29). Processes a test spawns
 * get it through their environment (`REDIS_CHANNEL`), so they still share it with the file.
 */
export const testRedisChannel = process.env.REDIS_CHANNEL ?? `atrium-test-${randomUUID()}`;

/** Starts the real server on an ephemeral port over the given database. */
export async function startTestApp(
  database: Database,
  env: Record<string, string> = {},
  configure?: (app: FastifyInstance) => void,
  deps: Pick<AppDeps, 'media' | 'chain' | 'now'> = {},
): Promise<TestApp> {
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent',
    // Tests that exercise the wallet pass WALLET=local and a running chain in `deps.chain`.
    WALLET: 'off',
    REDIS_CHANNEL: testRedisChannel,
    ...env,
  });
  const app = await buildApp({ config, database, ...deps });
  configure?.(app);
  await app.listen({ host: '127.0.0.1', port: config.PORT });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** A free TCP port on 127.0.0.1, for servers whose address must be known before they start. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

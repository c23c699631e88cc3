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

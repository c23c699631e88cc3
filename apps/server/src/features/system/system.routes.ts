import { CommonText, SystemApi } from '@atrium/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { unavailable } from '../../http/errors.ts';
import { serveRoute } from '../../http/route.ts';
import { SERVER_VERSION } from '../../paths.ts';

const READY_TIMEOUT_MS = 2000;

/** Liveness and readiness probes. */
export const systemRoutes: FastifyPluginAsync<{ database: Database }> = async (
  app,
  { database },
) => {
  serveRoute(app, SystemApi.health, async () => ({
    status: true as const,
    data: { uptime: Math.round(process.uptime()), version: SERVER_VERSION },
  }));

  serveRoute(app, SystemApi.ready, async () => {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        database.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
        }),
      ]);
    } catch (cause) {
      throw unavailable(CommonText.databaseUnavailable);
    } finally {
      clearTimeout(timer);
    }
    return {
      status: true as const,
      data: { database: database.kind, latencyMs: Math.round(performance.now() - started) },
    };
  });
};

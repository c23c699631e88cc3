import {
  CommonText,
  FailureSchema,
  HealthResponseSchema,
  ReadyResponseSchema,
} from '@atrium/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { unavailable } from '../../http/errors.ts';
import { SERVER_VERSION } from '../../paths.ts';

const READY_TIMEOUT_MS = 2000;

/** Liveness and readiness probes. */
export const systemRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'The process is alive',
        response: { 200: HealthResponseSchema },
      },
    },
    async () => ({
      status: true as const,
      data: { uptime: Math.round(process.uptime()), version: SERVER_VERSION },
    }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'The database answers',
        response: { 200: ReadyResponseSchema, 503: FailureSchema },
      },
    },
    async () => {
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
    },
  );
};

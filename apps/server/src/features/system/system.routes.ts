import { SystemApi } from '@atrium/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { serveRoute } from '../../http/route.ts';
import type { SystemService } from './system.service.ts';

/** Liveness and readiness probes. */
export const systemRoutes: FastifyPluginAsync<{ service: SystemService }> = async (
  app,
  { service },
) => {
  serveRoute(app, SystemApi.health, async () => ({
    status: true as const,
    data: service.health(),
  }));

  serveRoute(app, SystemApi.ready, async () => ({
    status: true as const,
    data: await service.ready(),
  }));
};

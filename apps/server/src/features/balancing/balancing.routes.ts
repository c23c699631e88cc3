import { BalancingApi } from '@atrium/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { serveRoute } from '../../http/route.ts';
import { SERVER_VERSION } from '../../paths.ts';
import { BalancingRepository } from './balancing.repository.ts';
import { BalancingService } from './balancing.service.ts';

export interface BalancingOptions {
  database: Database;
  totalSlots: number;
  slotTtlSeconds: number;
  region: string;
  publicUrl: string;
  nodeSecret?: string | undefined;
  nodeTtlSeconds: number;
  now?: () => Date;
}

/** SPEC §7 balancing: stream slots (player ids), and the SDK's availability and metadata. */
export const balancingRoutes: FastifyPluginAsync<BalancingOptions> = async (app, options) => {
  const balancing = new BalancingService(new BalancingRepository(options.database.db), {
    totalSlots: options.totalSlots,
    slotTtlSeconds: options.slotTtlSeconds,
    now: options.now ?? (() => new Date()),
    nodeSecret: options.nodeSecret,
    nodeTtlSeconds: options.nodeTtlSeconds,
  });

  serveRoute(app, BalancingApi.getPlayerId, async (request) => {
    const slot = await balancing.takeOrRenew(
      request.auth,
      request.body?.uniqueId,
      request.body?.stream ?? false,
    );
    return { status: true as const, data: slot };
  });

  serveRoute(app, BalancingApi.reclaimPlayerId, async (request) => {
    await balancing.release(request.params.uniqueId);
    return { status: true as const, message: 'OK' };
  });

  serveRoute(app, BalancingApi.availability, async () => ({
    status: true as const,
    data: await balancing.availability(),
  }));

  serveRoute(app, BalancingApi.nodeReport, async (request) => ({
    status: true as const,
    data: await balancing.nodeReport(request.headers.authorization, request.body),
  }));

  serveRoute(app, BalancingApi.nodeLeave, async (request) => {
    await balancing.nodeLeave(request.headers.authorization, request.params.id);
    return { status: true as const, message: 'OK' };
  });

  serveRoute(app, BalancingApi.metadata, async () => ({
    status: true as const,
    data: { version: SERVER_VERSION, region: options.region, publicUrl: options.publicUrl },
  }));
};

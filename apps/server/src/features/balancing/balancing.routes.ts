import {
  FailureSchema,
  GetPlayerIdRequestSchema,
  GetPlayerIdResponseSchema,
  OkMessageSchema,
  ServerAvailabilityResponseSchema,
  ServerMetadataResponseSchema,
  UniqueIdParamsSchema,
} from '@atrium/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { SERVER_VERSION } from '../../paths.ts';
import { BalancingRepository } from './balancing.repository.ts';
import { BalancingService } from './balancing.service.ts';

export interface BalancingOptions {
  database: Database;
  totalSlots: number;
  slotTtlSeconds: number;
  region: string;
  publicUrl: string;
  now?: () => Date;
}

/** SPEC §7 balancing: stream slots (player ids), and the SDK's availability and metadata. */
export const balancingRoutes: FastifyPluginAsyncZod<BalancingOptions> = async (app, options) => {
  const balancing = new BalancingService(new BalancingRepository(options.database.db), {
    totalSlots: options.totalSlots,
    slotTtlSeconds: options.slotTtlSeconds,
    now: options.now ?? (() => new Date()),
  });

  app.post(
    '/balancing/get-player-id',
    {
      schema: {
        tags: ['balancing'],
        summary: 'Take a stream slot, or renew the one given by uniqueId',
        body: GetPlayerIdRequestSchema,
        response: {
          200: GetPlayerIdResponseSchema,
          400: FailureSchema,
          401: FailureSchema,
          404: FailureSchema,
          503: FailureSchema,
        },
      },
    },
    async (request) => {
      const slot = await balancing.takeOrRenew(request.auth, request.body?.uniqueId);
      return { status: true as const, data: slot };
    },
  );

  app.post(
    '/balancing/reclaim-player-id/:uniqueId',
    {
      schema: {
        tags: ['balancing'],
        summary: 'Give a stream slot back (page unload, or a mobile page that becomes hidden)',
        params: UniqueIdParamsSchema,
        response: { 200: OkMessageSchema, 400: FailureSchema },
      },
    },
    async (request) => {
      await balancing.release(request.params.uniqueId);
      return { status: true as const, message: 'OK' };
    },
  );

  app.get(
    '/public/server/availability',
    {
      schema: {
        tags: ['balancing'],
        summary: 'Free stream slots (Player SDK getServerAvailability)',
        response: { 200: ServerAvailabilityResponseSchema },
      },
    },
    async () => ({ status: true as const, data: await balancing.availability() }),
  );

  app.get(
    '/public/server/metadata',
    {
      schema: {
        tags: ['balancing'],
        summary: 'Server version and region (Player SDK getServerMetadata)',
        response: { 200: ServerMetadataResponseSchema },
      },
    },
    () => ({
      status: true as const,
      data: { version: SERVER_VERSION, region: options.region, publicUrl: options.publicUrl },
    }),
  );
};

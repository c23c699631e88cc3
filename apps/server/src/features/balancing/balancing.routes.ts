import {
  BalancingText,
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
import { requireUser } from '../../http/auth-guard.ts';
import { notFound, unavailable } from '../../http/errors.ts';
import { SERVER_VERSION } from '../../paths.ts';
import { BalancingRepository } from './balancing.repository.ts';

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
  const repo = new BalancingRepository(options.database.db);
  const now = options.now ?? (() => new Date());
  const expiry = () => new Date(now().getTime() + options.slotTtlSeconds * 1000);

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
      const { sub } = requireUser(request);
      await repo.sweep(now());
      const renewing = request.body?.uniqueId;
      const slot = renewing
        ? await repo.renew(renewing, sub, expiry())
        : await repo.take(sub, options.totalSlots, expiry());
      if (!slot) {
        if (renewing) throw notFound(BalancingText.unknownSlot);
        throw unavailable(BalancingText.noFreeSlot);
      }
      return { status: true as const, data: slot };
    },
  );

  // Runs from `sendBeacon` on page unload, which cannot send a bearer header: the unguessable
  // uniqueId is the capability. Unknown ids answer the same, so nothing is learned.
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
      await repo.release(request.params.uniqueId);
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
    async () => {
      const held = await repo.countHeld(now());
      const availableSlots = Math.max(0, options.totalSlots - held);
      return {
        status: true as const,
        data: {
          availableSlots,
          totalSlots: options.totalSlots,
          // A slot frees within one TTL at the latest when none is free now.
          waitingTime: availableSlots > 0 ? 0 : options.slotTtlSeconds,
        },
      };
    },
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

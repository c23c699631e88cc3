import {
  GetPlayerIdRequestSchema,
  GetPlayerIdResponseSchema,
  ServerAvailabilityResponseSchema,
  ServerMetadataResponseSchema,
  UniqueIdParamsSchema,
} from '../balancing.ts';
import { OkMessageSchema } from '../envelope.ts';
import { defineRoute } from '../http/route.ts';

const tags = ['balancing'] as const;

/** SPEC §7 balancing: stream slots (player ids), and the Player SDK's availability and metadata. */
export const BalancingApi = {
  getPlayerId: defineRoute({
    method: 'POST',
    path: '/api/balancing/get-player-id',
    body: GetPlayerIdRequestSchema,
    response: GetPlayerIdResponseSchema,
    tags,
    errors: [401, 404, 503],
    summary: 'Take a stream slot, or renew the one given by uniqueId',
  }),
  /** Also sent with `navigator.sendBeacon` on page unload: build its URL with `routeUrl`. */
  reclaimPlayerId: defineRoute({
    method: 'POST',
    path: '/api/balancing/reclaim-player-id/:uniqueId',
    params: UniqueIdParamsSchema,
    response: OkMessageSchema,
    tags,
    errors: [],
    summary: 'Give a stream slot back (page unload, or a mobile page that becomes hidden)',
  }),
  availability: defineRoute({
    method: 'GET',
    path: '/api/public/server/availability',
    response: ServerAvailabilityResponseSchema,
    tags,
    errors: [],
    summary: 'Free stream slots (Player SDK getServerAvailability)',
  }),
  metadata: defineRoute({
    method: 'GET',
    path: '/api/public/server/metadata',
    response: ServerMetadataResponseSchema,
    tags,
    errors: [],
    summary: 'Server version and region (Player SDK getServerMetadata)',
  }),
} as const;

import {
  GetPlayerIdRequestSchema,
  RenderNodeOrdersResponseSchema,
  RenderNodeParamsSchema,
  RenderNodeReportSchema,
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
  /** Issue 31: a render node says it is alive and what it holds; bearer RENDER_NODE_SECRET. */
  nodeReport: defineRoute({
    method: 'POST',
    path: '/api/render/nodes/heartbeat',
    body: RenderNodeReportSchema,
    response: RenderNodeOrdersResponseSchema,
    tags,
    errors: [400, 401],
    summary: 'A render node registers or reports; answers the sessions it should draw',
  }),
  /** Issue 31: a render node that stops cleanly gives its sessions back at once. */
  nodeLeave: defineRoute({
    method: 'POST',
    path: '/api/render/nodes/:id/leave',
    params: RenderNodeParamsSchema,
    response: OkMessageSchema,
    tags,
    errors: [400, 401],
    summary: 'A render node leaves; its streamed visitors draw the world in the page',
  }),
} as const;

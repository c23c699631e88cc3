import {
  ChannelParamsSchema,
  GlobalMuteConfigResponseSchema,
  GlobalMuteParamsSchema,
  GlobalMuteUpdateSchema,
  VideoTokenParamsSchema,
  VideoTokensSchema,
} from '../classroom.ts';
import { defineRoute } from '../http/route.ts';

const tags = ['classroom'] as const;

/** SPEC §7 video token rows and the global mute config services (SPEC §3 global settings). */
export const ClassroomApi = {
  videoTokens: defineRoute({
    method: 'GET',
    path: '/api/communication/rte/:channel/publisher/uid/:uid',
    params: VideoTokenParamsSchema,
    response: VideoTokensSchema,
    tags,
    errors: [401, 403],
    summary: 'Short-lived video tokens for this user, channel and uid (empty on failure)',
  }),
  globalMute: defineRoute({
    method: 'GET',
    path: '/api/communication/channels/:channel/global-settings',
    params: ChannelParamsSchema,
    response: GlobalMuteConfigResponseSchema,
    tags,
    errors: [401, 403, 404],
    summary: "A classroom's global mute flags",
  }),
  setGlobalMute: defineRoute({
    method: 'PUT',
    path: '/api/communication/channels/:channel/global-settings/:key',
    params: GlobalMuteParamsSchema,
    body: GlobalMuteUpdateSchema,
    response: GlobalMuteConfigResponseSchema,
    tags,
    errors: [401, 403, 404, 503],
    summary: 'Set one global mute flag of a classroom (teachers and admins)',
  }),
} as const;

import {
  ChannelParamsSchema,
  GlobalMuteConfigResponseSchema,
  GlobalMuteParamsSchema,
  GlobalMuteUpdateSchema,
  VideoTokenParamsSchema,
  VideoTokensSchema,
} from '../classroom-signalling.ts';
import {
  ClassRecordResponseSchema,
  ClassSessionParamsSchema,
  ClassSessionsParamsSchema,
  ClassSessionsResponseSchema,
} from '../classroom-record.ts';
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
  /** Issue 28 §5: a class's sessions, newest first (a student: those they were in). */
  sessions: defineRoute({
    method: 'GET',
    path: '/api/classrooms/:channel/sessions',
    params: ClassSessionsParamsSchema,
    response: ClassSessionsResponseSchema,
    tags,
    errors: [401, 403, 404],
    summary: "A classroom's class sessions, newest first (a student sees those they were in)",
  }),
  record: defineRoute({
    method: 'GET',
    path: '/api/class-sessions/:id/record',
    params: ClassSessionParamsSchema,
    response: ClassRecordResponseSchema,
    tags,
    errors: [401, 403, 404],
    summary: "A class session's attendance (teachers and admins: everyone; a student: their own)",
  }),
  /** `text/csv`, as a download. */
  recordCsv: defineRoute({
    method: 'GET',
    path: '/api/class-sessions/:id/record.csv',
    params: ClassSessionParamsSchema,
    tags,
    errors: [401, 403, 404],
    summary: "A class session's attendance as CSV",
  }),
} as const;

import { z } from 'zod';
import { defineRoute } from '../http/route.ts';

/**
 * Pages the server writes besides the app's own (`AppRoute`). Pages are not API paths: the Player
 * SDK, which ships alone, builds the embed frame's address itself.
 */
export const PagesApi = {
  /** The embed frame of a share, framed by the share's allowed hosts (SPEC §2 Player SDK). */
  embed: defineRoute({
    method: 'GET',
    path: '/embed/:shareId',
    // Any id: an unknown or malformed one still gets the page, which tells its host so.
    params: z.strictObject({ shareId: z.string() }),
    tags: ['pages'],
    errors: [],
    summary: 'The embed frame of a share',
    hidden: true,
  }),
} as const;

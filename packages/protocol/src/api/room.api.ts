import { defineRoute } from '../http/route.ts';
import { PopupAllowlistBodySchema, PopupAllowlistResponseSchema } from '../room.ts';

/** The admin's pop-up browser allowlist (issue 15); the site's own origins are always allowed. */
export const RoomApi = {
  popupAllowlist: defineRoute({
    method: 'GET',
    path: '/api/settings/popup-allowlist',
    response: PopupAllowlistResponseSchema,
    tags: ['settings'],
    errors: [401, 403],
    summary: 'The origins a teacher may push to the pop-up browser (admin)',
  }),
  updatePopupAllowlist: defineRoute({
    method: 'PUT',
    path: '/api/settings/popup-allowlist',
    body: PopupAllowlistBodySchema,
    response: PopupAllowlistResponseSchema,
    tags: ['settings'],
    errors: [401, 403],
    summary: 'Replace the pop-up browser allowlist (admin)',
  }),
} as const;

import { defineRoute } from '../http/route.ts';
import { PopupAllowlistBodySchema, PopupAllowlistResponseSchema } from '../popup-allowlist.ts';

/**
 * The pop-up browser's allowlist (issue 15): set by admins, read by teachers too (their push
 * prompt lists it); the site's own origins are always allowed.
 */
export const RoomApi = {
  popupAllowlist: defineRoute({
    method: 'GET',
    path: '/api/settings/popup-allowlist',
    response: PopupAllowlistResponseSchema,
    tags: ['settings'],
    errors: [401, 403],
    summary:
      'The origins a teacher may push to the pop-up browser besides our own (teacher, admin)',
  }),
  updatePopupAllowlist: defineRoute({
    method: 'PUT',
    path: '/api/settings/popup-allowlist',
    body: PopupAllowlistBodySchema,
    response: PopupAllowlistResponseSchema,
    tags: ['settings'],
    errors: [401, 403],
    summary: 'Replace the pop-up browser allowlist (admin)',
    audit: 'settings.popup_allowlist',
  }),
} as const;

import { RoomApi, SettingsAdminText } from '@atrium/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDb } from '../../db/database.ts';
import { serveRoute } from '../../http/route.ts';
import { requireRole } from '../../security/policy.ts';
import { readPopupAllowlist, writePopupAllowlist } from '../../settings/popup-allowlist.ts';

/** The allowlist decides which pages land in every member's browser, so only admins set it. */
const requireAdmin = requireRole('admin', SettingsAdminText.onlyAdmins);

export const roomRoutes: FastifyPluginAsync<{ db: AppDb }> = async (app, { db }) => {
  serveRoute(app, RoomApi.popupAllowlist, async (request) => {
    requireAdmin(request.auth);
    return { status: true as const, data: { origins: await readPopupAllowlist(db) } };
  });

  serveRoute(app, RoomApi.updatePopupAllowlist, async (request) => {
    requireAdmin(request.auth);
    const origins = await writePopupAllowlist(db, request.body.origins);
    return { status: true as const, data: { origins } };
  });
};

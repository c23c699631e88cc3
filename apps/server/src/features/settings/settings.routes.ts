import { SettingsApi } from '@atrium/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { serveRoute } from '../../http/route.ts';
import { SettingsService } from './settings.service.ts';

/**
 * Public settings (SPEC §7 `GET /api/public/custom-setting`; private keys answer as unknown), the
 * admin's account limits and the wallet's audience.
 */
export const settingsRoutes: FastifyPluginAsync<{
  database: Database;
  /** Public settings' values from the server's configuration, when no row overrides them. */
  defaults?: Readonly<Record<string, unknown>>;
}> = async (app, { database, defaults }) => {
  const settings = new SettingsService(database.db, defaults);

  serveRoute(app, SettingsApi.customSetting, async (request) => {
    const value = await settings.findPublic(request.query.key);
    return { status: true as const, data: { key: request.query.key, value } };
  });

  serveRoute(app, SettingsApi.limits, async (request) => ({
    status: true as const,
    data: await settings.readLimits(request.auth),
  }));

  serveRoute(app, SettingsApi.updateLimits, async (request) => ({
    status: true as const,
    data: await settings.writeLimits(request.auth, request.body),
  }));

  serveRoute(app, SettingsApi.wallet, async (request) => ({
    status: true as const,
    data: await settings.readWallet(request.auth),
  }));

  serveRoute(app, SettingsApi.updateWallet, async (request) => ({
    status: true as const,
    data: await settings.writeWallet(request.auth, request.body),
  }));

  serveRoute(app, SettingsApi.classroom, async (request) => ({
    status: true as const,
    data: await settings.readClassroom(request.auth),
  }));

  serveRoute(app, SettingsApi.updateClassroom, async (request) => ({
    status: true as const,
    data: await settings.writeClassroom(request.auth, request.body),
  }));
};

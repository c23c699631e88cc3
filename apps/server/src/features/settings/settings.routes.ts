import {
  CustomSettingQuerySchema,
  CustomSettingResponseSchema,
  FailureSchema,
  LimitSettingsResponseSchema,
  LimitSettingsUpdateSchema,
  SettingsAdminText,
  SettingsText,
} from '@atrium/protocol';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { requireAccount } from '../../http/auth-guard.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { readLimits, writeLimits } from './limit-settings.ts';
import { SettingsRepository } from './settings.repository.ts';

const adminFailures = { 400: FailureSchema, 401: FailureSchema, 403: FailureSchema };

/** Limits protect every school on the server, so only admins see or change them. */
function requireAdmin(request: FastifyRequest): void {
  if (requireAccount(request).role !== 'admin') throw forbidden(SettingsAdminText.onlyAdmins);
}

/**
 * Public settings (SPEC §7 `GET /api/public/custom-setting`; private keys answer as unknown) and
 * the admin's account limits.
 */
export const settingsRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  const repo = new SettingsRepository(database.db);
  app.get(
    '/public/custom-setting',
    {
      schema: {
        tags: ['settings'],
        summary: 'Read a public setting by key',
        querystring: CustomSettingQuerySchema,
        response: { 200: CustomSettingResponseSchema, 400: FailureSchema, 404: FailureSchema },
      },
    },
    async (request) => {
      const value = await repo.findPublic(request.query.key);
      if (value === undefined) throw notFound(SettingsText.notFound);
      return { status: true as const, data: { key: request.query.key, value } };
    },
  );

  app.get(
    '/settings/limits',
    {
      schema: {
        tags: ['settings'],
        summary: 'The account limits in force (admin)',
        response: { 200: LimitSettingsResponseSchema, ...adminFailures },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { status: true as const, data: await readLimits(database.db) };
    },
  );

  app.patch(
    '/settings/limits',
    {
      schema: {
        tags: ['settings'],
        summary: 'Raise or lower account limits (admin)',
        body: LimitSettingsUpdateSchema,
        response: { 200: LimitSettingsResponseSchema, ...adminFailures },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { status: true as const, data: await writeLimits(database.db, request.body) };
    },
  );
};

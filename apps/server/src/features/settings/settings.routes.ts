import {
  CustomSettingQuerySchema,
  CustomSettingResponseSchema,
  FailureSchema,
  LimitSettingsResponseSchema,
  LimitSettingsUpdateSchema,
} from '@atrium/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { SettingsService } from './settings.service.ts';

const adminFailures = { 400: FailureSchema, 401: FailureSchema, 403: FailureSchema };

/**
 * Public settings (SPEC §7 `GET /api/public/custom-setting`; private keys answer as unknown) and
 * the admin's account limits.
 */
export const settingsRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  const settings = new SettingsService(database.db);
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
      const value = await settings.findPublic(request.query.key);
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
      return { status: true as const, data: await settings.readLimits(request.auth) };
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
      return {
        status: true as const,
        data: await settings.writeLimits(request.auth, request.body),
      };
    },
  );
};

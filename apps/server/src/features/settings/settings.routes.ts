import {
  CustomSettingQuerySchema,
  CustomSettingResponseSchema,
  FailureSchema,
  SettingsText,
} from '@atrium/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { SettingsRepository } from './settings.repository.ts';

/** Public settings (SPEC §7 `GET /api/public/custom-setting`). Private keys answer as unknown. */
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
};

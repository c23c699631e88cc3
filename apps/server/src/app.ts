import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config/config.ts';
import type { Database } from './db/database.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { systemRoutes } from './features/system/system.routes.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { serializerCompiler } from './http/serializer.ts';
import { findUp, SERVER_VERSION } from './paths.ts';
import { attachRealtime } from './realtime/realtime.ts';
import type { Realtime } from './realtime/realtime.ts';
import { registerWebApp } from './web/web.routes.ts';

export interface AppDeps {
  config: Config;
  database: Database;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** Builds the whole server (HTTP API, docs, web app and socket) without listening. */
export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    logController: new LogController({
      disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace',
    }),
    bodyLimit: 1024 * 1024,
    trustProxy: config.TRUST_PROXY,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  registerSecurityHeaders(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Atrium API',
        description:
          'The HTTP API of an Atrium server. Every answer uses the envelope `{status, message, data}`.',
        version: SERVER_VERSION,
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(systemRoutes, { prefix: '/api', database });
  await app.register(settingsRoutes, { prefix: '/api', database });

  const webDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : findUp('apps/web/dist');
  await registerWebApp(app, webDist);

  const realtime = await attachRealtime(app.server, {
    allowedOrigins: config.allowedOrigins,
    redisUrl: config.REDIS_URL,
    logger: app.log,
  });
  app.decorate('realtime', realtime);
  app.addHook('preClose', async () => {
    await realtime.close();
  });

  return app;
}

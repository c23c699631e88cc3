import { ClassAccessRepository } from './calls/class-access.ts';
import { CallRoomsRepository } from './calls/call-rooms.ts';
import path from 'node:path';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_DOCS_PATH } from '@atrium/protocol';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config/config.ts';
import type { Database } from './db/database.ts';
import { AuthRepository } from './accounts/auth.repository.ts';
import { features as registry } from './features/index.ts';
import { sharedServices } from './features/feature.ts';
import type { Feature, FeatureDeps } from './features/index.ts';
import { registerAuthGuard } from './http/auth-guard.ts';
import { registerMetrics } from './http/metrics.ts';
import { AccessTokens } from './security/access-tokens.ts';
import { AuditRepository } from './accounts/audit.repository.ts';
import { ErrorCount } from './http/error-count.ts';
import { SanctionsRepository } from './moderation/sanctions.repository.ts';
import { SessionGate } from './moderation/session-gate.ts';
import { resolveJwtSecret } from './security/jwt-secret.ts';
import { MemoryRateLimiter, RedisRateLimiter } from './http/rate-limit.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import { devMailRoutes } from './mail/dev-mail.routes.ts';
import { createOutboxMailer, createSmtpMailer } from './mail/mailer.ts';
import type { Mailer } from './mail/mailer.ts';
import { createClient } from 'redis';
import type { RedisClientType } from 'redis';
import {
  clientErrorHandler,
  DEFAULT_BODY_LIMIT,
  frameworkErrors,
  registerErrorHandling,
} from './http/errors.ts';
import { lazyChildLogger, loggerOptions } from './http/logging.ts';
import { registerSecurityHeaders, registerServerTiming } from './http/security-headers.ts';
import { readPopupAllowlist } from './settings/popup-allowlist.ts';
import { serializerCompiler } from './http/serializer.ts';
import { findUp, SERVER_VERSION } from './paths.ts';
import { attachRealtime } from './realtime/realtime.ts';
import type {
  AtriumServer,
  NamespaceAdmission,
  Realtime,
  SocketFeature,
} from './realtime/realtime.ts';
import { registerWebApp } from './web/web.routes.ts';
import type { MediaServer } from './media/janus/index.ts';
import { remoteChain } from './chain/chain.ts';
import type { ChainAccess } from './chain/chain.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: DestinationStream;
  /** The features to run; the registry's unless a test adds its own. */
  features?: readonly Feature[];
  /** The classroom's media server as it stands now (main.ts connects it after listening). */
  media?: () => MediaServer | null;
  /** Resolves once main.ts's background connection of the media server has settled. */
  mediaSettled?: () => Promise<void>;
  /**
   * The wallet's chain: main.ts hands the local chain in once started; tests pass one they run.
   * Defaults to the remote chain of WALLET=remote, else none.
   */
  chain?: ChainAccess;
  /** The clock of pace rules (darts); tests that check a pace hand in one they move. */
  now?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
    services: AppServices;
  }
}

/** Long-lived infrastructure the features share; exposed on the app for tests. */
export interface AppServices {
  mailer: Mailer;
  limiter: RateLimiter;
}

/** Builds the whole server (HTTP API, docs, web app and socket) without listening. */
export async function buildApp({
  config,
  database,
  logStream,
  features = registry,
  media = () => null,
  mediaSettled = () => Promise.resolve(),
  chain,
  now = () => new Date(),
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, logStream),
    // Each request's logger is built when it first logs, not on every request.
    childLoggerFactory: lazyChildLogger,
    logController: new LogController({
      disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace',
    }),
    // The largest JSON body of a route without its own limit; picture routes set a larger one.
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  registerSecurityHeaders(app, {
    // Members' pages frame the pages a teacher pushes (the pop-up browser's allowlist).
    frameSources: () => readPopupAllowlist(database.db),
  });
  registerServerTiming(app);
  registerMetrics(app, config.METRICS_TOKEN, () => ({
    openSockets: () => realtime.io.of('/').sockets.size,
    // Campus-wide: from Redis when the processes share instances, else this process's own.
    worldInstances: () => shared.world.instances(),
    databasePool: database.poolStats?.bind(database),
  }));

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
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH });

  await app.register(fastifyFormbody, { bodyLimit: DEFAULT_BODY_LIMIT });

  let redis: RedisClientType | undefined;
  if (config.REDIS_URL) {
    redis = createClient({ url: config.REDIS_URL });
    redis.on('error', (err: unknown) => app.log.error({ err }, 'redis error'));
    await redis.connect();
  }
  // Without Redis the limits count on the app's clock, so a test can move it instead of waiting.
  const limiter: RateLimiter = redis
    ? new RedisRateLimiter(redis)
    : new MemoryRateLimiter(() => now().getTime());
  const mailer = config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createOutboxMailer();
  const secret = await resolveJwtSecret(config.JWT_SECRET, database.db);
  const gate = new SessionGate(new SanctionsRepository(database.db), redis, app.log, now);
  await gate.start();
  const tokens = new AccessTokens(secret, (subject, issuedAt) => gate.isRevoked(subject, issuedAt));
  const authRepo = new AuthRepository(database.db);
  app.decorate('services', { mailer, limiter });
  const audit = new AuditRepository(database.db);
  const errors = new ErrorCount(redis, now);
  errors.watch(app);
  app.decorate('auditLog', audit);
  registerAuthGuard(app, tokens);
  // Registered before the features' own onClose hooks, so it runs after them (last in, first out).
  app.addHook('onClose', async () => {
    mailer.close();
    await gate.stop();
    await redis?.quit();
  });

  // Socket parts wait here until the socket server exists, after every route is registered.
  const socketFeatures: SocketFeature[] = [];
  const namespaces: Array<[RegExp, SocketFeature, NamespaceAdmission | undefined]> = [];
  const starts: Array<(io: AtriumServer) => void> = [];
  let realtimeRef: Realtime | null = null;
  const remote = remoteChain(config);
  const walletChain: ChainAccess = config.WALLET === 'off' ? () => null : (chain ?? (() => remote));
  // What features offer each other (the wallet's avatars, the character's looks, the world).
  const shared = sharedServices();
  const deps: FeatureDeps = {
    config,
    database,
    limiter,
    tokens,
    jwtSecret: secret,
    authRepo,
    gate,
    audit,
    errors,
    socket: (feature) => void socketFeatures.push(feature),
    namespace: (name, feature, admit) => void namespaces.push([name, feature, admit]),
    media,
    mediaSettled,
    redis,
    io: () => realtimeRef?.io ?? null,
    callRooms: new CallRoomsRepository(database.db),
    classAccess: new ClassAccessRepository(database.db),
    chain: walletChain,
    mailer,
    whenRealtime: (start) => void starts.push(start),
    now,
    ...shared,
  };
  for (const feature of features) await feature.register(app, deps);
  if (config.NODE_ENV === 'development') await app.register(devMailRoutes, { repo: authRepo });

  const webDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : findUp('apps/web/dist');
  await registerWebApp(app, webDist, {
    embedAncestors: (shareId) => shared.shares.frameAncestors(shareId),
  });

  const realtime = await attachRealtime(app.server, {
    allowedOrigins: config.allowedOrigins,
    redisUrl: config.REDIS_URL,
    redisChannel: config.REDIS_CHANNEL,
    logger: app.log,
    verifyToken: (token) => tokens.verify(token),
    features: socketFeatures,
    limiter,
  });
  realtimeRef = realtime;
  for (const [name, feature, admit] of namespaces) realtime.namespace(name, feature, admit);
  for (const start of starts) start(realtime.io);
  app.decorate('realtime', realtime);
  app.addHook('preClose', async () => {
    // Features reach the server through `deps.io()`: once closing starts it answers null, so a
    // leave that finishes after the sockets dropped does not publish on a Redis client that is
    // quitting (an unhandled "The client is closed" in the classroom mesh test, 1 run in 3).
    realtimeRef = null;
    await realtime.close();
  });

  return app;
}

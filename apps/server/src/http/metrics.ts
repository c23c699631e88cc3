import { timingSafeEqual } from 'node:crypto';
import { ErrorCode, OperationsApi } from '@atrium/protocol';
import type { Failure } from '@atrium/protocol';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { notFound } from './errors.ts';
import { serveRoute } from './route.ts';

/** One world instance as the metrics see it. */
export interface InstanceSize {
  world: string;
  instance: string;
  size: number;
}

/** Read at scrape time, so the metrics module needs no feature code. */
export interface MetricsSources {
  openSockets: () => number;
  /**
   * Every world instance of the campus: with Redis, read from the campus-wide directory, so each
   * process reports the same figures (aggregate them with max, not sum).
   */
  worldInstances: () => Promise<Iterable<InstanceSize>>;
  /** The PostgreSQL pool; undefined on the embedded database, which has none. */
  databasePool?: () => { total: number; idle: number; waiting: number };
}

export const MetricsText = { tokenRequired: 'A valid metrics token is required.' } as const;

/**
 * Prometheus metrics on `/metrics`, behind `Authorization: Bearer <token>`. Without a token the
 * path does not exist (404): the numbers tell an outsider how busy the campus is and which routes
 * are slow. Must be registered before the routes so their timings are observed.
 */
export function registerMetrics(
  app: FastifyInstance,
  token: string | undefined,
  sources: () => MetricsSources,
): void {
  // Without a token nothing is collected either: the per-answer hook cost /api/health a third of
  // its throughput (bench/health.mjs: ratio 0.63 with it, against 0.93 before /metrics existed).
  if (!token) return;
  const registry = new Registry();
  // Its own registry, not prom-client's global one: tests run several apps in one process.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP answers by route pattern, method and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'atrium_open_sockets',
    help: 'Socket.io connections open on this process.',
    registers: [registry],
    collect() {
      this.set(sources().openSockets());
    },
  });
  const instanceCount = new Gauge({
    name: 'atrium_world_instances',
    help: 'World instances with someone in them, per world, campus-wide (the same on every process).',
    labelNames: ['world'] as const,
    registers: [registry],
  });
  const instanceSize = new Gauge({
    name: 'atrium_world_instance_members',
    help: 'People in each world instance, campus-wide (the same on every process).',
    labelNames: ['world', 'instance'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'atrium_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting requests).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = sources().databasePool?.();
      if (!stats) return;
      for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, stats[state]);
    },
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern, never the raw URL, so ids and probes cannot grow the label set without bound.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === OperationsApi.metrics.path) return;
    latency.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  serveRoute(app, OperationsApi.metrics, async (request, reply) => {
    if (!expected) throw notFound();
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      const body: Failure = {
        status: false,
        code: ErrorCode.unauthorized,
        message: MetricsText.tokenRequired,
      };
      return reply.code(401).header('www-authenticate', 'Bearer').send(body);
    }
    // Instances come and go: the gauges are rebuilt so a closed one does not linger.
    instanceCount.reset();
    instanceSize.reset();
    try {
      for (const { world, instance, size } of await sources().worldInstances()) {
        instanceCount.inc({ world });
        instanceSize.set({ world, instance }, size);
      }
    } catch (err) {
      // Redis unreachable: the other metrics still say how this process is doing.
      request.log.warn({ err }, 'world instances left out of the metrics');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

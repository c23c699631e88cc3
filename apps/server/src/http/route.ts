import { FailureSchema, routeFailures } from '@atrium/protocol';
import type { AuditAction, RouteSpec } from '@atrium/protocol';
import type { AuditRepository } from '../accounts/audit.repository.ts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request a route's handler gets: params, query and body as the route's schemas parse them. */
export type RouteRequest<R extends RouteSpec> = FastifyRequest<{
  Params: Out<R['params']>;
  Querystring: Out<R['query']>;
  Body: Out<R['body']>;
}>;

/** A JSON route returns its 200 answer; a route without a response schema sends through `reply`. */
export type RouteResult<R extends RouteSpec> = R['response'] extends z.ZodType
  ? z.input<R['response']> | FastifyReply
  : unknown;

export type RouteHandler<R extends RouteSpec> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<RouteResult<R>>;

/** Fastify's own route options that a registration may add (limits, hooks, per-route config). */
export type RouteExtras = Partial<
  Omit<RouteOptions, 'method' | 'url' | 'schema' | 'handler' | 'path'>
>;

/** The failure statuses a route can answer, each with the spec's envelope, for OpenAPI. */
const failures = (route: RouteSpec) =>
  Object.fromEntries(routeFailures(route).map((status) => [status, FailureSchema]));

/**
 * Registers a contract route: its method, path and schemas come from `@atrium/protocol`, so the
 * server cannot drift from what the web app calls. Validation, serialization and the OpenAPI
 * document use the same zod schemas.
 */
export function serveRoute<R extends RouteSpec>(
  app: FastifyInstance,
  route: R,
  handler: RouteHandler<R>,
  extras: RouteExtras = {},
): void {
  app.route({
    ...extras,
    method: route.method,
    url: route.path,
    schema: {
      tags: [...route.tags],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      ...(route.hidden ? { hide: true } : {}),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body && route.encoding !== 'multipart' ? { body: route.body } : {}),
      response: route.response ? { 200: route.response, ...failures(route) } : failures(route),
    },
    // The typed handler is this route's own; Fastify's handler type is the untyped union.
    handler: (route.audit
      ? audited(app, route.audit, route.encoding === 'multipart', handler)
      : handler) as unknown as RouteHandlerMethod,
  });
}

/** Keys whose values never reach the audit log. */
const SECRET_KEYS = /password|token|secret|key$/i;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      SECRET_KEYS.test(k) ? '[hidden]' : redact(v, depth + 1),
    ]),
  );
}

/**
 * Issue 29: an admin's successful call of a route marked `audit` is written to the audit log
 * (who, the action, the path as called, the address, and what was sent), after the change.
 */
function audited<R extends RouteSpec>(
  app: FastifyInstance,
  action: string,
  /** A file upload: its bytes are not the record; the answer's `data` (what was stored) is. */
  upload: boolean,
  handler: RouteHandler<R>,
): RouteHandler<R> {
  return async (request, reply) => {
    const result = await handler(request, reply);
    const claims = request.auth;
    if (claims?.role === 'admin' && reply.statusCode < 400 && app.auditLog) {
      const target = request.url.split('?')[0] ?? request.url;
      await app.auditLog.write({
        actorId: claims.sub,
        actorName: claims.username,
        action: action as AuditAction,
        targetId: null,
        targetLabel: target,
        address: request.ip,
        after: redact(
          upload
            ? ((result as { data?: unknown } | undefined)?.data ?? null)
            : (request.body ?? null),
        ),
      });
    }
    return result;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 29: the audit log, for routes marked `audit` (absent in tests that build no app). */
    auditLog?: AuditRepository;
  }
}

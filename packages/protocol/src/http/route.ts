import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * How a route's body travels. `json` is the default; `form` is the spec's urlencoded form
 * (`/api/chat/add`), `multipart` a file upload. The client encodes the body accordingly.
 */
export type BodyEncoding = 'json' | 'form' | 'multipart';

/**
 * A failure status a route may answer, always with the spec's failure envelope. 500 is left out:
 * it is never an answer a route means to give.
 */
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 414 | 415 | 429 | 503;

/**
 * One HTTP route of the contract: the server registers it, the web app and the world call it.
 * `path` uses `:name` segments, as Fastify does; `params` must name exactly those segments.
 * A route without `response` answers something other than JSON (a page, an image, a redirect):
 * clients only build its URL with {@link routeUrl}.
 */
export interface RouteSpec {
  readonly method: HttpMethod;
  readonly path: `/${string}`;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly encoding?: BodyEncoding;
  /** The 200 answer. Failures always use the spec's failure envelope. */
  readonly response?: z.ZodType;
  /**
   * The failures the route's own rules send: 401 not signed in, 403 not allowed, 404 not found,
   * 409 taken or in the wrong state, 429 rate-limited, 503 a service it needs is down, and a 400
   * or 413 its rules add beyond the schemas. Left out: it refuses nothing of its own. What the
   * framework sends by the route's shape (bad input, a body too large) {@link routeFailures} adds.
   */
  readonly errors?: readonly FailureStatus[];
  /** OpenAPI grouping, one-line summary and, where the summary is not enough, a description. */
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
  /** Left out of the OpenAPI document (development-only and legacy aliases). */
  readonly hidden?: boolean;
  /**
   * Issue 29: an admin's call that succeeds is written to the audit log under this action, with
   * the path and what was sent (the console's own routes write richer entries themselves).
   */
  readonly audit?: string;
}

/**
 * Every failure status a route can answer: its own {@link RouteSpec.errors} and those the server
 * sends by the route's shape. Input that fails a schema, or a malformed body, is a 400; a path
 * segment that cannot be decoded a 400, one past the router's length a 414; a method that carries
 * a body can meet the body limit (413) and a content type it does not take (415).
 */
export function routeFailures(
  route: Pick<RouteSpec, 'method' | 'params' | 'query' | 'body' | 'errors'>,
): FailureStatus[] {
  const statuses = new Set<FailureStatus>(route.errors);
  const carriesBody = route.method !== 'GET';
  if (route.params || route.query || route.body || carriesBody) statuses.add(400);
  if (route.params) statuses.add(414);
  if (carriesBody) {
    statuses.add(413);
    statuses.add(415);
  }
  return [...statuses].sort((a, b) => a - b);
}

/** Declares a route; the identity function, so the literal types are kept for the client. */
export const defineRoute = <const R extends RouteSpec>(route: R): R => route;

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : never;

/** What a caller passes for a route's `:params`, query string and body (before validation). */
export type RouteParams<R extends RouteSpec> = InputOf<R['params']>;
export type RouteQuery<R extends RouteSpec> = InputOf<R['query']>;
export type RouteBody<R extends RouteSpec> = InputOf<R['body']>;
/** What the route answers with status 200, as parsed by its schema. */
export type RouteResponse<R extends RouteSpec> = OutputOf<R['response']>;

/** A route's call input: each part present exactly when the route declares it. */
export type RouteInput<R extends RouteSpec> = (R['params'] extends z.ZodType
  ? { params: RouteParams<R> }
  : { params?: never }) &
  (R['query'] extends z.ZodType ? { query: RouteQuery<R> } : { query?: never }) &
  (R['body'] extends z.ZodType
    ? { body: R['encoding'] extends 'multipart' ? FormData : RouteBody<R> }
    : { body?: never });

/** Whether a route needs any input at all (so `call(route)` may leave it out). */
export type RouteNeedsInput<R extends RouteSpec> = R['params'] extends z.ZodType
  ? true
  : R['query'] extends z.ZodType
    ? true
    : R['body'] extends z.ZodType
      ? true
      : false;

type Scalar = string | number | boolean | null | undefined;

/**
 * The path with its `:name` segments filled in (each value URI-encoded). Throws when a segment
 * has no value: a missing id is a programming error, never a request to `/api/x/undefined`.
 */
export function routePath(route: Pick<RouteSpec, 'path'>, params?: object): string {
  const values = (params ?? {}) as Record<string, Scalar>;
  return route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`routePath: ${route.path} needs :${name}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** The path and, when given, its query string (undefined and null values are left out). */
export function routeUrl(
  route: Pick<RouteSpec, 'path'>,
  input: { params?: object; query?: object } = {},
): string {
  const path = routePath(route, input.params);
  if (!input.query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query as Record<string, Scalar>)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** The `:name` segments of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] ?? '');
}

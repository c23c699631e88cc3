import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * How a route's body travels. `json` is the default; `form` is the spec's urlencoded form
 * (`/api/chat/add`), `multipart` a file upload. The client encodes the body accordingly.
 */
export type BodyEncoding = 'json' | 'form' | 'multipart';

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
  /** OpenAPI grouping and one-line description. */
  readonly tags: readonly string[];
  readonly summary: string;
  /** Left out of the OpenAPI document (development-only and legacy aliases). */
  readonly hidden?: boolean;
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

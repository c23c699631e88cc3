import { CommonText, FailureSchema, routeUrl } from '@atrium/protocol';
import type { RouteInput, RouteNeedsInput, RouteResponse, RouteSpec } from '@atrium/protocol';

/** A failed API call: the server's `message` when it sent one, else the spec's unknown-error text. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer (offline, aborted). */
  readonly status: number;
  /** The `code` of the failure envelope, when present. */
  readonly code: string | undefined;
  /** The server's own `message`, or null when the answer carried none. */
  readonly serverMessage: string | null;

  constructor(
    status: number,
    serverMessage: string | null,
    options: { code?: string; cause?: unknown } = {},
  ) {
    super(serverMessage ?? CommonText.unknownError, { cause: options.cause });
    this.status = status;
    this.code = options.code;
    this.serverMessage = serverMessage;
  }
}

/** The message to show for any error: the server's words for an ApiError, else `fallback`. */
export function errorMessage(error: unknown, fallback: string = CommonText.unknownError): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  fetch: FetchLike;
  /** The access token to send as `Authorization: Bearer`, read at call time. */
  getToken?: () => string | null;
}

/** Anything with zod's `safeParse` (every protocol schema), so the web app needs no zod import. */
export interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/** A contract route with a JSON answer: the only kind `call` accepts. */
export type JsonRoute = RouteSpec & { response: NonNullable<RouteSpec['response']> };

/** Per-call options besides the route's own input. */
export interface CallOptions {
  /** Sends the bearer token when one is known (default true). */
  auth?: boolean;
  /** Sends this bearer token instead of the session's (the embed frame's own session). */
  token?: string;
  /** Lets the request outlive the page (a stream slot given back as the page unloads). */
  keepalive?: boolean;
}

/** The arguments after the route: its input (required when it has params, query or body). */
export type CallArgs<R extends RouteSpec> =
  RouteNeedsInput<R> extends true
    ? [input: RouteInput<R>, options?: CallOptions]
    : [input?: RouteInput<R>, options?: CallOptions];

export interface ApiClient {
  /** Calls a route of the contract (`@atrium/protocol`'s `*Api`); the answer is parsed and typed. */
  call<R extends JsonRoute>(route: R, ...args: CallArgs<R>): Promise<RouteResponse<R>>;
  /**
   * GETs a file that only its owner may read (an album image) with the bearer token, which an
   * `<img>` cannot send; rejects with an ApiError when the answer is not a success.
   */
  blob(path: string, signal?: AbortSignal): Promise<Blob>;
}

/** Encodes a body as its route says: JSON by default, a urlencoded form, or multipart as given. */
function encodeBody(
  encoding: RouteSpec['encoding'],
  body: unknown,
): { body: BodyInit; contentType: string | null } {
  if (encoding === 'multipart') return { body: body as FormData, contentType: null };
  if (encoding === 'form') {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(body as Record<string, string | number | boolean>)) {
      form.append(key, String(value));
    }
    return { body: form, contentType: 'application/x-www-form-urlencoded' };
  }
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A tiny typed JSON client for the spec's envelope: success answers are parsed with the shared
 * protocol schema; anything else throws an ApiError carrying the server's `message`.
 */
export function createApiClient({ fetch, getToken }: ApiClientOptions): ApiClient {
  const send = async <T>(
    path: string,
    method: RouteSpec['method'],
    body: unknown,
    encoding: RouteSpec['encoding'],
    schema: Schema<T>,
    options: CallOptions,
  ): Promise<T> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    const encoded = body === undefined ? null : encodeBody(encoding, body);
    if (encoded?.contentType) headers['content-type'] = encoded.contentType;
    const token = options.token ?? ((options.auth ?? true) ? getToken?.() : null);
    if (token) headers.authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: encoded?.body,
        // The refresh token is an httpOnly cookie on our own origin.
        credentials: 'same-origin',
        ...(options.keepalive ? { keepalive: true } : {}),
      });
    } catch (error) {
      throw new ApiError(0, null, { cause: error });
    }

    const payload = await readJson(response);
    if (!response.ok) {
      const failure = FailureSchema.safeParse(payload);
      throw failure.success
        ? new ApiError(response.status, failure.data.message || null, {
            code: failure.data.code,
          })
        : new ApiError(response.status, null);
    }
    const parsed = schema.safeParse(payload);
    if (parsed.success) return parsed.data;
    // A 200 with `status: false` is still a failure in the spec's envelope.
    const failure = FailureSchema.safeParse(payload);
    if (failure.success) {
      throw new ApiError(response.status, failure.data.message || null, {
        code: failure.data.code,
      });
    }
    throw new ApiError(response.status, null, { cause: parsed.error });
  };
  return {
    async blob(path, signal) {
      const token = getToken?.();
      let response: Response;
      try {
        response = await fetch(path, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
          credentials: 'same-origin',
          signal,
        });
      } catch (error) {
        throw new ApiError(0, null, { cause: error });
      }
      if (!response.ok) throw new ApiError(response.status, null);
      return response.blob();
    },
    call(route, ...[input, options]) {
      const { params, query, body } = (input ?? {}) as {
        params?: object;
        query?: object;
        body?: unknown;
      };
      return send(
        routeUrl(route, { params, query }),
        route.method,
        body,
        route.encoding,
        route.response as Schema<RouteResponse<typeof route>>,
        options ?? {},
      );
    },
  };
}

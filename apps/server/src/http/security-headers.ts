import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_DOCS_PATH, API_PREFIX } from '@atrium/protocol';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';

/** Content Security Policy: no inline scripts anywhere. */
const options: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      // Video links in articles play on YouTube's privacy-enhanced host (SPEC §5). The pages a
      // teacher may push (the pop-up browser's allowlist) are added per answer, see `frameSources`.
      frameSrc: ["'self'", 'https://www.youtube-nocookie.com'],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * Runs helmet's middleware once against a recording response and returns the headers it set.
 * Our policy has no per-request parts (no nonces), so the result is the same for every request;
 * running helmet per request cost more than half of a small route's throughput.
 */
export function computeSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let error: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    error = err;
  });
  if (error) throw new Error('helmet rejected the security header options', { cause: error });
  return headers;
}

/**
 * Headers for JSON API answers, which no browser renders as a page: the short set OWASP's REST
 * cheat sheet recommends. Sending the whole page set on every small JSON answer cost about a
 * fifth of the API's throughput, mostly in writing the bytes.
 */
export const apiSecurityHeaders: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

const API_ROOT = `${API_PREFIX}/`;

/** Whether a path is an API answer (JSON), rather than a page, an asset or the API docs UI. */
export function isApiPath(url: string): boolean {
  return url.startsWith(API_ROOT) && !url.startsWith(API_DOCS_PATH);
}

/** The Player SDK bundles, which other sites' pages load as a script or a module. */
export const isSdkPath = (url: string): boolean => url.startsWith('/sdk/');

export interface SecurityHeaderOptions {
  /**
   * More origins the pages may frame (`frame-src`): the pop-up browser's allowlist, whose pages a
   * teacher pushes into a frame of whatever page the members are on. Called for each page answer,
   * so it should answer from a cache; when it fails, pages frame only the fixed sources.
   */
  frameSources?: () => Promise<readonly string[]>;
}

/** The page set with `sources` added to `frame-src`; the last answer is reused while they hold. */
function withFrameSources(pageHeaders: Record<string, string>) {
  let last = { key: '', headers: pageHeaders };
  return (sources: readonly string[]): Record<string, string> => {
    const key = sources.join(' ');
    if (key === '') return pageHeaders;
    if (key === last.key) return last.headers;
    const csp = pageHeaders['content-security-policy']!.replace(
      /frame-src [^;]*/,
      (directive) => `${directive} ${key}`,
    );
    last = { key, headers: { ...pageHeaders, 'content-security-policy': csp } };
    return last.headers;
  };
}

/** Adds the precomputed security headers to every response: the API set or the page set. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  { frameSources }: SecurityHeaderOptions = {},
): void {
  const pageHeaders = computeSecurityHeaders();
  // Cross-origin loading allowed (CORP for a script, CORS for a module); nothing else differs.
  const sdkHeaders = {
    ...pageHeaders,
    'cross-origin-resource-policy': 'cross-origin',
    'access-control-allow-origin': '*',
  };
  const framing = withFrameSources(pageHeaders);
  // A callback hook, not an async one: API answers, the busy path, wait for no promise.
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    const fixed = isApiPath(url) ? apiSecurityHeaders : isSdkPath(url) ? sdkHeaders : undefined;
    if (fixed || !frameSources) {
      reply.headers(fixed ?? pageHeaders);
      done();
      return;
    }
    void frameSources()
      .catch(() => [])
      .then((sources) => {
        reply.headers(framing(sources));
        done();
      });
  });
}

/**
 * `Server-Timing: app;dur=…` on API answers: the milliseconds from the request's arrival to its
 * answer being ready (handler and serialisation), for browser dev tools and the benchmarks.
 */
export function registerServerTiming(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url)) {
      reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
    }
    done(null, payload);
  });
}

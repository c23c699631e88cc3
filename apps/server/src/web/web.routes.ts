import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, AppRoute, CommonText, ErrorCode, PagesApi } from '@atrium/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serveRoute } from '../http/route.ts';

/**
 * Serves the built web app: the spec's page routes answer with the app shell, hashed assets are
 * cached for a year, and any other page path gets the app's own 404 page with status 404.
 */
export interface WebAppOptions {
  /**
   * The origins that may frame `/embed/{shareId}` besides this server, or `null` for an unknown
   * share (then the page still loads, anywhere, so it can tell its host the share is unknown).
   */
  embedAncestors?: (shareId: string) => Promise<readonly string[] | null>;
}

const SHARE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | undefined,
  options: WebAppOptions = {},
): Promise<void> {
  const shell = webDist
    ? await readFile(path.join(webDist, 'index.html'), 'utf8').catch(() => undefined)
    : undefined;
  if (!webDist || shell === undefined) {
    app.log.warn('web app is not built; run `npm run build` to serve pages');
  } else {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const sendShell = (reply: FastifyReply, statusCode: number) =>
    reply
      .code(statusCode)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(shell);

  for (const route of Object.values(AppRoute)) {
    app.get(route, { schema: { hide: true } }, (_request, reply) =>
      shell === undefined ? reply.callNotFound() : sendShell(reply, 200),
    );
  }

  // The embed frame: framed by its share's allowed hosts (SPEC §2 Player SDK embedding).
  serveRoute(app, PagesApi.embed, async (request, reply) => {
    if (shell === undefined) return reply.callNotFound();
    const { shareId } = request.params;
    const ancestors = SHARE_ID.test(shareId)
      ? ((await options.embedAncestors?.(shareId)) ?? null)
      : null;
    const sources = ancestors === null ? ['*'] : ["'self'", ...ancestors];
    const csp = String(reply.getHeader('content-security-policy') ?? '')
      .replace(/frame-ancestors [^;]*/, `frame-ancestors ${sources.join(' ')}`)
      // The host may show its own picture before the world starts (SDK `setThumbnailUrl`).
      .replace(/img-src [^;]*/, (directive) => `${directive} https:`);
    reply.removeHeader('x-frame-options');
    reply.header('content-security-policy', csp);
    return sendShell(reply, ancestors === null ? 404 : 200);
  });

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      shell !== undefined &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith(`${API_PREFIX}/`) &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return sendShell(reply, 404);
    return reply
      .code(404)
      .send({ status: false, code: ErrorCode.notFound, message: CommonText.notFound });
  });
}

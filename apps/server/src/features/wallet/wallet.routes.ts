import { WalletApi, WalletText } from '@atrium/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { notFound, tooManyRequests } from '../../http/errors.ts';
import { serveRoute } from '../../http/route.ts';
import type { ChainAccess } from '../../chain/chain.ts';
import { proxyChainRpc } from './wallet.rpc.ts';
import type { WalletService } from './wallet.service.ts';

/** Nonces one account may ask for per minute. */
const NONCE_LIMIT = 30;
/** JSON-RPC requests one address may send the local chain per minute (a wallet polls receipts). */
const RPC_LIMIT = 1200;

/**
 * The site's origin as this request reached it, when that is one of the allowed origins (the
 * campus opened on 127.0.0.1 rather than localhost); else PUBLIC_URL's. Never a Host header the
 * configuration does not list.
 */
export function siteOrigin(request: FastifyRequest, config: Config): string {
  const here = `${request.protocol}://${request.host}`.toLowerCase();
  return (
    config.allowedOrigins.find((origin) => origin === here) ?? new URL(config.publicUrl).origin
  );
}

export function walletRoutes(
  app: FastifyInstance,
  {
    config,
    service,
    limiter,
    chain,
  }: {
    config: Config;
    service: WalletService;
    limiter: RateLimiter;
    chain: ChainAccess;
  },
): void {
  serveRoute(app, WalletApi.config, async (request) => ({
    status: true as const,
    data: await service.walletConfig(siteOrigin(request, config)),
  }));

  serveRoute(app, WalletApi.catalogue, async () => ({
    status: true as const,
    data: await service.catalogue(),
  }));

  serveRoute(app, WalletApi.metadata, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return service.metadata(request.params.id);
  });

  serveRoute(app, WalletApi.nonce, async (request) => {
    if (request.auth && request.auth.role !== 'guest') {
      const hit = await limiter.hit(`siwe-nonce:${request.auth.sub}`, 60_000, NONCE_LIMIT);
      if (!hit.allowed) throw tooManyRequests(WalletText.tooManyRequests, hit.retryAfterMs);
    }
    return {
      status: true as const,
      data: await service.issueNonce(request.auth, siteOrigin(request, config)),
    };
  });

  serveRoute(app, WalletApi.link, async (request) => ({
    status: true as const,
    message: WalletText.linked,
    data: await service.link(request.auth, request.body),
  }));

  serveRoute(app, WalletApi.unlink, async (request) => {
    await service.unlink(request.auth);
    return { status: true as const, message: WalletText.unlinked };
  });

  serveRoute(app, WalletApi.holdings, async (request) => ({
    status: true as const,
    data: await service.holdings(request.auth),
  }));

  serveRoute(app, WalletApi.rpc, async (request, reply) => {
    if (config.WALLET !== 'local') throw notFound(WalletText.walletOff);
    const hit = await limiter.hit(`chain-rpc:${request.ip}`, 60_000, RPC_LIMIT);
    if (!hit.allowed) throw tooManyRequests(WalletText.tooManyRequests, hit.retryAfterMs);
    const answer = await proxyChainRpc(chain(), request.body, () => service.audience());
    return reply.code(answer.status).type('application/json').send(answer.body);
  });
}

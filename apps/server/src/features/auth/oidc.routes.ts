import { AdminText, AppRoute, AuthApi, AuthCookiePath, AuthText } from '@atrium/protocol';
import type { ProviderSignIn } from '@atrium/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clearCookie, readCookie, setCookie, signValue, unsignValue } from '../../http/cookies.ts';
import { AppError, unauthorized } from '../../http/errors.ts';
import { serveRoute } from '../../http/route.ts';
import { OidcStateSchema } from './oidc.service.ts';
import type { OidcService } from './oidc.service.ts';
import type { SessionCookies } from './session-cookie.ts';

const STATE_COOKIE = 'atrium_oidc';

export interface OidcRoutesOptions {
  oidc: OidcService;
  cookies: SessionCookies;
  secureCookies: boolean;
  /** Signs the short-lived sign-in state cookie. */
  cookieSecret: string;
}

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ') || header.length < 8)
    throw unauthorized(AuthText.providerFailed);
  return header.slice(7).trim();
}

/** Provider sign-in: the button list, the code flow, and the spec's google/facebook endpoints. */
export function oidcRoutes(
  app: FastifyInstance,
  { oidc, cookies, secureCookies, cookieSecret }: OidcRoutesOptions,
): void {
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies,
    path: AuthCookiePath.oidcState,
  };

  serveRoute(app, AuthApi.providers, async () => ({ status: true as const, data: oidc.list() }));

  serveRoute(app, AuthApi.oidcStart, async (request, reply) => {
    const { url, state } = await oidc.start(request.params.provider);
    setCookie(reply, STATE_COOKIE, signValue(JSON.stringify(state), cookieSecret), {
      ...cookieOptions,
      maxAge: 600,
    });
    return reply.redirect(url);
  });

  serveRoute(app, AuthApi.oidcCallback, async (request, reply) => {
    const raw = readCookie(request, STATE_COOKIE);
    const unsigned = raw ? unsignValue(raw, cookieSecret) : undefined;
    let saved;
    try {
      saved = unsigned ? OidcStateSchema.parse(JSON.parse(unsigned)) : undefined;
    } catch {
      saved = undefined;
    }
    clearCookie(reply, STATE_COOKIE, cookieOptions);
    const callbackUrl = new URL(
      `${oidc.redirectUri(request.params.provider)}?${request.url.split('?')[1] ?? ''}`,
    );
    try {
      const session = await oidc.callback(request.params.provider, callbackUrl, saved);
      cookies.send(reply, session);
      return reply.redirect(`${AppRoute.home}?signin=ok`);
    } catch (err) {
      request.log.warn({ err }, 'provider sign-in failed');
      return reply.redirect(`${AppRoute.home}?signin=${signInRefusal(err)}`);
    }
  });

  serveRoute(app, AuthApi.google, async (request, reply) =>
    cookies.send(reply, await oidc.withIdToken('google', bearer(request))),
  );

  serveRoute(app, AuthApi.facebook, async (request, reply) =>
    cookies.send(reply, await oidc.withAccessToken('facebook', bearer(request))),
  );
}

/**
 * What the page is told after a refused provider sign-in: a code, never the message itself (a
 * text in the address could be forged by anyone who sends a link). The page shows the code's text.
 */
function signInRefusal(err: unknown): ProviderSignIn {
  if (!(err instanceof AppError)) return 'error';
  const startOf = (text: string) => text.split('{')[0] ?? text;
  if (err.message === AdminText.registrationClosed) return 'closed';
  if (err.message.startsWith(startOf(AdminText.registrationDomain))) return 'domain';
  if (err.message.startsWith(startOf(AdminText.youAreBannedForGood).replace(/\.$/, ''))) {
    return 'banned';
  }
  return 'error';
}

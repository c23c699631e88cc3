import {
  AuthText,
  FailureSchema,
  OidcProvidersResponseSchema,
  SessionResponseSchema,
} from '@atrium/protocol';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearCookie, readCookie, setCookie, signValue, unsignValue } from '../../http/cookies.ts';
import { unauthorized } from '../../http/errors.ts';
import { OidcStateSchema } from './oidc.service.ts';
import type { OidcService } from './oidc.service.ts';
import type { SessionCookies } from './session-cookie.ts';

const STATE_COOKIE = 'atrium_oidc';
const ProviderParamsSchema = z.strictObject({ provider: z.string().regex(/^[a-z0-9-]{1,32}$/) });
const failures = { 400: FailureSchema, 401: FailureSchema, 403: FailureSchema, 404: FailureSchema };

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
export const oidcRoutes: FastifyPluginAsyncZod<OidcRoutesOptions> = async (
  app,
  { oidc, cookies, secureCookies, cookieSecret },
) => {
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies,
    path: '/api/auth/oidc',
  };

  app.get(
    '/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Configured sign-in providers',
        response: { 200: OidcProvidersResponseSchema },
      },
    },
    async () => ({ status: true as const, data: oidc.list() }),
  );

  app.get(
    '/auth/oidc/:provider/start',
    {
      schema: {
        tags: ['auth'],
        summary: 'Redirect to the provider (authorization code + PKCE)',
        params: ProviderParamsSchema,
        response: failures,
      },
    },
    async (request, reply) => {
      const { url, state } = await oidc.start(request.params.provider);
      setCookie(reply, STATE_COOKIE, signValue(JSON.stringify(state), cookieSecret), {
        ...cookieOptions,
        maxAge: 600,
      });
      return reply.redirect(url);
    },
  );

  app.get(
    '/auth/oidc/:provider/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Provider callback; signs in and returns to the home page',
        params: ProviderParamsSchema,
      },
    },
    async (request, reply) => {
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
        return reply.redirect('/?signin=ok');
      } catch (err) {
        request.log.warn({ err }, 'provider sign-in failed');
        return reply.redirect('/?signin=error');
      }
    },
  );

  // The spec sends type=facebook in the body; an empty POST body arrives as null.
  const TypeBodySchema = z.strictObject({ type: z.string().max(32).optional() }).nullish();

  app.post(
    '/auth/google',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Google ID token (Authorization: Bearer)',
        body: TypeBodySchema,
        response: { 200: SessionResponseSchema, ...failures },
      },
    },
    async (request, reply) =>
      cookies.send(reply, await oidc.withIdToken('google', bearer(request))),
  );

  app.post(
    '/auth/facebook',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Facebook access token (Authorization: Bearer; type=facebook)',
        body: TypeBodySchema,
        response: { 200: SessionResponseSchema, ...failures },
      },
    },
    async (request, reply) =>
      cookies.send(reply, await oidc.withAccessToken('facebook', bearer(request))),
  );
};

import type {} from '@fastify/cookie';
import { AuthText } from '@atrium/protocol';
import type { SessionResponse } from '@atrium/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from './auth.service.ts';

export const REFRESH_COOKIE = 'atrium_refresh';
const REFRESH_COOKIE_PATH = '/api/auth';
const REFRESH_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/** Writes sessions as the spec's answer plus the httpOnly refresh cookie, and clears it. */
export function sessionCookies(secure: boolean) {
  const options = { httpOnly: true, sameSite: 'lax' as const, secure, path: REFRESH_COOKIE_PATH };
  return {
    send(
      reply: FastifyReply,
      session: Session,
      message: string = AuthText.loggedIn,
    ): SessionResponse {
      if (session.refreshToken) {
        void reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
          ...options,
          maxAge: REFRESH_COOKIE_MAX_AGE_S,
        });
      }
      return { status: true, message, token: session.token, data: session.user };
    },
    clear: (reply: FastifyReply): void => {
      void reply.clearCookie(REFRESH_COOKIE, options);
    },
  };
}
export type SessionCookies = ReturnType<typeof sessionCookies>;

/**
 * Reads one cookie. The cookie plugin runs with `hook: false` (parsing every request's cookies
 * cost throughput on routes that never read them), so the few routes that need one parse here.
 */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  return header ? request.server.parseCookie(header)[name] : undefined;
}

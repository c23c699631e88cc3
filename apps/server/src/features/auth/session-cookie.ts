import { AuthCookiePath, AuthText } from '@atrium/protocol';
import type { SessionResponse } from '@atrium/protocol';
import type { FastifyReply } from 'fastify';
import { clearCookie, setCookie } from '../../http/cookies.ts';
import { DAY, inSeconds } from '../../lib/time.ts';
import type { Session } from './auth.service.ts';

export const REFRESH_COOKIE = 'atrium_refresh';
const REFRESH_COOKIE_MAX_AGE_S = inSeconds(30 * DAY);
/**
 * Issue 29: the account last signed in with this browser, kept after sign-out, so guest entry
 * is refused to a browser whose account is banned. Unsigned on purpose: it can only ever make
 * the server refuse more (a forged one refuses its forger), and a fresh browser is a fresh
 * start, as it is on every campus; an admin bans a network address for more.
 */
export const ACCOUNT_COOKIE = 'atrium_account';
const ACCOUNT_COOKIE_MAX_AGE_S = inSeconds(365 * DAY);

/** Writes sessions as the spec's answer plus the httpOnly refresh cookie, and clears it. */
export function sessionCookies(secure: boolean) {
  const options = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    path: AuthCookiePath.refresh,
  };
  return {
    send: (
      reply: FastifyReply,
      session: Session,
      message: string = AuthText.loggedIn,
    ): SessionResponse => {
      if (session.refreshToken) {
        setCookie(reply, REFRESH_COOKIE, session.refreshToken, {
          ...options,
          maxAge: REFRESH_COOKIE_MAX_AGE_S,
        });
        setCookie(reply, ACCOUNT_COOKIE, session.user._id, {
          ...options,
          maxAge: ACCOUNT_COOKIE_MAX_AGE_S,
        });
      }
      return { status: true, message, token: session.token, data: session.user };
    },
    clear: (reply: FastifyReply): void => clearCookie(reply, REFRESH_COOKIE, options),
  };
}
export type SessionCookies = ReturnType<typeof sessionCookies>;

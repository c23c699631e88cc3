import { AuthApi, AuthText } from '@atrium/protocol';
import type { FastifyInstance } from 'fastify';
import { readCookie } from '../../http/cookies.ts';
import { serveRoute } from '../../http/route.ts';
import type { AuthService } from './auth.service.ts';
import { ACCOUNT_COOKIE, REFRESH_COOKIE } from './session-cookie.ts';
import type { SessionCookies } from './session-cookie.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  cookies: SessionCookies;
}

/** SPEC §7 `AuthApi`: thin handlers over AuthService. */
export function authRoutes(app: FastifyInstance, { auth, cookies }: AuthRoutesOptions): void {
  serveRoute(app, AuthApi.login, async (request, reply) => {
    const session = await auth.login(request.body.username, request.body.password, request.ip);
    return cookies.send(reply, session, AuthText.loggedIn);
  });

  serveRoute(app, AuthApi.guest, async (request, reply) =>
    cookies.send(
      reply,
      await auth.guest(request.ip, readCookie(request, ACCOUNT_COOKIE)),
      AuthText.guestWelcome,
    ),
  );

  serveRoute(app, AuthApi.refresh, async (request, reply) => {
    try {
      const session = await auth.refresh(readCookie(request, REFRESH_COOKIE));
      return cookies.send(reply, session, AuthText.loggedIn);
    } catch (err) {
      cookies.clear(reply);
      throw err;
    }
  });

  serveRoute(app, AuthApi.logout, async (request, reply) => {
    await auth.logout(readCookie(request, REFRESH_COOKIE));
    cookies.clear(reply);
    return { status: true as const, message: AuthText.loggedOut };
  });

  serveRoute(app, AuthApi.register, async (request) => {
    await auth.register(request.body, request.ip);
    return { status: true as const, message: AuthText.registered };
  });

  serveRoute(app, AuthApi.activate, async (request) => {
    const { alreadyActive } = await auth.activate(request.body.token);
    return {
      status: true as const,
      result: 'OK' as const,
      already_active: alreadyActive,
      message: alreadyActive ? AuthText.alreadyActive : AuthText.activated,
    };
  });

  serveRoute(app, AuthApi.forgotPassword, async (request) => {
    await auth.forgotPassword(request.body.email, request.body.recovery_url, request.ip);
    return { status: true as const, message: AuthText.forgotSent };
  });

  serveRoute(app, AuthApi.recoverPassword, async (request) => {
    await auth.recoverPassword(request.body.token, request.body.new_password);
    return { status: true as const, message: AuthText.recovered };
  });
}

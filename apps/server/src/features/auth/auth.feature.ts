import type { Feature } from '../feature.ts';
import { authRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import { oidcRoutes } from './oidc.routes.ts';
import { OidcService } from './oidc.service.ts';
import { sessionCookies } from './session-cookie.ts';

export const authFeature: Feature = {
  name: 'auth',
  async register(app, { config, authRepo, tokens, limiter, mailer, jwtSecret, gate }) {
    const auth = new AuthService({
      repo: authRepo,
      tokens,
      limiter,
      mailer,
      allowedOrigins: config.allowedOrigins,
      publicUrl: config.publicUrl,
      log: app.log,
      gate,
    });
    // Mail started in the background (forgot-password) is sent before the mailer closes.
    app.addHook('onClose', () => auth.flush());
    app.decorate('authService', auth);
    const secureCookies = config.publicUrl.startsWith('https:');
    const cookies = sessionCookies(secureCookies);
    const oidc = new OidcService(config.OIDC_PROVIDERS, config.publicUrl, authRepo, auth, app.log);
    authRoutes(app, { auth, cookies });
    oidcRoutes(app, {
      oidc,
      cookies,
      secureCookies,
      // The access-token secret also signs the short-lived provider sign-in state cookie.
      cookieSecret: jwtSecret,
    });
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-in, registration and password mail, for tests (`flush` waits for background mail). */
    authService: AuthService;
  }
}

import type { Feature } from '../feature.ts';
import { authRoutes } from './auth.routes.ts';
import { oidcRoutes } from './oidc.routes.ts';
import { OidcService } from './oidc.service.ts';
import { sessionCookies } from './session-cookie.ts';

export const authFeature: Feature = {
  name: 'auth',
  async register(app, { config, authRepo, jwtSecret }) {
    // Built once by the app (the mailer and limiter are shared); see AppServices in app.ts.
    const { auth } = app.services;
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

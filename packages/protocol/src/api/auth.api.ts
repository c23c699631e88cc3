import { OkMessageSchema } from '../envelope.ts';
import { defineRoute } from '../http/route.ts';
import {
  ActivateRequestSchema,
  ActivateResponseSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  OidcProviderParamsSchema,
  OidcProvidersResponseSchema,
  ProviderTokenBodySchema,
  RecoverPasswordRequestSchema,
  RegisterRequestSchema,
  SessionResponseSchema,
} from '../auth.ts';

const tags = ['auth'] as const;

/**
 * Accounts and sessions: SPEC §7 `/api/auth*`, and sign-in through providers (OpenID Connect,
 * plus the spec's Google and Facebook token endpoints).
 */
export const AuthApi = {
  login: defineRoute({
    method: 'POST',
    path: '/api/auth',
    body: LoginRequestSchema,
    response: SessionResponseSchema,
    tags,
    errors: [401, 403, 429],
    summary: 'Log in with username (or email) and password',
  }),
  guest: defineRoute({
    method: 'POST',
    path: '/api/auth/guest',
    response: SessionResponseSchema,
    tags,
    errors: [403],
    summary: 'Enter as a guest (refused to a banned network address)',
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/api/auth/refresh-token',
    response: SessionResponseSchema,
    tags,
    errors: [401],
    summary: 'Rotate the refresh cookie and get a new access token',
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    response: OkMessageSchema,
    tags,
    errors: [],
    summary: 'Revoke the refresh cookie',
  }),
  register: defineRoute({
    method: 'POST',
    path: '/api/auth/register',
    body: RegisterRequestSchema,
    response: OkMessageSchema,
    tags,
    errors: [403, 409, 429],
    summary: 'Create an account and mail its activation link',
  }),
  activate: defineRoute({
    method: 'POST',
    path: '/api/auth/activate',
    body: ActivateRequestSchema,
    response: ActivateResponseSchema,
    tags,
    errors: [],
    summary: 'Activate an account with the mailed token',
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: ForgotPasswordRequestSchema,
    response: OkMessageSchema,
    tags,
    errors: [429],
    summary: 'Mail a password recovery link (same answer for unknown emails)',
  }),
  recoverPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/recover-password',
    body: RecoverPasswordRequestSchema,
    response: OkMessageSchema,
    tags,
    errors: [],
    summary: 'Set a new password with the mailed token',
  }),
  providers: defineRoute({
    method: 'GET',
    path: '/api/auth/providers',
    response: OidcProvidersResponseSchema,
    tags,
    errors: [],
    summary: 'Configured sign-in providers',
  }),
  /** A full-page navigation: redirects to the provider. */
  oidcStart: defineRoute({
    method: 'GET',
    path: '/api/auth/oidc/:provider/start',
    params: OidcProviderParamsSchema,
    tags,
    errors: [404],
    summary: 'Redirect to the provider (authorization code + PKCE)',
  }),
  /** The provider sends the browser here; it redirects home with `?signin=ok|error`. */
  oidcCallback: defineRoute({
    method: 'GET',
    path: '/api/auth/oidc/:provider/callback',
    params: OidcProviderParamsSchema,
    tags,
    errors: [],
    summary: 'Provider callback; signs in and returns to the home page',
  }),
  google: defineRoute({
    method: 'POST',
    path: '/api/auth/google',
    body: ProviderTokenBodySchema,
    response: SessionResponseSchema,
    tags,
    errors: [401, 403, 404],
    summary: 'Sign in with a Google ID token (Authorization: Bearer)',
  }),
  facebook: defineRoute({
    method: 'POST',
    path: '/api/auth/facebook',
    body: ProviderTokenBodySchema,
    response: SessionResponseSchema,
    tags,
    errors: [401, 403, 404],
    summary: 'Sign in with a Facebook access token (Authorization: Bearer; type=facebook)',
  }),
} as const;

/** The paths the session cookies are scoped to, so they travel with these routes only. */
export const AuthCookiePath = {
  /** The refresh cookie: every `/api/auth…` route (refresh-token and logout read it). */
  refresh: '/api/auth',
  /** The provider sign-in state: the `/api/auth/oidc/…` callback reads it. */
  oidcState: '/api/auth/oidc',
} as const;

import {
  ActivateResponseSchema,
  AppRoute,
  OidcProvidersResponseSchema,
  OkMessageSchema,
  SessionResponseSchema,
  UpdateUserResponseSchema,
  WhoAmIResponseSchema,
  type LoginRequest,
  type RegisterRequest,
} from '@atrium/protocol';
import { useMemo } from 'react';
import type { ApiClient } from '../../shared/api/client.ts';
import { useSessionStore } from '../../shared/session/SessionContext.tsx';

export { ApiError, errorMessage } from '../../shared/api/client.ts';
export { inFlight } from '../../shared/api/inFlight.ts';

/** Keys of the in-flight guard for the accounts actions. */
export const AuthAction = {
  login: 'auth:login',
  guest: 'auth:guest',
  register: 'auth:register',
  forgot: 'auth:forgot-password',
  recover: 'auth:recover-password',
  updateUsername: 'auth:update-username',
  logout: 'auth:logout',
} as const;

/** Where the activation mail's link points: the metaverse page with `?token=`. */
export function activationUrl(origin: string): string {
  return `${origin}${AppRoute.metaverse}`;
}

/** Where the recovery mail's link points: the forgot page with `?token=`. */
export function recoveryUrl(origin: string): string {
  return `${origin}${AppRoute.forgot}`;
}

/** Provider sign-in is a full-page navigation to this address. */
export function providerStartUrl(providerId: string): string {
  return `/api/auth/oidc/${encodeURIComponent(providerId)}/start`;
}

export type RegisterFields = Omit<RegisterRequest, 'activation_url'>;

/** The accounts endpoints of SPEC §7, typed by the shared protocol schemas. */
export function createAuthApi(client: ApiClient, origin: string) {
  return {
    login: (body: LoginRequest) =>
      client.request('/api/auth', {
        method: 'POST',
        body,
        schema: SessionResponseSchema,
        auth: false,
      }),
    enterAsGuest: () =>
      client.request('/api/auth/guest', {
        method: 'POST',
        schema: SessionResponseSchema,
        auth: false,
      }),
    register: (fields: RegisterFields) =>
      client.request('/api/auth/register', {
        method: 'POST',
        body: { ...fields, activation_url: activationUrl(origin) },
        schema: OkMessageSchema,
        auth: false,
      }),
    activate: (token: string) =>
      client.request('/api/auth/activate', {
        method: 'POST',
        body: { token },
        schema: ActivateResponseSchema,
        auth: false,
      }),
    forgotPassword: (email: string) =>
      client.request('/api/auth/forgot-password', {
        method: 'POST',
        body: { email, recovery_url: recoveryUrl(origin) },
        schema: OkMessageSchema,
        auth: false,
      }),
    recoverPassword: (body: { token: string; new_password: string; repeat_new_password: string }) =>
      client.request('/api/auth/recover-password', {
        method: 'POST',
        body,
        schema: OkMessageSchema,
        auth: false,
      }),
    whoAmI: () => client.request('/api/user/whoami', { schema: WhoAmIResponseSchema }),
    updateUser: (id: string, body: { username?: string; email?: string }) =>
      client.request(`/api/user/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
        schema: UpdateUserResponseSchema,
      }),
    providers: () =>
      client.request('/api/auth/providers', { schema: OidcProvidersResponseSchema, auth: false }),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;

/** The accounts API on the session store's client (bearer token attached). */
export function useAuthApi(): AuthApi {
  const store = useSessionStore();
  return useMemo(() => createAuthApi(store.client, window.location.origin), [store]);
}

import {
  AppRoute,
  AuthApi,
  routeUrl,
  UsersApi,
  type LoginRequest,
  type RegisterRequest,
  type RouteBody,
} from '@atrium/protocol';
import { useMemo } from 'react';
import type { ApiClient } from '../api/client.ts';
import { useSessionStore } from '../session/SessionContext.tsx';

export { ApiError, errorMessage } from '../api/client.ts';
export { inFlight } from '../api/inFlight.ts';

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
  return routeUrl(AuthApi.oidcStart, { params: { provider: providerId } });
}

export type RegisterFields = Omit<RegisterRequest, 'activation_url'>;

/** The accounts endpoints of SPEC §7 (`AuthApi`, `UsersApi` of the contract). */
export function createAuthApi(client: ApiClient, origin: string) {
  const noToken = { auth: false };
  return {
    login: (body: LoginRequest) => client.call(AuthApi.login, { body }, noToken),
    enterAsGuest: () => client.call(AuthApi.guest, {}, noToken),
    register: (fields: RegisterFields) =>
      client.call(
        AuthApi.register,
        { body: { ...fields, activation_url: activationUrl(origin) } },
        noToken,
      ),
    activate: (token: string) => client.call(AuthApi.activate, { body: { token } }, noToken),
    forgotPassword: (email: string) =>
      client.call(
        AuthApi.forgotPassword,
        { body: { email, recovery_url: recoveryUrl(origin) } },
        noToken,
      ),
    recoverPassword: (body: RouteBody<typeof AuthApi.recoverPassword>) =>
      client.call(AuthApi.recoverPassword, { body }, noToken),
    whoAmI: () => client.call(UsersApi.whoami),
    updateUser: (id: string, body: RouteBody<typeof UsersApi.update>) =>
      client.call(UsersApi.update, { params: { id }, body }),
    providers: () => client.call(AuthApi.providers, {}, noToken),
  };
}

export type AccountsApi = ReturnType<typeof createAuthApi>;

/** The accounts API on the session store's client (bearer token attached). */
export function useAuthApi(): AccountsApi {
  const store = useSessionStore();
  return useMemo(() => createAuthApi(store.client, window.location.origin), [store]);
}

import {
  AppRoute,
  AuthApi,
  routeUrl,
  UsersApi,
  type LoginRequest,
  type RegisterRequest,
  type RouteBody,
} from '@atrium/protocol';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from '../api/useApi.ts';

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

/** Query keys of the accounts' server data. */
export const authKeys = {
  providers: ['auth', 'providers'] as const,
};

// These calls come before there is a session (or replace it): none sends a token.
const anonymous = { auth: false } as const;

/** Where the activation mail's link points: the metaverse page with `?token=`. */
function activationUrl(): string {
  return `${window.location.origin}${AppRoute.metaverse}`;
}

/** Where the recovery mail's link points: the forgot page with `?token=`. */
function recoveryUrl(): string {
  return `${window.location.origin}${AppRoute.forgot}`;
}

/** Provider sign-in is a full-page navigation to this address. */
export function providerStartUrl(providerId: string): string {
  return routeUrl(AuthApi.oidcStart, { params: { provider: providerId } });
}

/** The configured sign-in providers; none (an empty list) when the server offers none. */
export function useProviders() {
  const client = useApi();
  return useQuery({
    queryKey: authKeys.providers,
    queryFn: async () => (await client.call(AuthApi.providers, {}, anonymous)).data,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** SPEC §7 login; the caller signs the answer in. */
export function useLogin() {
  const client = useApi();
  return useMutation({
    mutationFn: (body: LoginRequest) => client.call(AuthApi.login, { body }, anonymous),
  });
}

/** A guest session; the caller signs the answer in. */
export function useGuestSignIn() {
  const client = useApi();
  return useMutation({
    mutationFn: () => client.call(AuthApi.guest, {}, anonymous),
  });
}

/** The registration form's fields; the activation link's address is added here. */
export type RegisterFields = Omit<RegisterRequest, 'activation_url'>;

/** Registers an account; the server mails the activation link. */
export function useRegister() {
  const client = useApi();
  return useMutation({
    mutationFn: (fields: RegisterFields) =>
      client.call(
        AuthApi.register,
        { body: { ...fields, activation_url: activationUrl() } },
        anonymous,
      ),
  });
}

/** Activates an account with the single-use token of its activation link. */
export function useActivate() {
  const client = useApi();
  return useMutation({
    mutationFn: (token: string) => client.call(AuthApi.activate, { body: { token } }, anonymous),
  });
}

/** Asks for the recovery mail of the account with this email. */
export function useForgotPassword() {
  const client = useApi();
  return useMutation({
    mutationFn: (email: string) =>
      client.call(
        AuthApi.forgotPassword,
        { body: { email, recovery_url: recoveryUrl() } },
        anonymous,
      ),
  });
}

/** Sets a new password with the recovery mail's token. */
export function useRecoverPassword() {
  const client = useApi();
  return useMutation({
    mutationFn: (body: RouteBody<typeof AuthApi.recoverPassword>) =>
      client.call(AuthApi.recoverPassword, { body }, anonymous),
  });
}

/** SPEC §4: the signed-in user picks a username (with the session's token). */
export function useUpdateUsername() {
  const client = useApi();
  return useMutation({
    mutationFn: ({ id, username }: { id: string; username: string }) =>
      client.call(UsersApi.update, { params: { id }, body: { username } }),
  });
}

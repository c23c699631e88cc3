import { AuthText } from '@atrium/protocol';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { AuthClaims } from './access-tokens.ts';

/** A role a token can carry. */
export type Role = AuthClaims['role'];

/** The caller, signed in as an account or a guest; 401 otherwise. */
export function requireSignedIn(claims: AuthClaims | null | undefined): AuthClaims {
  if (!claims) throw unauthorized(AuthText.notSignedIn);
  return claims;
}

/** The caller, signed in with an account; guests get 403 (SPEC §6). */
export function requireAccountHolder(claims: AuthClaims | null | undefined): AuthClaims {
  const signedIn = requireSignedIn(claims);
  if (signedIn.role === 'guest') throw forbidden(AuthText.registerRequired);
  return signedIn;
}

/**
 * A check that the caller holds one of `roles`, for services and socket handlers alike. Guests are
 * told to register first, as everywhere else; other accounts get `denied`, the feature's own text.
 */
export function requireRole(
  roles: Exclude<Role, 'guest'> | ReadonlyArray<Exclude<Role, 'guest'>>,
  denied: string,
): (claims: AuthClaims | null | undefined) => AuthClaims {
  const allowed: readonly Role[] = typeof roles === 'string' ? [roles] : roles;
  return (claims) => {
    const account = requireAccountHolder(claims);
    if (!allowed.includes(account.role)) throw forbidden(denied);
    return account;
  };
}

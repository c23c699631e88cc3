import { AuthText, ProviderSignInText } from '@atrium/protocol';

/**
 * The text of a refused provider sign-in, from the code the server's redirect puts in
 * `?signin=…` (issue 29: sign-up closed, a domain not allowed, a ban); null for `ok` or none.
 * An unknown code reads as the general failure: the address is the visitor's, not the server's.
 */
export function providerRefusal(code: string | null): string | null {
  if (code === null || code === 'ok') return null;
  return Object.hasOwn(ProviderSignInText, code)
    ? ProviderSignInText[code as keyof typeof ProviderSignInText]
    : AuthText.providerFailed;
}

/** SPEC §2/§4: the forgot page asks for the email, or for a new password when a token is given. */
export type ForgotMode =
  { readonly kind: 'confirm-email' } | { readonly kind: 'new-password'; readonly token: string };

/** The forgot page's state for a query string such as `?token=abc`. */
export function forgotModeFromSearch(search: string): ForgotMode {
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  return token === '' ? { kind: 'confirm-email' } : { kind: 'new-password', token };
}

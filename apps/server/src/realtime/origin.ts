/**
 * Whether a socket handshake may proceed. Browsers always send `Origin` on cross-origin requests,
 * so a missing header is a same-origin request or a non-browser client. Same-host origins and the
 * configured allowlist pass; anything else is refused.
 */
export function isOriginAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowedOrigins: readonly string[],
): boolean {
  if (origin === undefined) return true;
  if (allowedOrigins.includes(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

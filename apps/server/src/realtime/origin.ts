import { isIP } from 'node:net';

/** The host name of a `Host` header value, without the port (IPv6 literals keep no brackets). */
function hostName(host: string): string {
  const bracketed = /^\[([^\]]+)\]/.exec(host);
  if (bracketed?.[1]) return bracketed[1];
  return host.replace(/:\d*$/, '').toLowerCase();
}

/**
 * Whether a socket handshake may proceed.
 *
 * An `Origin` must be PUBLIC_URL's or in ALLOWED_ORIGINS; `Host` grants nothing, since a DNS
 * rebinding page controls both (issue 12, item 18).
 *
 * Without `Origin` the request is a non-browser client or a browser's same-origin GET (the
 * polling handshake). A rebinding page reaches us under its own DNS name, so such a request is
 * refused when `Host` names a host that is not ours; IP literals and localhost cannot be rebound.
 */
export function isOriginAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowedOrigins: readonly string[],
): boolean {
  if (origin !== undefined) return allowedOrigins.includes(origin);
  if (host === undefined || host === '') return true;
  const name = hostName(host);
  if (name === 'localhost' || isIP(name) !== 0) return true;
  return allowedOrigins.some((allowed) => {
    try {
      return new URL(allowed).hostname.toLowerCase() === name;
    } catch {
      return false;
    }
  });
}

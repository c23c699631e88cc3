/** What any pushed page may do: run scripts, send forms and open pop-ups (into a new tab). */
const SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';

export interface FramedPage {
  /** The host to show (the address as it is when it is not a URL). */
  host: string;
  /** The frame's `sandbox` attribute. */
  sandbox: string;
}

/**
 * How the pop-up browser frames `url`, opened on a page of `ownOrigin`.
 *
 * Another site's page runs in an opaque origin: it cannot reach this app, its storage or its
 * cookies. A page of the campus itself gets its origin back (`allow-same-origin`): in an opaque
 * origin it stays blank, because its module scripts and styles become cross-origin requests from
 * `null` that our assets refuse (no CORS; `Cross-Origin-Resource-Policy: same-origin`), and its
 * storage throws. With both `allow-scripts` and `allow-same-origin` a page can lift its own
 * sandbox, so this is safe only while every page our origin serves is our own code, as it is:
 * uploads are never served back (the temporary and zip uploads have no read route); album
 * pictures are served under `/api/` only, as PNG, JPEG or WebP sniffed from their bytes, with
 * `nosniff`, `default-src 'none'` and `X-Frame-Options: DENY`; the server-made pages (share links,
 * poster descriptions) escape what users wrote, and no page runs inline script
 * (`script-src 'self'`). A route that served user content as HTML on our origin would break this.
 */
export function framedPage(url: string, ownOrigin: string): FramedPage {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { host: url, sandbox: SANDBOX };
  }
  const own = parsed.origin === ownOrigin;
  return { host: parsed.host, sandbox: own ? `${SANDBOX} allow-same-origin` : SANDBOX };
}

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  [claim: string]: unknown;
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}

export interface TestOidcProvider {
  issuer: string;
  accounts: Map<string, TestAccount>;
  close(): Promise<void>;
}

export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

/** A real OpenID Connect provider (oidc-provider) on an ephemeral port, with its dev login forms. */
export async function startOidcProvider(clients: TestClient[]): Promise<TestOidcProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestAccount>();
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ ...(accounts.get(id) ?? { sub: id }) }),
    }),
    pkce: { required: () => true },
    // Like Google, put the scope's claims (email, name) in the ID token too.
    conformIdTokenClaims: false,
    cookies: { keys: ['atrium-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  const handle = provider.callback();
  server.on('request', (req, res) => void handle(req, res));
  return {
    issuer,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Follows redirects like a browser, with a cookie jar, and fills the provider's dev login
 * (as `accountId`) and consent forms. Stops at the first redirect to `stopAt` and returns it.
 */
export async function browseSignIn(
  startUrl: string,
  accountId: string,
  stopAt: (url: URL) => boolean,
  jar = new Map<string, Map<string, string>>(),
): Promise<URL> {
  let url = new URL(startUrl);
  let init: { method: string; body?: string } = { method: 'GET' };
  for (let step = 0; step < 25; step += 1) {
    const cookies = jar.get(url.origin) ?? new Map<string, string>();
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    jar.set(url.origin, cookies);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url);
      init = { method: 'GET' };
      if (stopAt(url)) return url;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(
        `unexpected page at ${url.toString()} (${res.status}): ${html.slice(0, 300)}`,
      );
    url = new URL(action.replaceAll('&amp;', '&'), url);
    init = {
      method: 'POST',
      body:
        prompt === 'login'
          ? `prompt=login&login=${encodeURIComponent(accountId)}&password=x`
          : 'prompt=consent',
    };
  }
  throw new Error('too many redirects');
}

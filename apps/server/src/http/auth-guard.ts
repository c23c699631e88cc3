import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessTokens, AuthClaims } from '../security/access-tokens.ts';
import { requireAccountHolder, requireSignedIn } from '../security/policy.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The bearer token's claims, or null without a valid token. */
    auth: AuthClaims | null;
  }
}

/** Reads `Authorization: Bearer` on every request into `request.auth`. */
export function registerAuthGuard(app: FastifyInstance, tokens: AccessTokens): void {
  app.decorateRequest('auth', null);
  // A callback hook, not an async one: most requests carry no token and should pay nothing.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) {
      done();
      return;
    }
    tokens.verify(header.slice(7).trim()).then(
      (claims) => {
        request.auth = claims ?? null;
        done();
      },
      (err: unknown) => done(err as Error),
    );
  });
}

/** The caller, signed in as an account or a guest; 401 otherwise. */
export function requireUser(request: FastifyRequest): AuthClaims {
  return requireSignedIn(request.auth);
}

/** The caller, signed in with an account; guests get 403 (SPEC §6). */
export function requireAccount(request: FastifyRequest): AuthClaims {
  return requireAccountHolder(request.auth);
}

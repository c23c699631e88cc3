import { createHash, randomInt } from 'node:crypto';
import { AuthApi, AuthText, routePath } from '@atrium/protocol';
import type { OidcProvider } from '@atrium/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { z } from 'zod';
import type { Config } from '../../config/config.ts';
import type { UserRow } from '../../db/schema.ts';
import { forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { MINUTE } from '../../lib/time.ts';
import { UsersRepository } from '../../accounts/users.repository.ts';
import { UserStatus } from '../../accounts/users.service.ts';
import type { AuthRepository } from '../../accounts/auth.repository.ts';
import { readAccessPolicy, refuseSignUp } from '../../settings/access-policy.ts';
import type { AuthService, Session } from './auth.service.ts';

type ProviderConfig = Config['OIDC_PROVIDERS'][number];

/** What the sign-in flow keeps between start and callback, in a signed short-lived cookie. */
export const OidcStateSchema = z.object({
  provider: z.string(),
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  expiresAt: z.number(),
});
export type OidcState = z.infer<typeof OidcStateSchema>;

const OIDC_STATE_TTL_MS = 10 * MINUTE;

/** The identity claims Atrium uses from a provider. */
const ClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  preferred_username: z.string().optional(),
  name: z.string().optional(),
});
type Claims = z.infer<typeof ClaimsSchema>;

/**
 * Sign-in through OpenID Connect providers (authorization code with PKCE), and the spec's
 * token-posting endpoints for Google (ID token) and Facebook (access token). A first sign-in
 * links to an existing account only through a verified email; otherwise it creates one.
 */
export class OidcService {
  private readonly configs = new Map<string, Promise<client.Configuration>>();

  constructor(
    private readonly providers: readonly ProviderConfig[],
    private readonly publicUrl: string,
    private readonly repo: AuthRepository,
    private readonly auth: AuthService,
    private readonly log: FastifyBaseLogger,
  ) {}

  list(): OidcProvider[] {
    return this.providers.map(({ id, name }) => ({ id, name }));
  }

  redirectUri(id: string): string {
    return `${this.publicUrl}${routePath(AuthApi.oidcCallback, { provider: id })}`;
  }

  /** The provider's authorization URL and the state to keep until the callback. */
  async start(id: string): Promise<{ url: string; state: OidcState }> {
    const provider = this.provider(id);
    const config = await this.discover(provider);
    const verifier = client.randomPKCECodeVerifier();
    const state: OidcState = {
      provider: id,
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier,
      expiresAt: Date.now() + OIDC_STATE_TTL_MS,
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri(id),
      scope: provider.scope,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: state.state,
      nonce: state.nonce,
    });
    return { url: url.toString(), state };
  }

  /** Completes the code flow and signs the person in. */
  async callback(id: string, callbackUrl: URL, saved: OidcState | undefined): Promise<Session> {
    const provider = this.provider(id);
    if (!saved || saved.provider !== id || saved.expiresAt < Date.now()) {
      throw unauthorized(AuthText.providerFailed);
    }
    const config = await this.discover(provider);
    let claims: Claims;
    try {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: saved.verifier,
        expectedState: saved.state,
        expectedNonce: saved.nonce,
        idTokenExpected: true,
      });
      const idClaims = ClaimsSchema.parse(tokens.claims());
      // Strict providers put profile and email only in userinfo, not in the ID token.
      const userinfo = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      claims = ClaimsSchema.parse({ ...userinfo, ...idClaims });
    } catch (err) {
      this.log.warn({ err, provider: id }, 'OIDC callback failed');
      throw unauthorized(AuthText.providerFailed);
    }
    // Outside the catch: the campus's own refusals (sign-up closed, a ban) keep their texts.
    return this.signIn(id, claims);
  }

  /** SPEC `POST /api/auth/google`: a provider-signed ID token, checked against its keys. */
  async withIdToken(id: string, idToken: string): Promise<Session> {
    const provider = this.provider(id);
    const config = await this.discover(provider);
    const metadata = config.serverMetadata();
    if (!metadata.jwks_uri) throw unauthorized(AuthText.providerFailed);
    let claims: Claims;
    try {
      const { payload } = await jwtVerify(idToken, createRemoteJWKSet(new URL(metadata.jwks_uri)), {
        issuer: metadata.issuer,
        audience: provider.clientId,
      });
      claims = ClaimsSchema.parse(payload);
    } catch {
      throw unauthorized(AuthText.providerFailed);
    }
    return this.signIn(id, claims);
  }

  /** SPEC `POST /api/auth/facebook`: a provider access token, exchanged for the userinfo claims. */
  async withAccessToken(id: string, accessToken: string): Promise<Session> {
    const config = await this.discover(this.provider(id));
    let claims: Claims;
    try {
      claims = ClaimsSchema.parse(
        await client.fetchUserInfo(config, accessToken, client.skipSubjectCheck),
      );
    } catch {
      throw unauthorized(AuthText.providerFailed);
    }
    return this.signIn(id, claims);
  }

  private async signIn(providerId: string, claims: Claims): Promise<Session> {
    // Issue 29: a provider's first sign-in creates an account, so the admin's sign-up policy
    // holds here as it does for the form (read before the transaction: PGlite has one
    // connection, which the transaction holds).
    const policy = await readAccessPolicy(this.repo.db);
    const user = await this.repo.db.transaction(async (tx) => {
      const r = this.repo.with(tx);
      const linkedId = await r.findIdentity(providerId, claims.sub);
      if (linkedId) return r.findUserById(linkedId);

      const email = claims.email?.trim();
      if (email && claims.email_verified === true) {
        const existing = await r.findUserByEmail(email);
        if (existing) {
          await r.linkIdentity(providerId, claims.sub, existing.id, email);
          // The provider verified the address, which is what activation proves.
          if (existing.status === UserStatus.pending) {
            return r.updateUser(existing.id, { status: UserStatus.active });
          }
          return existing;
        }
      }
      refuseSignUp(policy, email && claims.email_verified === true ? email : undefined);
      const created = await this.createAccount(tx, providerId, claims);
      await r.linkIdentity(providerId, claims.sub, created.id, email);
      return created;
    });
    if (!user) throw unauthorized(AuthText.providerFailed);
    if (user.status === UserStatus.disabled) throw forbidden(AuthText.accountDisabled);
    return this.auth.startSession(user);
  }

  private async createAccount(
    tx: AuthRepository['db'],
    providerId: string,
    claims: Claims,
  ): Promise<UserRow> {
    const r = this.repo.with(tx);
    const email = claims.email?.trim();
    // An unverified or already-used address is not taken over; the account gets a placeholder.
    const usableEmail =
      email && claims.email_verified === true && !(await r.emailTaken(email))
        ? email
        : `${providerId}-${createHash('sha256').update(claims.sub).digest('hex').slice(0, 16)}@oidc.invalid`;
    const base =
      (claims.preferred_username ?? claims.name ?? email?.split('@')[0] ?? providerId)
        .replace(/[^A-Za-z0-9_.-]+/g, '')
        .slice(0, 26) || providerId;
    let username = base.length >= 3 ? base : `${base}-user`;
    for (let attempt = 0; await r.usernameTaken(username); attempt += 1) {
      if (attempt > 20) throw new Error('could not find a free username');
      username = `${base.slice(0, 26)}-${randomInt(1000, 9999)}`;
    }
    return new UsersRepository(tx).insert({
      username,
      email: usableEmail,
      passwordHash: null,
      role: 'member',
      status: UserStatus.active,
    });
  }

  private provider(id: string): ProviderConfig {
    const provider = this.providers.find((p) => p.id === id);
    if (!provider) throw notFound(AuthText.providerUnknown);
    return provider;
  }

  private discover(provider: ProviderConfig): Promise<client.Configuration> {
    let config = this.configs.get(provider.id);
    if (!config) {
      const issuer = new URL(provider.issuer);
      const insecure = issuer.protocol === 'http:';
      if (insecure) this.log.warn({ provider: provider.id }, 'OIDC provider over plain http');
      config = client
        .discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
          execute: insecure ? [client.allowInsecureRequests] : [],
        })
        .catch((err: unknown) => {
          this.configs.delete(provider.id);
          this.log.error({ err, provider: provider.id }, 'OIDC discovery failed');
          throw unauthorized(AuthText.providerFailed);
        });
      this.configs.set(provider.id, config);
    }
    return config;
  }
}

import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { HOUR, inSeconds, MINUTE } from '../lib/time.ts';

/** A random opaque token: 256 bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How opaque tokens are stored: SHA-256, so a database leak does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const ACCESS_TOKEN_TTL_S = inSeconds(15 * MINUTE);
export const GUEST_TOKEN_TTL_S = inSeconds(8 * HOUR);

const ClaimsSchema = z.object({
  sub: z.string(),
  username: z.string(),
  role: z.enum(['admin', 'teacher', 'member', 'guest']),
});

/** Who a request acts for, read from its bearer token. */
export type AuthClaims = z.infer<typeof ClaimsSchema>;

/** Signs and checks the short-lived access tokens (HS256 JWTs). */
export class AccessTokens {
  private readonly key: Uint8Array;

  /**
   * `revoked` (issue 29's session gate) refuses a valid token whose subject's sessions an admin
   * ended after it was issued (`iat`, epoch seconds).
   */
  constructor(
    secret: string,
    private readonly revoked: (subject: string, issuedAt: number | undefined) => boolean = () =>
      false,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AuthClaims): Promise<string> {
    const ttl = claims.role === 'guest' ? GUEST_TOKEN_TTL_S : ACCESS_TOKEN_TTL_S;
    return new SignJWT({ username: claims.username, role: claims.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(`${ttl}s`)
      .sign(this.key);
  }

  /** The claims of a valid token, or undefined for an invalid or expired one. */
  async verify(token: string): Promise<AuthClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const parsed = ClaimsSchema.safeParse(payload);
      if (!parsed.success || this.revoked(parsed.data.sub, payload.iat)) return undefined;
      return parsed.data;
    } catch {
      return undefined;
    }
  }
}

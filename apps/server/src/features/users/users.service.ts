import { AuthText } from '@atrium/protocol';
import type { CurrentUser, WhoAmI } from '@atrium/protocol';
import type { AuthRepository } from '../../accounts/auth.repository.ts';
import { toCurrentUser, toWhoAmI } from '../../accounts/user-views.ts';
import { conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';

/** A user's own profile (SPEC §7 `/api/user/*`): who am I, and changing username or email. */
export class ProfileService {
  constructor(private readonly repo: AuthRepository) {}

  async whoami(claims: AuthClaims): Promise<WhoAmI> {
    const user = await this.repo.findUserById(claims.sub);
    if (!user) throw unauthorized(AuthText.notSignedIn);
    return toWhoAmI(user);
  }

  /** Changes username or email: your own account, or anyone's for an admin. */
  async updateUser(
    claims: AuthClaims,
    id: string,
    changes: { username?: string | undefined; email?: string | undefined },
  ): Promise<CurrentUser> {
    if (claims.sub !== id && claims.role !== 'admin') throw forbidden(AuthText.onlyYourself);
    const { repo } = this;
    return repo.db.transaction(async (tx) => {
      const r = repo.with(tx);
      const user = await r.findUserById(id);
      if (!user) throw notFound(AuthText.userNotFound);
      if (changes.username && (await r.usernameTaken(changes.username, id)))
        throw conflict(AuthText.usernameTaken);
      if (changes.email && (await r.emailTaken(changes.email, id)))
        throw conflict(AuthText.emailTaken);
      const updated = await r.updateUser(id, {
        ...(changes.username ? { username: changes.username } : {}),
        ...(changes.email ? { email: changes.email } : {}),
      });
      if (!updated) throw notFound(AuthText.userNotFound);
      return toCurrentUser(updated, await r.findWalletLink(id));
    });
  }
}

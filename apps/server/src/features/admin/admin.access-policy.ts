import type { AccessPolicy } from '@atrium/protocol';
import type { AuditRepository } from '../../accounts/audit.repository.ts';
import type { AppDb } from '../../db/database.ts';
import { readAccessPolicy, writeAccessPolicy } from '../../settings/access-policy.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAdmin } from './admin.access.ts';
import type { Actor } from './admin.people.service.ts';

/** Issue 29's sign-up and access policy: read and changed by admins, with an audit entry. */
export class AccessService {
  constructor(
    private readonly db: AppDb,
    private readonly audit: AuditRepository,
  ) {}

  async read(claims: AuthClaims | null): Promise<AccessPolicy> {
    requireAdmin(claims);
    return readAccessPolicy(this.db);
  }

  async write({ claims, address }: Actor, change: Partial<AccessPolicy>): Promise<AccessPolicy> {
    const admin = requireAdmin(claims);
    const { before, after } = await writeAccessPolicy(this.db, change);
    await this.audit.write({
      actorId: admin.sub,
      actorName: admin.username,
      action: 'settings.access',
      targetId: null,
      targetLabel: 'Sign-up and access',
      address,
      before,
      after,
    });
    return after;
  }
}

import { AdminText, PublicSetting } from '@atrium/protocol';
import type { AuditRepository } from '../../accounts/audit.repository.ts';
import type { AppDb } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { SettingsRepository } from '../../settings/settings.repository.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAdmin } from './admin.access.ts';
import type { Actor } from './admin.people.service.ts';

/** A path on this site or an http(s) address: where Leave goes from the metaverse. */
const isHomePage = (value: unknown) =>
  typeof value === 'string' && (/^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/i.test(value));

/**
 * Issue 29's public settings (SPEC §7's custom-setting keys: stream addresses, other worlds, the
 * home page): listed, set and removed by admins, each change in the audit log with before and
 * after. A key of a private setting is never made public.
 */
export class PublicSettingsService {
  private readonly settings: SettingsRepository;

  constructor(
    db: AppDb,
    private readonly audit: AuditRepository,
  ) {
    this.settings = new SettingsRepository(db);
  }

  async list(claims: AuthClaims | null) {
    requireAdmin(claims);
    return this.settings.listPublic();
  }

  async set({ claims, address }: Actor, key: string, value: unknown) {
    const admin = requireAdmin(claims);
    if (key === PublicSetting.homePage && !isHomePage(value)) {
      throw badRequest(AdminText.homePageInvalid);
    }
    const before = await this.settings.findPublic(key);
    if (!(await this.settings.upsertPublic(key, value))) throw conflict(AdminText.settingPrivate);
    await this.write(admin, address, key, before ?? null, value);
    return { key, value };
  }

  async remove({ claims, address }: Actor, key: string) {
    const admin = requireAdmin(claims);
    const before = await this.settings.findPublic(key);
    if (!(await this.settings.deletePublic(key))) throw notFound(AdminText.settingNotFound);
    await this.write(admin, address, key, before ?? null, null);
    return AdminText.updated;
  }

  private write(admin: AuthClaims, address: string, key: string, before: unknown, after: unknown) {
    return this.audit.write({
      actorId: admin.sub,
      actorName: admin.username,
      action: 'settings.public',
      targetId: key,
      targetLabel: key,
      address,
      before: { value: before },
      after: { value: after },
    });
  }
}

import { SettingsAdminText, SettingsText } from '@atrium/protocol';
import type { ClassroomSettings, LimitSettings, WalletSettings } from '@atrium/protocol';
import type { AppDb } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireRole } from '../../security/policy.ts';
import { readLimits, writeLimits } from '../../settings/limit-settings.ts';
import { SettingsRepository } from '../../settings/settings.repository.ts';
import {
  readClassroomSettings,
  writeClassroomSettings,
} from '../../settings/classroom-settings.ts';
import { readWalletSettings, writeWalletSettings } from '../../settings/wallet-settings.ts';

/** Limits protect every school on the server, so only admins see or change them. */
const requireAdmin = requireRole('admin', SettingsAdminText.onlyAdmins);

/** Public settings for everyone; the account limits and the wallet's audience for admins. */
export class SettingsService {
  private readonly repo: SettingsRepository;

  constructor(
    private readonly db: AppDb,
    /** Public values from the configuration (HOME_PAGE_URL), used when no row is stored. */
    private readonly defaults: Readonly<Record<string, unknown>> = {},
  ) {
    this.repo = new SettingsRepository(db);
  }

  /** A public setting's value; private and unknown keys answer the same 404. */
  async findPublic(key: string): Promise<unknown> {
    const value =
      (await this.repo.findPublic(key)) ??
      (Object.hasOwn(this.defaults, key) ? this.defaults[key] : undefined);
    if (value === undefined) throw notFound(SettingsText.notFound);
    return value;
  }

  async readLimits(claims: AuthClaims | null): Promise<LimitSettings> {
    requireAdmin(claims);
    return readLimits(this.db);
  }

  async writeLimits(
    claims: AuthClaims | null,
    changes: Partial<LimitSettings>,
  ): Promise<LimitSettings> {
    requireAdmin(claims);
    return writeLimits(this.db, changes);
  }

  async readWallet(claims: AuthClaims | null): Promise<WalletSettings> {
    requireAdmin(claims);
    return readWalletSettings(this.db);
  }

  async writeWallet(claims: AuthClaims | null, settings: WalletSettings): Promise<WalletSettings> {
    requireAdmin(claims);
    return writeWalletSettings(this.db, settings);
  }

  async readClassroom(claims: AuthClaims | null): Promise<ClassroomSettings> {
    requireAdmin(claims);
    return readClassroomSettings(this.db);
  }

  async writeClassroom(
    claims: AuthClaims | null,
    settings: ClassroomSettings,
  ): Promise<ClassroomSettings> {
    requireAdmin(claims);
    return writeClassroomSettings(this.db, settings);
  }
}

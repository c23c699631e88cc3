import { RoomText, SettingsAdminText } from '@atrium/protocol';
import type { AppDb } from '../../db/database.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireRole } from '../../security/policy.ts';
import {
  popupAllowed,
  readPopupAllowlist,
  writePopupAllowlist,
} from '../../settings/popup-allowlist.ts';

/** The allowlist decides which pages land in every member's browser, so only admins set it. */
const requireAdmin = requireRole('admin', SettingsAdminText.onlyAdmins);
/** Those who push pages read it: their prompt says which addresses will be taken. */
const requireHost = requireRole(['teacher', 'admin'], RoomText.hostOnly);

/**
 * The room socket's rules kept outside the socket: which pages the pop-up browser may push (the
 * site's own origins always; others once an admin has put them on the allowlist).
 */
export class RoomService {
  constructor(
    private readonly db: AppDb,
    private readonly ownOrigins: readonly string[],
  ) {}

  /** The admin's allowlist entries (or the default ones). */
  async popupAllowlist(claims: AuthClaims | null): Promise<string[]> {
    requireHost(claims);
    return readPopupAllowlist(this.db);
  }

  /** Replaces the allowlist; every process sees it within the settings cache's time. */
  async updatePopupAllowlist(claims: AuthClaims | null, origins: string[]): Promise<string[]> {
    requireAdmin(claims);
    return writePopupAllowlist(this.db, origins);
  }

  /** Whether a teacher may push `url` to the room's browser. */
  async popupAllowed(url: URL): Promise<boolean> {
    return popupAllowed(url, this.ownOrigins, await readPopupAllowlist(this.db));
  }
}

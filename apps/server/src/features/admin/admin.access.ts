import type { AdminPerson, PersonState } from '@atrium/protocol';
import { notFound } from '../../http/errors.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import type { PersonRow } from './admin.repository.ts';

/**
 * The console's one rule of access: an admin's token, or a 404 that says nothing of the console
 * (anonymous, guest, member, teacher and a forged or revoked token alike).
 */
export function requireAdmin(claims: AuthClaims | null | undefined): AuthClaims {
  if (claims?.role !== 'admin') throw notFound();
  return claims;
}

const STATES: Record<number, PersonState> = { 0: 'waiting', 1: 'active', 2: 'deactivated' };

/** A person as the console shows them. */
export function toAdminPerson(row: PersonRow): AdminPerson {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    state: STATES[row.status] ?? 'deactivated',
    created_at: row.createdAt.toISOString(),
    last_login: row.lastLogin?.toISOString() ?? null,
    last_seen: row.lastSeen?.toISOString() ?? null,
    banned_until: row.bannedForGood ? 'forever' : (row.bannedUntil?.toISOString() ?? null),
    muted_until: row.mutedUntil?.toISOString() ?? null,
  };
}

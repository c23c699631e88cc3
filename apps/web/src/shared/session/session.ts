import { roleLabels, type CurrentUser, type Role } from '@atrium/protocol';

/** Role label of a guest when the server sends none. */
export const GUEST_ROLE_LABEL = 'Guest';

/** The signed-in user as the shell needs it. */
export interface SessionUser {
  readonly username: string;
  readonly role: Role | 'guest';
  /** The server's `role_label`; used for roles without a fixed label (guests). */
  readonly roleLabel?: string;
  /** Guests may enter the campus but have no album, friends or calls (SPEC §6). */
  readonly isGuest?: boolean;
}

export interface Session {
  readonly user: SessionUser | null;
  /** Lights the dot on "My Album" when something new arrived (SPEC §2). */
  readonly hasNewAlbumItems: boolean;
}

/** The session before anyone signs in. */
export const signedOutSession: Session = { user: null, hasNewAlbumItems: false };

function isRole(role: string): role is Role {
  return Object.hasOwn(roleLabels, role);
}

/** `username (Role Label)`, the way the spec shows a user next to their role. */
export function formatUserLabel(user: SessionUser): string {
  const label = isRole(user.role) ? roleLabels[user.role] : (user.roleLabel ?? GUEST_ROLE_LABEL);
  return `${user.username} (${label})`;
}

/** The shell's view of the server's current user. */
export function toSessionUser(user: CurrentUser): SessionUser {
  return {
    username: user.username,
    role: user.role,
    roleLabel: user.role_label,
    isGuest: user.is_guest,
  };
}

/** SPEC §2: "My Album" exists only for a signed-in user, and guests have no album (SPEC §6). */
export function canUseAlbum(user: SessionUser | null): boolean {
  return user !== null && user.isGuest !== true;
}

import { roleLabels, type Role } from '@atrium/protocol';

/** The signed-in user as the shell needs it. The accounts issue fills it from `/api/...` whoami. */
export interface SessionUser {
  readonly username: string;
  readonly role: Role;
}

export interface Session {
  readonly user: SessionUser | null;
  /** Lights the dot on "My Album" when something new arrived (SPEC §2). */
  readonly hasNewAlbumItems: boolean;
}

/** Nobody is signed in until the accounts feature exists. */
export const signedOutSession: Session = { user: null, hasNewAlbumItems: false };

/** `username (Role Label)`, the way the spec shows a user next to their role. */
export function formatUserLabel(user: SessionUser): string {
  return `${user.username} (${roleLabels[user.role]})`;
}

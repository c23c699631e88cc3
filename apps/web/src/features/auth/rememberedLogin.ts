import type { StorageLike } from '../../shared/browserStorage.ts';

/** SPEC §3 "Remembered login": the storage key is the spec's. */
export const REMEMBER_LOGIN_KEY = 'remember_username_password';

/**
 * What Atrium remembers: the username and the checkbox, never the password (DESIGN "Security
 * decisions"); passwords belong to the browser's password manager.
 */
export interface RememberedLogin {
  readonly username: string;
  readonly checked: boolean;
}

/** The remembered username, or null. A stored password (older clients) is scrubbed on read. */
export function readRememberedLogin(storage: StorageLike | null): RememberedLogin | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(REMEMBER_LOGIN_KEY);
    if (raw === null) return null;
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { username, checked, password } = value as Record<string, unknown>;
    if (typeof username !== 'string' || checked !== true) return null;
    const remembered = { username, checked: true };
    if (password !== undefined) storage.setItem(REMEMBER_LOGIN_KEY, JSON.stringify(remembered));
    return remembered;
  } catch {
    return null;
  }
}

/** Remembers the username when `checked`, else forgets it. Only these two fields are written. */
export function saveRememberedLogin(storage: StorageLike | null, login: RememberedLogin): void {
  if (!storage) return;
  try {
    if (login.checked && login.username.trim() !== '') {
      const value: RememberedLogin = { username: login.username.trim(), checked: true };
      storage.setItem(REMEMBER_LOGIN_KEY, JSON.stringify(value));
    } else {
      storage.removeItem(REMEMBER_LOGIN_KEY);
    }
  } catch {
    // Storage blocked or full: the username simply is not remembered.
  }
}

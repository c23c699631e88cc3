/**
 * A guest's character for this visit (issue 18): never saved on the server, kept in this tab's
 * session storage under the guest's id, so the world frame (same origin, same tab) wears it and a
 * new guest session starts without it. Accounts keep their look on the server instead.
 */
export const VISIT_LOOK_KEY = 'atrium_visit_look';

interface Stored {
  user: string;
  look: number;
}

const storage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/** The look `userId` chose for this visit, if any. */
export function readVisitLook(userId: string): number | null {
  try {
    const stored = JSON.parse(storage()?.getItem(VISIT_LOOK_KEY) ?? 'null') as Stored | null;
    return stored?.user === userId && Number.isInteger(stored.look) ? stored.look : null;
  } catch {
    return null;
  }
}

export function writeVisitLook(userId: string, look: number): void {
  storage()?.setItem(VISIT_LOOK_KEY, JSON.stringify({ user: userId, look } satisfies Stored));
}

/** The subject (user or guest id) of an access token, read from its payload; null if unreadable. */
export function tokenSubject(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

/** The visit look of whoever holds `token`. */
export const visitLookForToken = (token: string): number | null => {
  const sub = tokenSubject(token);
  return sub ? readVisitLook(sub) : null;
};

/**
 * Calls `changed` with the new look when another document of this tab (the customiser on the
 * host page) sets the visit look of whoever holds the token. Returns the unsubscribe.
 */
export function onVisitLookChange(
  getToken: () => string,
  changed: (look: number) => void,
): () => void {
  if (typeof window === 'undefined' || !('addEventListener' in window)) return () => {};
  const listener = (event: StorageEvent) => {
    if (event.key !== VISIT_LOOK_KEY) return;
    const look = visitLookForToken(getToken());
    if (look !== null) changed(look);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

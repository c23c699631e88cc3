// Shared by the world tutorial (metaverse) and the mini-game instruction popup (SPEC §9 names one
// cookie prefix for "the tutorial"), so it lives outside both features.

/** SPEC §9: the tutorial cookie's name prefix, followed by `_{username}` or `_guest`. */
export const TUTORIAL_COOKIE_PREFIX = 'mg_popup_tutorial_check';
/** SPEC §9: the cookie lives 7 days. */
export const TUTORIAL_COOKIE_DAYS = 7;

/** The person the tutorial is for: a signed-in user, a guest, or nobody yet (null). */
export interface TutorialUser {
  username: string;
  is_guest: boolean;
}

/** The cookie that remembers "Don't show again": one per user, one shared by all guests. */
export function tutorialCookieName(user: TutorialUser | null): string {
  const username = user?.username.trim() ?? '';
  if (!user || user.is_guest || username === '') return `${TUTORIAL_COOKIE_PREFIX}_guest`;
  return `${TUTORIAL_COOKIE_PREFIX}_${username}`;
}

// One flag cookie with a fixed value needs no cookie library: js-cookie was 0.9 KB of gzipped JS
// on the mini-game's first load, which is held to 170 KB (bench/web-size.mjs). The name is
// encoded as js-cookie encodes it, so cookies it set are still found.
const encodedName = (name: string) => encodeURIComponent(name);

/** True once "Don't show again" was chosen (SPEC §4: then the tutorial stays closed). */
export function isTutorialDismissed(name: string): boolean {
  const key = `${encodedName(name)}=`;
  return document.cookie.split('; ').some((pair) => pair.startsWith(key));
}

/** Remembers "Don't show again" for 7 days (written as js-cookie wrote it). */
export function dismissTutorial(name: string): void {
  const expires = new Date(Date.now() + TUTORIAL_COOKIE_DAYS * 24 * 60 * 60 * 1000);
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  document.cookie =
    `${encodedName(name)}=1; expires=${expires.toUTCString()}; path=/; sameSite=Lax` +
    (secure ? '; secure' : '');
}

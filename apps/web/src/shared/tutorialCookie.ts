import Cookies from 'js-cookie';

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

/** True once "Don't show again" was chosen (SPEC §4: then the tutorial stays closed). */
export function isTutorialDismissed(name: string): boolean {
  return Cookies.get(name) !== undefined;
}

/** Remembers "Don't show again" for 7 days. */
export function dismissTutorial(name: string): void {
  Cookies.set(name, '1', {
    expires: TUTORIAL_COOKIE_DAYS,
    path: '/',
    sameSite: 'Lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });
}

/**
 * Router state that puts a success message above the login box, for a page that sends the
 * visitor to log in (after a password reset). State, not the address: a reload drops it.
 */
export interface LoginNoticeState {
  readonly loginNotice: string;
}

/** The state to navigate home with, so the login box shows `message`. */
export function loginNoticeState(message: string): LoginNoticeState {
  return { loginNotice: message };
}

/** The message a navigation carried for the login box, if any. */
export function loginNoticeFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('loginNotice' in state)) return null;
  const { loginNotice } = state;
  return typeof loginNotice === 'string' && loginNotice !== '' ? loginNotice : null;
}

import { AppRoute, type CurrentUser } from '@atrium/protocol';
import type { SessionState } from '../../shared/session/sessionStore.ts';

/** The home page with the registration form open (a real address, so Back returns to login). */
export const REGISTER_PATH = `${AppRoute.home}?view=register`;

/** The home page's query flags that choose a box. */
export function homeFlags(search: string): { registerOpen: boolean; sessionEndedParam: boolean } {
  const params = new URLSearchParams(search);
  return {
    registerOpen: params.get('view') === 'register',
    sessionEndedParam: params.get('session') === 'ended',
  };
}

/** The boxes of the home page (SPEC §2); exactly one is visible at a time. */
export type HomeBox =
  'loading' | 'login' | 'register' | 'start' | 'update-username' | 'session-end';

export interface HomeBoxInput {
  readonly session: Pick<SessionState, 'phase' | 'user' | 'ended'>;
  /** `?session=ended` is in the address (the stream ended). */
  readonly sessionEndedParam: boolean;
  /** The visitor opened the registration form from the login box. */
  readonly registerOpen: boolean;
  /** SPEC §2/§4: a mini game to start (`mini-game=1`) or one in progress, else null. */
  readonly miniGame?: MiniGameStart | null;
}

/** Why the home page goes straight into the metaverse: a new mini game, or one in progress. */
export type MiniGameStart = 'new' | 'continue';

/** SPEC §4: a user whose username is still their email is asked for a username first. */
export function needsUsername(user: CurrentUser): boolean {
  return !user.is_guest && user.username.trim().toLowerCase() === user.email.trim().toLowerCase();
}

/** Which box the home page shows for a session (SPEC §4 "Page start", "Session"). */
export function selectHomeBox({
  session,
  sessionEndedParam,
  registerOpen,
  miniGame = null,
}: HomeBoxInput): HomeBox {
  if (session.phase === 'restoring') return 'loading';
  if (sessionEndedParam) return 'session-end';
  if (session.phase === 'signedIn' && session.user) {
    if (needsUsername(session.user)) return 'update-username';
    // SPEC §4 "Page start": a mini game in progress (or asked for) starts the stream directly.
    return miniGame ? 'loading' : 'start';
  }
  if (session.ended === 'expired') return 'session-end';
  return registerOpen ? 'register' : 'login';
}

import {
  AuthApi,
  AuthText,
  CurrentUserSchema,
  routeUrl,
  type CurrentUser,
  type SessionResponse,
} from '@atrium/protocol';
import { runLogoutHooks } from '../auth/logoutHooks.ts';
import { createApiClient, type ApiClient, type FetchLike } from '../api/client.ts';
import type { StorageLike } from '../browserStorage.ts';
import { createStore } from '../store.ts';

/** SPEC §9: the first token refresh runs 5 s after start (or after login)… */
export const REFRESH_FIRST_DELAY_MS = 5000;
/** …then every 600000 ms. */
export const REFRESH_INTERVAL_MS = 600_000;
/**
 * A refresh that got no answer (the request failed, or its answer was cut off) is tried once more
 * this much later before the session ends. A page that navigates while its refresh is in flight
 * has the request aborted under it: ending the session then posted a logout from the dying page
 * and signed the user out of the next one (the album e2e's lost My Album dot; 2 of 12 navigations
 * about 5 s after a metaverse page load, in Chromium). A page that is gone never retries.
 */
export const REFRESH_NO_ANSWER_RETRY_MS = 3000;
/** What a refresh request came back with: a body, or nothing at all (offline, cut off). */
type RefreshOutcome = { answered: true; body: unknown } | { answered: false };
/** SPEC §8: dispatched on `window` when a token refresh fails. */
export const USER_LOGOUT_EVENT = 'user_logout';
/** SPEC §4: logout removes the saved device-settings popup flag. */
export const DEVICE_SETTINGS_KEY = 'is_popup_agora_advanced_settings';
/**
 * Set while a refresh cookie is expected (never the token itself), so a visitor who never signed
 * in does not send a refresh request that can only answer 401 on every page load.
 */
export const SESSION_HINT_KEY = 'atrium_has_session';

/**
 * Sent with plain `fetch`, not the API client: a refresh answers null instead of throwing (the
 * session then expires quietly), and a logout ends the session locally whatever the answer.
 */
export const RefreshPath = routeUrl(AuthApi.refresh);
export const LogoutPath = routeUrl(AuthApi.logout);

/**
 * SPEC §5: a token refresh answer is valid only if `status` is truthy and `token` is a non-empty
 * string.
 */
export function isValidRefreshResponse(body: unknown): body is { status: unknown; token: string } {
  if (typeof body !== 'object' || body === null) return false;
  const { status, token } = body as Record<string, unknown>;
  return Boolean(status) && typeof token === 'string' && token.length > 0;
}

export type SessionPhase = 'restoring' | 'signedOut' | 'signedIn';

export interface SessionState {
  readonly phase: SessionPhase;
  readonly user: CurrentUser | null;
  /** The access token: kept in memory only, never in storage. */
  readonly token: string | null;
  /** Set when the session ended by itself (token refresh failed), for the session-end box. */
  readonly ended: 'expired' | null;
}

type TimerHandle = unknown;

export interface SessionStoreDeps {
  fetch: FetchLike;
  setTimeout?: (callback: () => void, ms: number) => TimerHandle;
  clearTimeout?: (handle: TimerHandle) => void;
  setInterval?: (callback: () => void, ms: number) => TimerHandle;
  clearInterval?: (handle: TimerHandle) => void;
  /** localStorage, or null where it is unavailable. */
  storage?: StorageLike | null;
  dispatchEvent?: (event: Event) => void;
  /** Shows an error toast. */
  notifyError?: (message: string) => void;
  /** Serialises refreshes across tabs, so two tabs never spend the same rotating cookie. */
  withLock?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
}

export interface SessionStore {
  getSnapshot: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  /** API client that sends this session's bearer token. */
  readonly client: ApiClient;
  /**
   * Runs once on page start: restores a session from the refresh cookie when one is expected, or
   * always after a provider sign-in (`?signin=ok`). Later calls do nothing.
   */
  start: (search?: string) => Promise<void>;
  /** Stores a login (or guest entry) answer and starts the token refresh. */
  signIn: (response: SessionResponse) => void;
  /** Replaces the user after a profile update. */
  updateUser: (user: CurrentUser) => void;
  /** One token refresh now; on failure the session expires. Resolves whether it succeeded. */
  refresh: () => Promise<boolean>;
  /** SPEC §4 logout; `expired` when the token refresh failed. */
  logout: (reason?: 'user' | 'expired') => Promise<void>;
  /** Forgets why the last session ended (the session-end box was acknowledged). */
  acknowledgeEnded: () => void;
  /** Stops the timers. */
  dispose: () => void;
}

const initialState: SessionState = { phase: 'restoring', user: null, token: null, ended: null };

function safeStorage(storage: StorageLike | null, action: (s: StorageLike) => void): void {
  if (!storage) return;
  try {
    action(storage);
  } catch {
    // Storage may be full or blocked (private mode); the session still works in memory.
  }
}

function readHint(storage: StorageLike | null): boolean {
  try {
    return storage?.getItem(SESSION_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The session: who is signed in, the in-memory access token and the refresh timers (SPEC §4,
 * DESIGN "Security decisions"). Timers, fetch and storage are injected so tests drive the clock.
 */
export function createSessionStore(deps: SessionStoreDeps): SessionStore {
  const setTimer = deps.setTimeout ?? ((cb, ms) => globalThis.setTimeout(cb, ms));
  const clearTimer =
    deps.clearTimeout ??
    ((handle) => globalThis.clearTimeout(handle as Parameters<typeof clearTimeout>[0]));
  const setRepeat = deps.setInterval ?? ((cb, ms) => globalThis.setInterval(cb, ms));
  const clearRepeat =
    deps.clearInterval ??
    ((handle) => globalThis.clearInterval(handle as Parameters<typeof clearInterval>[0]));
  const storage = deps.storage ?? null;
  const withLock = deps.withLock ?? (<T>(_name: string, task: () => Promise<T>) => task());

  let state = initialState;
  let started = false;
  /** Bumped whenever the session changes hands, so late answers for an old session are dropped. */
  let generation = 0;
  // Boxed, because an injected timer may hand out any value as its handle (even 0).
  let firstTimer: { handle: TimerHandle } | null = null;
  let repeatTimer: { handle: TimerHandle } | null = null;
  let refreshing: Promise<boolean> | null = null;
  let loggingOut: Promise<void> | null = null;
  // Publishes `state` to React; `setState` is the one place either changes.
  const published = createStore(state);

  const setState = (patch: Partial<SessionState>) => {
    state = { ...state, ...patch };
    published.set(state);
  };

  const client = createApiClient({ fetch: deps.fetch, getToken: () => state.token });

  const stopRefresh = () => {
    if (firstTimer) clearTimer(firstTimer.handle);
    if (repeatTimer) clearRepeat(repeatTimer.handle);
    firstTimer = null;
    repeatTimer = null;
  };

  const scheduleRefresh = () => {
    stopRefresh();
    firstTimer = {
      handle: setTimer(() => {
        firstTimer = null;
        repeatTimer = { handle: setRepeat(() => void store.refresh(), REFRESH_INTERVAL_MS) };
        void store.refresh();
      }, REFRESH_FIRST_DELAY_MS),
    };
  };

  /** POSTs the refresh cookie; answers the body, or null when there was no usable answer. */
  const requestRefreshOnce = () =>
    withLock('atrium-refresh-token', async (): Promise<RefreshOutcome> => {
      try {
        const response = await deps.fetch(RefreshPath, {
          method: 'POST',
          headers: { accept: 'application/json' },
          credentials: 'same-origin',
        });
        if (!response.ok) return { answered: true, body: null };
        return { answered: true, body: (await response.json()) as unknown };
      } catch {
        return { answered: false };
      }
    });

  /** One refresh, asked again once when there was no answer; the body, or null. */
  const requestRefresh = async (): Promise<unknown> => {
    const first = await requestRefreshOnce();
    if (first.answered) return first.body;
    await new Promise<void>((resolve) => setTimer(resolve, REFRESH_NO_ANSWER_RETRY_MS));
    const second = await requestRefreshOnce();
    return second.answered ? second.body : null;
  };

  const acceptSession = (token: string, user: CurrentUser) => {
    generation += 1;
    setState({ phase: 'signedIn', token, user, ended: null });
    if (user.is_guest) {
      // Guests get a short-lived token and no refresh cookie: nothing to refresh.
      stopRefresh();
      safeStorage(storage, (s) => s.removeItem(SESSION_HINT_KEY));
    } else {
      safeStorage(storage, (s) => s.setItem(SESSION_HINT_KEY, '1'));
      scheduleRefresh();
    }
  };

  const store: SessionStore = {
    getSnapshot: published.get,
    subscribe: published.subscribe,
    client,

    async start(search = '') {
      if (started) return;
      started = true;
      const afterProviderSignIn = new URLSearchParams(search).get('signin') === 'ok';
      if (!afterProviderSignIn && !readHint(storage)) {
        setState({ phase: 'signedOut' });
        return;
      }
      const startedAt = generation;
      const body = await requestRefresh();
      if (generation !== startedAt) return;
      const user = isValidRefreshResponse(body)
        ? CurrentUserSchema.safeParse((body as { data?: unknown }).data)
        : null;
      if (isValidRefreshResponse(body) && user?.success) {
        acceptSession(body.token, user.data);
      } else {
        // No session to restore: simply signed out, nothing alarming.
        safeStorage(storage, (s) => s.removeItem(SESSION_HINT_KEY));
        setState({ phase: 'signedOut' });
      }
    },

    signIn(response) {
      acceptSession(response.token, response.data);
    },

    updateUser(user) {
      if (state.phase !== 'signedIn') return;
      setState({ user });
    },

    refresh() {
      if (refreshing) return refreshing;
      if (state.phase !== 'signedIn' || state.user?.is_guest) return Promise.resolve(false);
      const startedAt = generation;
      refreshing = (async () => {
        const body = await requestRefresh();
        if (generation !== startedAt) return false;
        if (!isValidRefreshResponse(body)) {
          deps.notifyError?.(AuthText.sessionExpired);
          deps.dispatchEvent?.(new CustomEvent(USER_LOGOUT_EVENT));
          await store.logout('expired');
          return false;
        }
        const user = CurrentUserSchema.safeParse((body as { data?: unknown }).data);
        setState({ token: body.token, ...(user.success ? { user: user.data } : {}) });
        return true;
      })().finally(() => {
        refreshing = null;
      });
      return refreshing;
    },

    logout(reason = 'user') {
      if (loggingOut) return loggingOut;
      loggingOut = (async () => {
        stopRefresh();
        generation += 1;
        try {
          // Clears the refresh cookie; the local logout happens whatever the answer.
          await deps.fetch(LogoutPath, {
            method: 'POST',
            headers: {
              accept: 'application/json',
              ...(state.token ? { authorization: `Bearer ${state.token}` } : {}),
            },
            credentials: 'same-origin',
          });
        } catch {
          // Offline: the cookie stays until it expires, but this tab is signed out.
        }
        // SPEC §4: the features forget what belongs to the session (the wallet provider, …).
        await runLogoutHooks(state.user);
        safeStorage(storage, (s) => {
          s.removeItem(SESSION_HINT_KEY);
          s.removeItem(DEVICE_SETTINGS_KEY);
        });
        setState({
          phase: 'signedOut',
          user: null,
          token: null,
          ended: reason === 'expired' ? 'expired' : null,
        });
      })().finally(() => {
        loggingOut = null;
      });
      return loggingOut;
    },

    acknowledgeEnded() {
      if (state.ended !== null) setState({ ended: null });
    },

    dispose() {
      stopRefresh();
      published.clear();
    },
  };
  return store;
}

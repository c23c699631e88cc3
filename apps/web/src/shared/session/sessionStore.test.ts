import { AuthText, type CurrentUser, type SessionResponse } from '@atrium/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSessionStore,
  DEVICE_SETTINGS_KEY,
  isValidRefreshResponse,
  LogoutPath,
  REFRESH_FIRST_DELAY_MS,
  REFRESH_INTERVAL_MS,
  REFRESH_NO_ANSWER_RETRY_MS,
  RefreshPath,
  SESSION_HINT_KEY,
  USER_LOGOUT_EVENT,
  type SessionStoreDeps,
} from './sessionStore.ts';

const teacher: CurrentUser = {
  _id: '00000000-0000-4000-8000-000000000001',
  username: 'teacher',
  email: 'teacher@example.org',
  status: 1,
  role: 'teacher',
  role_label: 'Teacher',
  logged: true,
  is_guest: false,
  data: {},
};

const guest: CurrentUser = {
  ...teacher,
  _id: '00000000-0000-4000-8000-000000000002',
  username: 'guest-1234',
  email: '',
  role: 'guest',
  role_label: 'Guest',
  is_guest: true,
};

const login = (user: CurrentUser, token = 'token-0'): SessionResponse => ({
  status: true,
  message: AuthText.loggedIn,
  token,
  data: user,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

/** A fake server: answers refresh with fresh tokens until told to fail. */
function fakeServer() {
  const calls: Array<{ path: string; init: RequestInit | undefined; at: number }> = [];
  let refreshes = 0;
  let refreshAnswer: () => Response = () => {
    refreshes += 1;
    return json(200, login(teacher, `token-${refreshes}`));
  };
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    calls.push({ path, init, at: Date.now() });
    if (path === RefreshPath) return refreshAnswer();
    if (path === LogoutPath) return json(200, { status: true, message: AuthText.loggedOut });
    return json(404, { status: false, message: 'Not found.' });
  });
  return {
    fetch,
    calls,
    refreshCalls: () => calls.filter((call) => call.path === RefreshPath),
    failRefreshWith(answer: () => Response) {
      refreshAnswer = answer;
    },
  };
}

function setup(overrides: Partial<SessionStoreDeps> = {}) {
  const server = fakeServer();
  const storage = new MemoryStorage();
  const events: Event[] = [];
  const notifyError = vi.fn();
  const delays = { timeout: [] as number[], interval: [] as number[] };
  const store = createSessionStore({
    fetch: server.fetch,
    storage,
    dispatchEvent: (event) => void events.push(event),
    notifyError,
    // The real functions under vitest's fake clock, recording the delays asked for.
    setTimeout: (callback, ms) => {
      delays.timeout.push(ms);
      return setTimeout(callback, ms);
    },
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    setInterval: (callback, ms) => {
      delays.interval.push(ms);
      return setInterval(callback, ms);
    },
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    ...overrides,
  });
  return { store, server, storage, events, notifyError, delays };
}

describe('isValidRefreshResponse (SPEC §5)', () => {
  it('accepts a truthy status with a non-empty token', () => {
    expect(isValidRefreshResponse({ status: true, token: 'abc' })).toBe(true);
    expect(isValidRefreshResponse({ status: 1, token: 'abc', data: {} })).toBe(true);
  });

  it.each([
    ['no body', undefined],
    ['null', null],
    ['a string', 'token'],
    ['status false', { status: false, token: 'abc' }],
    ['no status', { token: 'abc' }],
    ['an empty token', { status: true, token: '' }],
    ['a numeric token', { status: true, token: 42 }],
    ['no token', { status: true }],
    ['a failure envelope', { status: false, message: 'Unauthorized' }],
  ])('rejects %s', (_name, body) => {
    expect(isValidRefreshResponse(body)).toBe(false);
  });
});

describe('session store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes first 5 s after login, then every 600000 ms, keeping the token in memory', async () => {
    const { store, server, storage, delays } = setup();
    store.signIn(login(teacher));
    expect(store.getSnapshot()).toMatchObject({ phase: 'signedIn', token: 'token-0' });
    expect(delays.timeout).toEqual([REFRESH_FIRST_DELAY_MS]);

    await vi.advanceTimersByTimeAsync(REFRESH_FIRST_DELAY_MS - 1);
    expect(server.refreshCalls()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.refreshCalls()).toHaveLength(1);
    expect(store.getSnapshot().token).toBe('token-1');
    expect(delays.interval).toEqual([REFRESH_INTERVAL_MS]);

    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS - 1);
    expect(server.refreshCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.refreshCalls()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS * 3);
    expect(server.refreshCalls()).toHaveLength(5);
    expect(store.getSnapshot().token).toBe('token-5');

    // The refresh is authenticated by the httpOnly cookie; tokens never reach storage.
    expect(server.refreshCalls()[0]?.init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
    });
    expect([...storage.items.values()].join()).not.toContain('token-');
    store.dispose();
  });

  it('on a failed refresh: shows the expiry text, dispatches user_logout and logs out', async () => {
    const { store, server, storage, events, notifyError } = setup();
    storage.setItem(DEVICE_SETTINGS_KEY, '{"MIC":"a","CAM":"b"}');
    store.signIn(login(teacher));
    server.failRefreshWith(() => json(401, { status: false, message: 'Unauthorized' }));

    await vi.advanceTimersByTimeAsync(REFRESH_FIRST_DELAY_MS);

    expect(notifyError).toHaveBeenCalledExactlyOnceWith(AuthText.sessionExpired);
    expect(events.map((event) => event.type)).toEqual([USER_LOGOUT_EVENT]);
    expect(server.calls.map((call) => call.path)).toEqual([RefreshPath, LogoutPath]);
    expect(store.getSnapshot()).toEqual({
      phase: 'signedOut',
      user: null,
      token: null,
      ended: 'expired',
    });
    expect(storage.getItem(DEVICE_SETTINGS_KEY)).toBeNull();
    expect(storage.getItem(SESSION_HINT_KEY)).toBeNull();

    // The timers stopped with the session.
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS * 2);
    expect(server.refreshCalls()).toHaveLength(1);
  });

  it.each([
    ['status false with a 200', () => json(200, { status: false, token: 'abc' })],
    ['an empty token', () => json(200, { status: true, token: '', data: teacher })],
    ['a network failure', () => Promise.reject(new TypeError('offline')) as never],
  ])('treats %s as a failed refresh', async (_name, answer) => {
    const { store, server, notifyError } = setup();
    store.signIn(login(teacher));
    server.failRefreshWith(answer);
    // A request that got no answer is asked once more before the session ends.
    await vi.advanceTimersByTimeAsync(REFRESH_FIRST_DELAY_MS + REFRESH_NO_ANSWER_RETRY_MS);
    expect(notifyError).toHaveBeenCalledWith(AuthText.sessionExpired);
    expect(store.getSnapshot().phase).toBe('signedOut');
  });

  it('asks once more when a refresh got no answer (a navigation cut it off), and logs nobody out', async () => {
    const { store, server, notifyError } = setup();
    store.signIn(login(teacher));
    let calls = 0;
    server.failRefreshWith(() => {
      calls += 1;
      if (calls === 1) return Promise.reject(new TypeError('Failed to fetch')) as never;
      return json(200, login(teacher, 'token-after-retry'));
    });
    await vi.advanceTimersByTimeAsync(REFRESH_FIRST_DELAY_MS);
    expect(store.getSnapshot().phase).toBe('signedIn');
    expect(server.calls.map((call) => call.path)).toEqual([RefreshPath]);
    await vi.advanceTimersByTimeAsync(REFRESH_NO_ANSWER_RETRY_MS);
    expect(server.calls.map((call) => call.path)).toEqual([RefreshPath, RefreshPath]);
    expect(store.getSnapshot()).toMatchObject({ phase: 'signedIn', token: 'token-after-retry' });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('ends the session at once on an answered refusal, without asking again', async () => {
    const { store, server } = setup();
    store.signIn(login(teacher));
    server.failRefreshWith(() => json(401, { status: false, message: 'Unauthorized' }));
    await vi.advanceTimersByTimeAsync(REFRESH_FIRST_DELAY_MS);
    expect(store.getSnapshot().phase).toBe('signedOut');
    expect(server.refreshCalls()).toHaveLength(1);
  });

  it('never refreshes a guest session', async () => {
    const { store, server, delays } = setup();
    store.signIn(login(guest, 'guest-token'));
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS * 2);
    expect(server.refreshCalls()).toHaveLength(0);
    expect(delays.timeout).toEqual([]);
    expect(store.getSnapshot()).toMatchObject({ phase: 'signedIn', token: 'guest-token' });
  });

  it('logout calls the server, stops the refresh and forgets the user', async () => {
    const { store, server, storage, events } = setup();
    storage.setItem(DEVICE_SETTINGS_KEY, '{}');
    store.signIn(login(teacher, 'live-token'));
    await store.logout();

    const logoutCall = server.calls.find((call) => call.path === LogoutPath);
    expect(logoutCall?.init?.headers).toMatchObject({ authorization: 'Bearer live-token' });
    expect(store.getSnapshot()).toEqual({
      phase: 'signedOut',
      user: null,
      token: null,
      ended: null,
    });
    expect(storage.getItem(DEVICE_SETTINGS_KEY)).toBeNull();
    expect(events).toEqual([]);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS * 2);
    expect(server.refreshCalls()).toHaveLength(0);
  });

  it('logs out locally even when the server cannot be reached', async () => {
    const { store, server } = setup();
    store.signIn(login(teacher));
    server.fetch.mockRejectedValueOnce(new TypeError('offline'));
    await store.logout();
    expect(store.getSnapshot().phase).toBe('signedOut');
  });

  it('restores a session from the refresh cookie on start, then refreshes on schedule', async () => {
    const { store, server, storage } = setup();
    storage.setItem(SESSION_HINT_KEY, '1');
    expect(store.getSnapshot().phase).toBe('restoring');
    await store.start('');
    expect(store.getSnapshot()).toMatchObject({
      phase: 'signedIn',
      token: 'token-1',
      user: { username: 'teacher' },
    });
    await store.start('');
    expect(server.refreshCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(REFRESH_FIRST_DELAY_MS);
    expect(server.refreshCalls()).toHaveLength(2);
    store.dispose();
  });

  it('starts signed out, quietly, when the cookie is gone', async () => {
    const { store, server, storage, notifyError, events } = setup();
    storage.setItem(SESSION_HINT_KEY, '1');
    server.failRefreshWith(() => json(401, { status: false, message: 'Unauthorized' }));
    await store.start('');
    expect(store.getSnapshot()).toMatchObject({ phase: 'signedOut', ended: null });
    expect(notifyError).not.toHaveBeenCalled();
    expect(events).toEqual([]);
    expect(storage.getItem(SESSION_HINT_KEY)).toBeNull();
  });

  it('does not ask the server when no session was ever started here', async () => {
    const { store, server } = setup();
    await store.start('');
    expect(store.getSnapshot().phase).toBe('signedOut');
    expect(server.calls).toEqual([]);
  });

  it('always restores after a provider sign-in (?signin=ok)', async () => {
    const { store, server } = setup();
    await store.start('?signin=ok');
    expect(server.refreshCalls()).toHaveLength(1);
    expect(store.getSnapshot().phase).toBe('signedIn');
    store.dispose();
  });

  it('sends one refresh at a time', async () => {
    const { store, server } = setup();
    store.signIn(login(teacher));
    const first = store.refresh();
    const second = store.refresh();
    await Promise.all([first, second]);
    expect(server.refreshCalls()).toHaveLength(1);
    store.dispose();
  });

  it('drops a refresh answer that arrives after logout', async () => {
    let release: (response: Response) => void = () => {};
    const { store, server, notifyError } = setup();
    store.signIn(login(teacher));
    server.failRefreshWith(
      () => new Promise<Response>((resolve) => (release = resolve)) as unknown as Response,
    );
    const pending = store.refresh();
    await store.logout();
    release(json(200, login(teacher, 'late-token')));
    await expect(pending).resolves.toBe(false);
    expect(store.getSnapshot()).toMatchObject({ phase: 'signedOut', token: null });
    expect(notifyError).not.toHaveBeenCalled();
  });
});

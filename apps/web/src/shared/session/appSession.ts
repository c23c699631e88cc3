import { notifyError } from '../toast/toast.ts';
import { browserStorage } from '../browserStorage.ts';
import { createSessionStore } from './sessionStore.ts';

/** The browser's Web Locks, where available (all current browsers on https or localhost). */
function withBrowserLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(name, task) : task();
}

/** The app's one session. */
export const sessionStore = createSessionStore({
  fetch: (input, init) => window.fetch(input, init),
  storage: browserStorage(),
  dispatchEvent: (event) => window.dispatchEvent(event),
  notifyError,
  withLock: withBrowserLock,
});

import { AuthApi } from '@atrium/protocol';
import { browserStorage } from '../../shared/browserStorage.ts';
import { createSessionStore } from '../../shared/session/sessionStore.ts';

/** The visitor did not confirm entering as a guest: back to the start, nothing failed. */
export class GuestDeclinedError extends Error {
  constructor() {
    super('The visitor did not enter as a guest.');
    this.name = 'GuestDeclinedError';
  }
}

function withBrowserLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(name, task) : task();
}

/**
 * Who walks into the world from this frame. In order: the token the host page handed over
 * (same-origin hosts only), this browser's own session (the refresh cookie, where the browser
 * sends it to a frame), or a new guest session.
 */
export interface FrameSession {
  /** Sets the token from the host page (it sends a new one after each rotation). */
  setHostToken(token: string): void;
  /** The token to enter with; restores or creates a session the first time. */
  ensureToken(): Promise<string>;
  /** The token now (for socket reconnects). */
  currentToken(): string;
  dispose(): void;
}

export interface FrameSessionOptions {
  /**
   * Asked before a new guest session is made (SPEC §4: guest entry needs a confirmation); a
   * `false` answer rejects `ensureToken` with {@link GuestDeclinedError}. No question when absent.
   */
  confirmGuest?: () => Promise<boolean>;
}

export function createFrameSession(options: FrameSessionOptions = {}): FrameSession {
  const store = createSessionStore({
    fetch: (input, init) => window.fetch(input, init),
    storage: browserStorage(),
    withLock: withBrowserLock,
  });
  let hostToken: string | null = null;
  let ownToken: string | null = null;
  let restoring: Promise<string> | null = null;

  const restore = async (): Promise<string> => {
    await store.start(window.location.search);
    const restored = store.getSnapshot();
    if (restored.phase === 'signedIn' && restored.token) return restored.token;
    if (options.confirmGuest && !(await options.confirmGuest())) throw new GuestDeclinedError();
    const guest = await store.client.call(AuthApi.guest, {}, { auth: false });
    ownToken = guest.token;
    return guest.token;
  };

  const current = () => hostToken ?? store.getSnapshot().token ?? ownToken ?? '';

  return {
    setHostToken(token) {
      hostToken = token;
    },
    async ensureToken() {
      if (hostToken) return hostToken;
      restoring ??= restore().finally(() => {
        restoring = null;
      });
      await restoring;
      return current();
    },
    currentToken: current,
    dispose() {
      store.dispose();
    },
  };
}

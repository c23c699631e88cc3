import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { signedOutSession, toSessionUser, type Session } from './session.ts';
import type { SessionState, SessionStore } from './sessionStore.ts';

const SessionContext = createContext<Session>(signedOutSession);
const SessionStoreContext = createContext<SessionStore | null>(null);

export interface SessionProviderProps {
  /** The live session store; without it the shell shows a fixed `value`. */
  store?: SessionStore;
  /** A fixed session (tests, previews); defaults to signed out. */
  value?: Session;
  children: ReactNode;
}

function StoreSessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const session = useMemo<Session>(
    () => ({ user: state.user ? toSessionUser(state.user) : null, hasNewAlbumItems: false }),
    [state.user],
  );
  return (
    <SessionStoreContext value={store}>
      <SessionContext value={session}>{children}</SessionContext>
    </SessionStoreContext>
  );
}

/** Provides the current session to the shell (navigation, user area) and the accounts pages. */
export function SessionProvider({
  store,
  value = signedOutSession,
  children,
}: SessionProviderProps) {
  if (store) return <StoreSessionProvider store={store}>{children}</StoreSessionProvider>;
  return <SessionContext value={value}>{children}</SessionContext>;
}

/** The current session; signed out when no provider is above. */
export function useSession(): Session {
  return useContext(SessionContext);
}

/** The session store (login, logout, API client); throws outside a store-backed provider. */
export function useSessionStore(): SessionStore {
  const store = useContext(SessionStoreContext);
  if (!store) throw new Error('useSessionStore needs a <SessionProvider store={…}> above it.');
  return store;
}

/** The full session state (phase, user, token) of the store above. */
export function useSessionState(): SessionState {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}

/** Logout of the store above, or undefined when the provider has no store. */
export function useLogout(): (() => Promise<void>) | undefined {
  const store = useContext(SessionStoreContext);
  return store ? () => store.logout() : undefined;
}

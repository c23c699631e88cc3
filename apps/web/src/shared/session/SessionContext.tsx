import { createContext, useContext, type ReactNode } from 'react';
import { signedOutSession, type Session } from './session.ts';

const SessionContext = createContext<Session>(signedOutSession);

export interface SessionProviderProps {
  /** Defaults to signed out; the accounts feature passes the live session here. */
  value?: Session;
  children: ReactNode;
}

/** Provides the current session to the shell (navigation, user area). */
export function SessionProvider({ value = signedOutSession, children }: SessionProviderProps) {
  return <SessionContext value={value}>{children}</SessionContext>;
}

/** The current session; signed out when no provider is above. */
export function useSession(): Session {
  return useContext(SessionContext);
}

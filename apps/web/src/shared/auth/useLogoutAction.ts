import { AppRoute, AuthText } from '@atrium/protocol';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSessionStore } from '../session/SessionContext.tsx';
import { notifySuccess } from '../toast/toast.ts';
import { inFlight } from '../api/inFlight.ts';
import { AuthAction } from './useAuth.ts';

/** SPEC §4 logout from a button: ends the session, says so, and shows the login box at home. */
export function useLogoutAction(): { logout: () => void; pending: boolean } {
  const store = useSessionStore();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [pending, setPending] = useState(false);

  const logout = () => {
    void inFlight.run(AuthAction.logout, async () => {
      setPending(true);
      try {
        await store.logout();
        notifySuccess(AuthText.loggedOut);
        if (pathname !== AppRoute.home) await navigate(AppRoute.home);
      } finally {
        setPending(false);
      }
    });
  };

  return { logout, pending };
}

import { AppRoute, AuthText } from '@atrium/protocol';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { inFlight } from '../../shared/api/inFlight.ts';
import { useSessionStore } from '../../shared/session/SessionContext.tsx';
import { notifySuccess } from '../../shared/toast/toast.ts';

const LOGOUT_KEY = 'auth:logout';

/** SPEC §4 logout from a button: ends the session, says so, and shows the login box at home. */
export function useLogoutAction(): { logout: () => void; pending: boolean } {
  const store = useSessionStore();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const logout = () => {
    void inFlight.run(LOGOUT_KEY, async () => {
      setPending(true);
      try {
        await store.logout();
        notifySuccess(AuthText.loggedOut);
        await navigate(AppRoute.home);
      } finally {
        setPending(false);
      }
    });
  };

  return { logout, pending };
}

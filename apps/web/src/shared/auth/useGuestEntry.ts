import { AuthText } from '@atrium/protocol';
import { useCallback, useState } from 'react';
import { useDialogs } from '../dialogs/useDialogs.ts';
import { useSessionStore } from '../session/SessionContext.tsx';
import { notifyError, notifySuccess } from '../toast/toast.ts';
import { AuthAction, errorMessage, inFlight, useAuthApi } from './api.ts';
import { AuthWebText } from './texts.ts';

/**
 * Guest entry, for the login box and the mobile metaverse page: the confirmation of what a guest
 * cannot do (SPEC §4), then a guest session.
 */
export function useGuestEntry(): { enter: () => void; pending: boolean } {
  const store = useSessionStore();
  const api = useAuthApi();
  const { confirm } = useDialogs();
  const [pending, setPending] = useState(false);

  const enter = useCallback(() => {
    void inFlight.run(AuthAction.guest, async () => {
      const confirmed = await confirm({
        title: AuthWebText.guestTitle,
        message: AuthText.guestWarning,
        confirmLabel: AuthWebText.guestConfirm,
      });
      if (!confirmed) return;
      setPending(true);
      try {
        const response = await api.enterAsGuest();
        notifySuccess(response.message);
        store.signIn(response);
      } catch (error) {
        notifyError(errorMessage(error));
      } finally {
        setPending(false);
      }
    });
  }, [api, confirm, store]);

  return { enter, pending };
}

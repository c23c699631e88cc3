import { AuthText } from '@atrium/protocol';
import { useCallback, useState } from 'react';
import { useDialogs } from '../dialogs/useDialogs.ts';
import { useSessionStore } from '../session/SessionContext.tsx';
import { notifyError, notifySuccess } from '../toast/toast.ts';
import { errorMessage } from '../api/client.ts';
import { inFlight } from '../api/inFlight.ts';
import { AuthWebText } from './texts.ts';
import { AuthAction, useGuestSignIn } from './useAuth.ts';

/**
 * Guest entry, for the login box and the mobile metaverse page: the confirmation of what a guest
 * cannot do (SPEC §4), then a guest session.
 */
export function useGuestEntry(): { enter: () => void; pending: boolean } {
  const store = useSessionStore();
  const { mutateAsync: signInAsGuest } = useGuestSignIn();
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
        const response = await signInAsGuest();
        notifySuccess(response.message);
        store.signIn(response);
      } catch (error) {
        notifyError(errorMessage(error));
      } finally {
        setPending(false);
      }
    });
  }, [signInAsGuest, confirm, store]);

  return { enter, pending };
}

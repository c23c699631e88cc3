import { AppRoute } from '@atrium/protocol';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { showError } from '../dialogs/dialogStore.ts';
import { onSessionNotice } from '../realtime/sessionNotices.ts';
import { useSessionStore } from '../session/SessionContext.tsx';
import { SessionNoticeText } from './texts.ts';

/**
 * Issue 29: acts on an admin's word about this person. A kick, ban, deactivation or deletion
 * signs the page out and says why; a new role renews the session (the sign-in holds, the token
 * carries the role) and reloads; a warning is shown as it is.
 */
export function SessionNotices() {
  const store = useSessionStore();
  const navigate = useNavigate();
  useEffect(
    () =>
      onSessionNotice((notice) => {
        if (notice.reason === 'warning') {
          void showError({ title: SessionNoticeText.warningTitle, message: notice.message });
          return;
        }
        if (notice.reason === 'role') {
          void store.refresh().then(() => window.location.reload());
          return;
        }
        void store.logout().finally(() => {
          void navigate(AppRoute.home);
          void showError({ title: SessionNoticeText.endedTitle, message: notice.message });
        });
      }),
    [store, navigate],
  );
  return null;
}

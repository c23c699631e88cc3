import type { InboxType, Notification } from '@atrium/protocol';
import { useEffect } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { notifyError, notifySuccess } from '../../shared/toast/toast.ts';
import type { SocialActions } from './SocialLive.tsx';
import type { SocialHttp } from './socialApi.ts';
import { setUnread } from './socialState.ts';
import { SocialText, SocialUiText as T } from './texts.ts';
import { useLoad } from './useLoad.ts';

export interface NotificationsTabProps {
  http: SocialHttp;
  actions: SocialActions;
  version: number;
}

/** The notifications a person can still answer from the list, and the inbox each answers. */
const inboxOf: Partial<Record<Notification['type'], InboxType>> = {
  call: 'CallUser',
  'request-action': 'RequestUser',
  invite: 'InviteUser',
};

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

/**
 * SPEC §2/§4 notifications, newest first. Opening the list marks all read (clearing the dot);
 * status 0 offers accept and reject, a nonzero status disables them and highlights the choice.
 */
export function NotificationsTab({ http, actions, version }: NotificationsTabProps) {
  const { state, reload } = useLoad(http.notifications, version);

  useEffect(() => {
    setUnread(0);
    // SPEC §8: read failures are silently ignored.
    http.markRead().catch(() => undefined);
  }, [http, version]);

  const answer = async (n: Notification, accept: boolean) => {
    try {
      const inbox = inboxOf[n.type];
      if (inbox) await actions.answer(inbox, accept);
      else notifySuccess(await (accept ? http.accept(n.sendBy) : http.reject(n.sendBy)));
    } catch (error) {
      notifyError(errorMessage(error));
    }
    reload();
  };

  if (state.phase === 'loading') return <p className="social-empty">{T.loading}</p>;
  if (state.phase === 'error') {
    return (
      <p className="social-empty" role="alert">
        {SocialText.noNotifications}
      </p>
    );
  }
  const items = state.data.items;
  if (items.length === 0) {
    return <p className="social-empty">{state.data.message ?? SocialText.noNotifications}</p>;
  }
  return (
    <ul className="social-list" aria-label={T.tabNotifications}>
      {items.map((n) => {
        const answerable = n.type === 'friend-request' || inboxOf[n.type] !== undefined;
        return (
          <li
            key={n.id}
            className={`social-row social-note ${n.isRead ? '' : 'social-note--unread'}`}
          >
            <span className="social-row__name">
              {n.text}
              <small className="social-row__meta">{timeOf(n.timestamp)}</small>
            </span>
            {answerable && (
              <span className="social-row__actions">
                <button
                  type="button"
                  className={`button button--small ${n.status === 1 ? 'button--primary social-chosen' : 'button--secondary'}`}
                  disabled={n.status !== 0}
                  onClick={() => void answer(n, true)}
                >
                  {T.accept}
                </button>
                <button
                  type="button"
                  className={`button button--small button--secondary ${n.status === 2 ? 'social-chosen' : ''}`}
                  disabled={n.status !== 0}
                  onClick={() => void answer(n, false)}
                >
                  {T.reject}
                </button>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

import type { InboxType, Notification } from '@atrium/protocol';
import { useEffect } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { notifyError, notifySuccess } from '../../shared/toast/toast.ts';
import { setUnread, type SocialActions } from './socialState.ts';
import { SocialText, SocialUiText as T } from './texts.ts';
import {
  useFriendMutations,
  useMarkNotificationsRead,
  useNotifications,
} from './useSocialQueries.ts';

export interface NotificationsTabProps {
  actions: SocialActions;
  /** Bumped by live events: what arrives while the list is open is read too. */
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
export function NotificationsTab({ actions, version }: NotificationsTabProps) {
  const list = useNotifications();
  const friendship = useFriendMutations();
  const { mutate: markRead } = useMarkNotificationsRead();

  useEffect(() => {
    setUnread(0);
    // SPEC §8: read failures are silently ignored (the mutation keeps its error to itself).
    markRead();
  }, [markRead, version]);

  const answer = async (n: Notification, accept: boolean) => {
    try {
      const inbox = inboxOf[n.type];
      if (inbox) await actions.answer(inbox, accept);
      else {
        const change = accept ? friendship.accept : friendship.reject;
        notifySuccess(await change.mutateAsync(n.sendBy));
      }
    } catch (error) {
      notifyError(errorMessage(error));
    }
    void list.refetch();
  };

  if (list.isPending) return <p className="social-empty">{T.loading}</p>;
  if (list.isError) {
    return (
      <p className="social-empty" role="alert">
        {SocialText.noNotifications}
      </p>
    );
  }
  const items = list.data.items;
  if (items.length === 0) {
    return <p className="social-empty">{list.data.message ?? SocialText.noNotifications}</p>;
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

import { EMOTES, FriendStatus, type Emote, type Friend } from '@atrium/protocol';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { useDialogs } from '../../shared/dialogs/useDialogs.ts';
import { notifyError, notifySuccess } from '../../shared/toast/toast.ts';
import type { SocialActions } from './SocialLive.tsx';
import type { SocialHttp } from './socialApi.ts';
import { SocialText, SocialUiText as T } from './texts.ts';
import { useLoad } from './useLoad.ts';

export interface FriendsTabProps {
  http: SocialHttp;
  actions: SocialActions;
  version: number;
  canInvite: boolean;
}

/** Friends first (online ones on top), then requests waiting for an answer. */
const order = (a: Friend, b: Friend) =>
  Number(b.status === FriendStatus.accepted) - Number(a.status === FriendStatus.accepted) ||
  Number(b.online) - Number(a.online) ||
  a.userName.localeCompare(b.userName);

/** SPEC §2 friends list: per friend Call, Invite Call, Remove; requests with accept/reject. */
export function FriendsTab({ http, actions, version, canInvite }: FriendsTabProps) {
  const { confirm } = useDialogs();
  const { state, reload } = useLoad(http.friends, version);
  const [name, setName] = useState('');
  const [emote, setEmote] = useState<Emote>('waving');
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const emoteId = useId();

  const run = async (work: () => Promise<string | void>) => {
    setBusy(true);
    try {
      const message = await work();
      if (message) notifySuccess(message);
      reload();
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const message = await http.request(name);
      setName('');
      return message;
    });
  };

  const handleRemove = async (friend: Friend) => {
    const yes = await confirm({
      title: T.deleteTitle,
      message: SocialText.deleteConfirm,
      confirmLabel: T.deleteButton,
      cancelLabel: T.cancel,
    });
    if (yes) await run(() => http.remove(friend.user_id));
  };

  const friends = state.phase === 'ready' ? [...state.data.items].sort(order) : [];
  return (
    <div className="social-section">
      <form className="social-form" onSubmit={handleAdd}>
        <label htmlFor={inputId} className="social-form__label">
          {T.addFriend}
        </label>
        <div className="social-form__row">
          <input
            id={inputId}
            className="field__input"
            value={name}
            autoComplete="off"
            placeholder={T.addFriendLabel}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {T.addFriendButton}
          </button>
        </div>
      </form>
      <div className="social-form__row social-form__row--inline">
        <label htmlFor={emoteId} className="social-form__label">
          {T.chooseAction}
        </label>
        <select
          id={emoteId}
          className="field__input social-select"
          value={emote}
          onChange={(e) => setEmote(e.target.value as Emote)}
        >
          {EMOTES.map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </select>
      </div>
      {state.phase === 'loading' && <p className="social-empty">{T.loading}</p>}
      {state.phase === 'error' && (
        <p className="social-empty" role="alert">
          {SocialText.noFriends}
        </p>
      )}
      {state.phase === 'ready' && friends.length === 0 && (
        <p className="social-empty">{state.data.message ?? SocialText.noFriends}</p>
      )}
      {friends.length > 0 && (
        <ul className="social-list" aria-label={T.tabFriends}>
          {friends.map((friend) => (
            <li key={friend.user_id} className="social-row" data-friend={friend.userName}>
              <span
                className={`social-status ${friend.online ? 'social-status--on' : ''}`}
                aria-hidden="true"
              />
              <span className="social-row__name">
                {friend.userName}
                <small className="social-row__meta">
                  {friend.status === FriendStatus.accepted
                    ? friend.online
                      ? T.online
                      : T.offline
                    : friend.status === FriendStatus.pending
                      ? friend.incoming
                        ? T.pendingIn
                        : T.pendingOut
                      : T.rejected}
                </small>
              </span>
              <span className="social-row__actions">
                {friend.status === FriendStatus.accepted && (
                  <>
                    <button
                      type="button"
                      className="button button--primary button--small"
                      onClick={() => void actions.call(friend.userName)}
                    >
                      {T.call}
                    </button>
                    {canInvite && (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => void actions.invite(friend.userName)}
                      >
                        {T.inviteCall}
                      </button>
                    )}
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => void actions.requestAction(friend.userName, emote)}
                    >
                      {T.requestAction}
                    </button>
                  </>
                )}
                {friend.status === FriendStatus.pending && friend.incoming && (
                  <>
                    <button
                      type="button"
                      className="button button--primary button--small"
                      disabled={busy}
                      onClick={() => void run(() => http.accept(friend.user_id))}
                    >
                      {T.accept}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={busy}
                      onClick={() => void run(() => http.reject(friend.user_id))}
                    >
                      {T.reject}
                    </button>
                  </>
                )}
                {(friend.status !== FriendStatus.pending || !friend.incoming) && (
                  <button
                    type="button"
                    className="button button--danger button--small"
                    disabled={busy}
                    onClick={() => void handleRemove(friend)}
                  >
                    {T.remove}
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { EMOTES, FriendStatus, type Emote, type Friend } from '@atrium/protocol';
import { useId, useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { useDialogs } from '../../shared/dialogs/useDialogs.ts';
import { notifyError, notifySuccess } from '../../shared/toast/toast.ts';
import { PersonRow } from './PersonRow.tsx';
import type { SocialActions } from './socialState.ts';
import { SocialText, SocialUiText as T } from './texts.ts';
import { UsernameForm } from './UsernameForm.tsx';
import { useFriendMutations, useFriends } from './useSocialQueries.ts';

export interface FriendsTabProps {
  actions: SocialActions;
  canInvite: boolean;
}

/** Friends first (online ones on top), then requests waiting for an answer. */
const order = (a: Friend, b: Friend) =>
  Number(b.status === FriendStatus.accepted) - Number(a.status === FriendStatus.accepted) ||
  Number(b.online) - Number(a.online) ||
  a.userName.localeCompare(b.userName);

/** Where a friend or a request stands, under the name. */
const standing = (friend: Friend): string =>
  friend.status === FriendStatus.accepted
    ? friend.online
      ? T.online
      : T.offline
    : friend.status === FriendStatus.pending
      ? friend.incoming
        ? T.pendingIn
        : T.pendingOut
      : T.rejected;

/** SPEC §2 friends list: per friend Call, Invite Call, Remove; requests with accept/reject. */
export function FriendsTab({ actions, canInvite }: FriendsTabProps) {
  const { confirm } = useDialogs();
  const list = useFriends();
  const friendship = useFriendMutations();
  const busy = friendship.busy;
  const [emote, setEmote] = useState<Emote>('waving');
  const emoteId = useId();

  /** Runs a change; the list reloads once the server took it (the mutation's own reload). */
  const run = async (work: () => Promise<string>) => {
    try {
      const message = await work();
      if (message) notifySuccess(message);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  const handleAdd = async (name: string) => {
    let taken = false;
    await run(async () => {
      const message = await friendship.request.mutateAsync(name);
      taken = true;
      return message;
    });
    return taken;
  };

  const handleRemove = async (friend: Friend) => {
    const yes = await confirm({
      title: T.deleteTitle,
      message: SocialText.deleteConfirm,
      confirmLabel: T.deleteButton,
      cancelLabel: T.cancel,
    });
    if (yes) await run(() => friendship.remove.mutateAsync(friend.user_id));
  };

  const friends = list.isSuccess ? [...list.data.items].sort(order) : [];
  return (
    <div className="social-section">
      <UsernameForm
        label={T.addFriend}
        submitLabel={T.addFriendButton}
        variant="primary"
        disabled={busy}
        onSubmit={handleAdd}
      />
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
      {list.isPending && <p className="social-empty">{T.loading}</p>}
      {list.isError && (
        <p className="social-empty" role="alert">
          {SocialText.noFriends}
        </p>
      )}
      {list.isSuccess && friends.length === 0 && (
        <p className="social-empty">{list.data.message ?? SocialText.noFriends}</p>
      )}
      {friends.length > 0 && (
        <ul className="social-list" aria-label={T.tabFriends}>
          {friends.map((friend) => (
            <PersonRow
              key={friend.user_id}
              name={friend.userName}
              online={friend.online}
              meta={standing(friend)}
              data={{ 'data-friend': friend.userName }}
            >
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
                      onClick={() => void run(() => friendship.accept.mutateAsync(friend.user_id))}
                    >
                      {T.accept}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={busy}
                      onClick={() => void run(() => friendship.reject.mutateAsync(friend.user_id))}
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
            </PersonRow>
          ))}
        </ul>
      )}
    </div>
  );
}

import * as Dialog from '@radix-ui/react-dialog';
import { FriendStatus, type Friend } from '@atrium/protocol';
import { useState } from 'react';
import { PopupShell } from '../../shared/ui/PopupShell.tsx';
import { PersonRow } from './PersonRow.tsx';
import { SocialText, SocialUiText as T } from './texts.ts';
import { useFriends } from './useSocialQueries.ts';

export interface AddParticipantProps {
  /** The user ids already in the video room: they are not offered. */
  inRoom: readonly string[];
  /** Sends Invite Call to a friend (its toast says how it went); true when it was sent. */
  onInvite: (username: string) => Promise<boolean>;
  onClose: () => void;
}

/** Online friends first, then by name. */
const order = (a: Friend, b: Friend) =>
  Number(b.online) - Number(a.online) || a.userName.localeCompare(b.userName);

/**
 * The video room's "Add participant" (SPEC §2, issue 27): the friends who are not in the room
 * yet, each with Invite; an accepted invite brings them into this room. The list follows who is
 * online, and stays open to invite several.
 */
export function AddParticipant({ inRoom, onInvite, onClose }: AddParticipantProps) {
  const list = useFriends();
  const [invited, setInvited] = useState<ReadonlySet<string>>(new Set());

  const handleInvite = async (name: string) => {
    if (await onInvite(name)) setInvited((done) => new Set(done).add(name));
  };

  const friends = list.isSuccess
    ? list.data.items
        .filter((f) => f.status === FriendStatus.accepted && !inRoom.includes(f.user_id))
        .sort(order)
    : [];
  const hasFriends =
    list.isSuccess && list.data.items.some((f) => f.status === FriendStatus.accepted);
  return (
    <PopupShell open onDismiss={onClose} className="social-picker" closeButton>
      <Dialog.Title className="dialog__title">{T.addParticipantTitle}</Dialog.Title>
      <Dialog.Description className="dialog__description">
        {T.addParticipantText}
      </Dialog.Description>
      {list.isPending && <p className="social-empty">{T.loading}</p>}
      {(list.isError || (list.isSuccess && !hasFriends)) && (
        <p className="social-empty">{SocialText.noFriends}</p>
      )}
      {hasFriends && friends.length === 0 && <p className="social-empty">{T.allFriendsInRoom}</p>}
      {friends.length > 0 && (
        <ul className="social-list social-picker__list" aria-label={T.addParticipantList}>
          {friends.map((friend) => (
            <PersonRow
              key={friend.user_id}
              name={friend.userName}
              online={friend.online}
              meta={friend.online ? T.online : T.offline}
              data={{ 'data-participant': friend.userName }}
            >
              {friend.online && (
                <button
                  type="button"
                  className="button button--primary button--small"
                  disabled={invited.has(friend.userName)}
                  onClick={() => void handleInvite(friend.userName)}
                >
                  {invited.has(friend.userName) ? T.invited : T.invite}
                </button>
              )}
            </PersonRow>
          ))}
        </ul>
      )}
    </PopupShell>
  );
}

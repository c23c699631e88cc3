// @vitest-environment happy-dom
import type { Friend } from '@atrium/protocol';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddParticipant } from './AddParticipant.tsx';
import { SocialText, SocialUiText as T } from './texts.ts';

const friend = (name: string, status: number, online: boolean): Friend => ({
  user_id: `${name}-id`,
  userName: name,
  status,
  requestedOn: null,
  approvedOn: null,
  rejectedOn: null,
  incoming: false,
  online,
});

// The friends list as the server answered it (the picker's one source).
let friends: Friend[] = [];
vi.mock('./useSocialQueries.ts', () => ({
  useFriends: () => ({
    isPending: false,
    isError: false,
    isSuccess: true,
    data: { items: friends, message: null },
  }),
}));

const rows = () =>
  within(screen.getByRole('list', { name: T.addParticipantList }))
    .getAllByRole('listitem')
    .map((row) => row.getAttribute('data-participant'));

describe('Add participant’s friend picker (issue 27)', () => {
  afterEach(cleanup);

  it('offers friends not in the room, online first; Invite once sent says Invited', async () => {
    const user = userEvent.setup();
    friends = [
      friend('zoe', 1, true),
      friend('bea', 1, false),
      friend('cal', 1, true),
      friend('dan', 0, true),
      friend('eve', 1, true),
    ];
    const onInvite = vi.fn((name: string) => Promise.resolve(name === 'cal'));
    render(<AddParticipant inRoom={['eve-id']} onInvite={onInvite} onClose={() => undefined} />);
    // Not eve (in the room), nor dan (a request, not a friend).
    expect(rows()).toEqual(['cal', 'zoe', 'bea']);
    const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
    // An offline friend cannot be invited: the server would refuse.
    expect(within(row('bea')).queryByRole('button')).toBeNull();
    await user.click(within(row('zoe')).getByRole('button', { name: T.invite }));
    expect(within(row('zoe')).getByRole('button', { name: T.invite })).toBeTruthy();
    await user.click(within(row('cal')).getByRole('button', { name: T.invite }));
    expect(onInvite.mock.calls).toEqual([['zoe'], ['cal']]);
    const sent = within(row('cal')).getByRole('button', { name: T.invited });
    expect((sent as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when there is nobody to add', () => {
    friends = [friend('eve', 1, true)];
    const props = { onInvite: () => Promise.resolve(true), onClose: () => undefined };
    render(<AddParticipant inRoom={['eve-id']} {...props} />);
    expect(screen.getByText(T.allFriendsInRoom)).toBeTruthy();
    cleanup();
    friends = [friend('dan', 0, true)];
    render(<AddParticipant inRoom={[]} {...props} />);
    expect(screen.getByText(SocialText.noFriends)).toBeTruthy();
  });
});

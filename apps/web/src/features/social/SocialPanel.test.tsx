// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocialPanel } from './SocialPanel.tsx';
import { setUnread, type SocialActions } from './socialState.ts';
import { SocialUiText as T } from './texts.ts';

// Each tab's own list (loaded from the server) stands in as a line naming it.
vi.mock('./FriendsTab.tsx', () => ({ FriendsTab: () => <p>friends list</p> }));
vi.mock('./OnlineTab.tsx', () => ({ OnlineTab: () => <p>online list</p> }));
vi.mock('./NotificationsTab.tsx', () => ({ NotificationsTab: () => <p>notifications list</p> }));
vi.mock('./BlockedTab.tsx', () => ({ BlockedTab: () => <p>blocked list</p> }));

const actions = {} as SocialActions;

const showPanel = () =>
  render(
    <SocialPanel
      me="ada"
      socket={null}
      actions={actions}
      version={0}
      canInvite
      onClose={() => undefined}
    />,
  );

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const selected = () =>
  screen.getAllByRole('tab').filter((t) => t.getAttribute('aria-selected') === 'true');
const shown = () => screen.getByRole('tabpanel').textContent;

describe('the social panel’s tabs', () => {
  afterEach(() => {
    cleanup();
    setUnread(0);
  });

  it('opens on Friends with nothing unread, and switches tab on a click', async () => {
    const user = userEvent.setup();
    showPanel();
    expect(selected()).toEqual([tab(T.tabFriends)]);
    expect(shown()).toBe('friends list');
    await user.click(tab(T.tabBlocked));
    expect(selected()).toEqual([tab(T.tabBlocked)]);
    expect(shown()).toBe('blocked list');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tab(T.tabBlocked).id);
    // One tab in the Tab order: the selected one.
    expect(tab(T.tabBlocked).tabIndex).toBe(0);
    expect(tab(T.tabFriends).tabIndex).toBe(-1);
  });

  it('opens on Notifications, with their count, when some are unread', () => {
    setUnread(3);
    showPanel();
    expect(selected()).toEqual([tab(T.tabNotifications)]);
    expect(tab(T.tabNotifications).textContent).toBe(`${T.tabNotifications}3`);
    expect(shown()).toBe('notifications list');
  });

  it('moves between tabs with the arrow keys, round the ends, and focus follows', async () => {
    const user = userEvent.setup();
    showPanel();
    tab(T.tabFriends).focus();
    await user.keyboard('{ArrowRight}');
    expect(selected()).toEqual([tab(T.tabOnline)]);
    expect(document.activeElement).toBe(tab(T.tabOnline));
    expect(shown()).toBe('online list');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(selected()).toEqual([tab(T.tabBlocked)]);
    expect(document.activeElement).toBe(tab(T.tabBlocked));
    await user.keyboard('{ArrowRight}');
    expect(selected()).toEqual([tab(T.tabFriends)]);
  });
});

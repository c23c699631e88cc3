// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocialPanel } from './SocialPanel.tsx';
import { setUnread, type SocialActions } from './socialState.ts';
import { UsernameForm } from './UsernameForm.tsx';

// Read notifications: a list with nothing to press.
vi.mock('./NotificationsTab.tsx', () => ({ NotificationsTab: () => <p>notifications list</p> }));
vi.mock('./FriendsTab.tsx', () => ({ FriendsTab: () => <p>friends list</p> }));

describe('the social panel by keyboard (issue 27)', () => {
  afterEach(() => {
    cleanup();
    setUnread(0);
  });

  it('lets Tab reach the open tab’s list, not only Close and the tab list', async () => {
    const user = userEvent.setup();
    setUnread(2);
    render(
      <SocialPanel
        me="ada"
        socket={null}
        actions={{} as SocialActions}
        version={0}
        canInvite
        onClose={() => undefined}
      />,
    );
    screen.getByRole('tab', { selected: true }).focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'));
  });

  it('keeps focus in the form after Send: the field, ready for the next name', async () => {
    const user = userEvent.setup();
    // The request is still running: the parent turns the button off meanwhile.
    const onSubmit = vi.fn(() => new Promise<boolean>(() => undefined));
    render(
      <UsernameForm label="Username" submitLabel="Send" variant="primary" onSubmit={onSubmit} />,
    );
    await user.type(screen.getByLabelText('Username'), 'grace');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith('grace');
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
  });
});

// @vitest-environment happy-dom
import type { CurrentUser } from '@atrium/protocol';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ReportText } from '../../shared/report/texts.ts';
import { renderWithSession, testUser } from '../../shared/session/sessionTestKit.tsx';
import { ClassroomChat } from './ClassroomChat.tsx';
import { createMemoryChatTransport } from './memoryChatTransport.ts';

function renderChat(user: CurrentUser | null) {
  const transport = createMemoryChatTransport(
    () => user?.username ?? '',
    [
      { room: 'room-1', username: 'ada', message: 'Hello all' },
      { room: 'room-1', username: 'member-ann', message: 'Hi Ada' },
    ],
  );
  renderWithSession(<ClassroomChat room="room-1" transport={transport} readersMayWatch />, {
    user,
  });
}

const reportButtons = () =>
  screen.queryAllByRole('button', { name: /^Report / }).map((b) => b.getAttribute('aria-label'));

describe('reporting a chat message (issue 29)', () => {
  afterEach(cleanup);

  it('offers Report on other people’s messages to an account, and opens the dialog', async () => {
    const user = userEvent.setup();
    renderChat(testUser('member'));
    await screen.findByText('Hi Ada');
    expect(reportButtons()).toEqual([ReportText.reportMessage('ada')]);
    await user.click(screen.getByRole('button', { name: ReportText.reportMessage('ada') }));
    const dialog = await screen.findByRole('dialog', { name: ReportText.title('ada') });
    expect(within(dialog).getByText(ReportText.messageIntro)).toBeTruthy();
  });

  it.each([
    ['a guest', testUser('guest')],
    ['a visitor', null],
  ] as const)('offers %s no Report', async (_, user) => {
    renderChat(user);
    await screen.findByText('Hi Ada');
    expect(reportButtons()).toEqual([]);
  });
});

// @vitest-environment happy-dom
import { reportReasonLabels, type Report, type Sanction } from '@atrium/protocol';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DialogHost } from '../../shared/dialogs/DialogHost.tsx';
import { fakeServer, renderWithSession } from '../../shared/session/sessionTestKit.tsx';
import { ModerationPage } from './ModerationPage.tsx';
import { AdminUiText as T } from './texts.ts';

const report: Report = {
  id: 3,
  at: '2026-11-27T10:00:00.000Z',
  reporter: 'bo',
  target: 'ada',
  target_id: '00000000-0000-4000-8000-000000000001',
  reason: 'harassment',
  note: 'Again and again',
  room: 'room-1',
  message: 'You are <b>slow</b>',
  message_id: 12,
  state: 'open',
  resolution: null,
};
const mute: Sanction = {
  id: 9,
  kind: 'mute',
  at: '2026-11-27T10:05:00.000Z',
  by: 'boss',
  target: 'ada',
  user_id: report.target_id,
  address: null,
  until: '2999-01-01T00:00:00.000Z',
  reason: 'Harassment in room-1',
  lifted_at: null,
};
const page = <T,>(rows: T[]) => ({
  status: true,
  data: { rows, total: rows.length, page: 1, page_size: 10 },
});

function renderModeration() {
  const server = fakeServer({
    'GET /api/admin/reports': (r) => page(r.query.get('state') === 'open' ? [report] : []),
    'GET /api/admin/sanctions': () => page([mute]),
    'POST /api/admin/reports/3/resolve': () => ({ status: true, message: 'Resolved.' }),
    'DELETE /api/admin/sanctions/9': () => ({ status: true, message: 'Lifted.' }),
    'DELETE /api/chat/messages/12': () => ({ status: true }),
    'DELETE /api/minigame/leaderboard/501/ada': () => ({
      status: true,
      data: { mode: '501', username: 'ada', removed: 3 },
    }),
  });
  renderWithSession(
    <>
      <ModerationPage />
      <DialogHost />
    </>,
    { fetch: server.fetch },
  );
  return server;
}

describe('Moderation (issue 29)', () => {
  afterEach(cleanup);

  it('shows a report with its message as text, and resolves it', async () => {
    const user = userEvent.setup();
    const server = renderModeration();
    const card = (await screen.findByText('Again and again')).closest('li')!;
    expect(within(card).getByText(reportReasonLabels.harassment)).toBeTruthy();
    // The message is quoted as it was written: no markup runs.
    expect(card.querySelector('blockquote')?.textContent).toBe('You are <b>slow</b>');
    await user.click(
      within(card).getByRole('button', { name: `${T.resolve} ${T.forName('ada')}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: T.resolveTitle('ada') });
    await user.click(within(dialog).getByRole('button', { name: T.resolve }));
    expect(await within(dialog).findByText('Say what was done.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(T.resolution), 'Muted for a day');
    await user.click(within(dialog).getByRole('button', { name: T.resolve }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      resolution: 'Muted for a day',
    });

    await user.click(screen.getByRole('button', { name: T.reportsResolved }));
    expect(await screen.findByText(T.noReports)).toBeTruthy();
  });

  it('deletes the reported message after asking', async () => {
    const user = userEvent.setup();
    const server = renderModeration();
    await user.click(
      await screen.findByRole('button', { name: `${T.removeMessage} ${T.forName('ada')}` }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: T.removeMessageTitle });
    expect(within(confirm).getByText(T.removeMessageText('room-1'))).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: T.removeMessage }));
    await waitFor(() =>
      expect(
        server.requests.some((r) => r.method === 'DELETE' && r.path === '/api/chat/messages/12'),
      ).toBe(true),
    );
  });

  it('lifts a mute after asking', async () => {
    const user = userEvent.setup();
    const server = renderModeration();
    await user.click(await screen.findByRole('button', { name: `${T.lift} ${T.forName('ada')}` }));
    const confirm = await screen.findByRole('alertdialog', { name: T.liftTitle('mute', 'ada') });
    await user.click(within(confirm).getByRole('button', { name: T.lift }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'DELETE')).toBe(true));
  });

  it('removes a darts leaderboard entry after asking, and refuses an empty name', async () => {
    const user = userEvent.setup();
    const server = renderModeration();
    const section = await screen.findByRole('region', { name: T.leaderboardTitle });
    await user.click(within(section).getByRole('button', { name: T.leaderboardRemove }));
    await waitFor(() =>
      expect(within(section).getByLabelText(T.username).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(server.requests.some((r) => r.path.startsWith('/api/minigame'))).toBe(false);
    await user.type(within(section).getByLabelText(T.username), 'ada');
    await user.click(within(section).getByRole('button', { name: T.leaderboardRemove }));
    const confirm = await screen.findByRole('alertdialog', {
      name: T.leaderboardConfirmTitle('ada', '501'),
    });
    await user.click(within(confirm).getByRole('button', { name: T.leaderboardRemove }));
    await waitFor(() =>
      expect(server.requests.map((r) => `${r.method} ${r.path}`)).toContain(
        'DELETE /api/minigame/leaderboard/501/ada',
      ),
    );
  });
});

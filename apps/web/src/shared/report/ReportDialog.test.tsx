// @vitest-environment happy-dom
import { AdminText, reportReasonLabels } from '@atrium/protocol';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, renderWithSession, testUser } from '../session/sessionTestKit.tsx';
import { LazyReportDialog } from './LazyReport.tsx';
import { ReportText as T } from './texts.ts';

describe('the report dialog (issue 29)', () => {
  afterEach(cleanup);

  it('asks for a reason, then sends it with the note, the room and the message', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'POST /api/reports': () => ({ status: true, message: AdminText.reportSent }),
    });
    const onClose = vi.fn();
    renderWithSession(
      <LazyReportDialog username="ada" room="room-1" message_id={7} onClose={onClose} />,
      { user: testUser('member'), fetch: server.fetch },
    );
    const dialog = await screen.findByRole('dialog', { name: T.title('ada') });
    await user.click(within(dialog).getByRole('button', { name: T.send }));
    expect(await within(dialog).findByText('Choose a reason.')).toBeTruthy();
    expect(server.requests).toEqual([]);

    await user.click(within(dialog).getByLabelText(reportReasonLabels.spam));
    await user.type(within(dialog).getByLabelText(/^Note/), ' Links again ');
    await user.click(within(dialog).getByRole('button', { name: T.send }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(server.requests[0]?.body).toEqual({
      username: 'ada',
      reason: 'spam',
      note: 'Links again',
      room: 'room-1',
      message_id: 7,
    });
  });

  it('keeps the server’s refusal in the form', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'POST /api/reports': () => failure(429, AdminText.reportsTooMany),
    });
    const onClose = vi.fn();
    renderWithSession(<LazyReportDialog username="ada" onClose={onClose} />, {
      user: testUser('member'),
      fetch: server.fetch,
    });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText(reportReasonLabels.harassment));
    await user.click(within(dialog).getByRole('button', { name: T.send }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      AdminText.reportsTooMany,
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});

// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ReportText } from '../../shared/report/texts.ts';
import { fakeServer, renderWithSession, testUser } from '../../shared/session/sessionTestKit.tsx';
import { OnlineTab } from './OnlineTab.tsx';
import type { SocialActions } from './socialState.ts';

const online = {
  status: true,
  data: {
    total: 3,
    users: ['me', 'ada', 'bo'].map((username, i) => ({ user_id: `id-${i}`, username })),
  },
};

describe('reporting from the Online tab (issue 29)', () => {
  afterEach(cleanup);

  it('puts the report form in the list’s place, and Cancel goes back to the person’s row', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ 'GET /api/social/online': () => online });
    renderWithSession(<OnlineTab me="me" socket={null} actions={{} as SocialActions} />, {
      user: testUser('member', 'me'),
      fetch: server.fetch,
    });
    const report = await screen.findByRole('button', { name: ReportText.reportPerson('bo') });
    expect(screen.queryByRole('button', { name: ReportText.reportPerson('me') })).toBeNull();
    await user.click(report);
    expect(await screen.findByRole('heading', { name: ReportText.title('bo') })).toBeTruthy();
    // The list is out of the way (and of the Tab order) while the form is shown.
    expect(screen.queryByRole('list')).toBeNull();
    expect((document.activeElement as HTMLInputElement).type).toBe('radio');
    await user.click(screen.getByRole('button', { name: ReportText.cancel }));
    expect(screen.queryByRole('heading', { name: ReportText.title('bo') })).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: ReportText.reportPerson('bo') }),
    );
  });
});

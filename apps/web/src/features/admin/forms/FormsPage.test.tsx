// @vitest-environment happy-dom
import type { EventSubmission } from '@atrium/protocol';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, renderWithSession } from '../../../shared/session/sessionTestKit.tsx';
import { AdminUiText } from '../texts.ts';
import { FormsPage } from './FormsPage.tsx';
import { FormsText as T, kindLabels } from './texts.ts';

const submission = (id: number, kind: EventSubmission['kind']): EventSubmission => ({
  id,
  kind,
  vote_team: kind === 'voting' ? (id % 2) + 1 : null,
  name: `${kind} person ${id}`,
  email: `p${id}@school.example`,
  phone_number: `+65 6000 ${id}`,
  message: `LC-${id}`,
  created_at: '2022-05-04T11:00:00.000Z',
});

const voting = Array.from({ length: 30 }, (_, i) => submission(i + 1, 'voting'));

function formsServer(record: EventSubmission[] | (() => Response) = []) {
  const server = fakeServer({
    'GET /api/events/submissions': (request) => {
      if (request.query.get('kind') === 'voting') return { status: true, data: voting };
      return typeof record === 'function' ? record() : { status: true, data: record };
    },
    'GET /api/events/submissions.csv': () =>
      new Response('name,email\r\n', { headers: { 'content-type': 'text/csv' } }),
  });
  renderWithSession(<FormsPage />, { fetch: server.fetch });
  return server;
}

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]?.textContent);

describe('Forms (issue 29)', () => {
  beforeEach(() => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('pages every submission 25 at a time, with the team for votes only', async () => {
    const user = userEvent.setup();
    formsServer([submission(31, 'record')]);
    expect(await screen.findByText('voting person 1')).toBeTruthy();
    expect(names()).toHaveLength(25);
    expect(screen.getByRole('columnheader', { name: T.team })).toBeTruthy();
    expect(screen.getByText(AdminUiText.pageOf(1, 2))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: AdminUiText.next }));
    expect(names()).toEqual([26, 27, 28, 29, 30].map((n) => `voting person ${n}`));

    await user.click(screen.getByRole('button', { name: kindLabels.record }));
    expect(await screen.findByText('record person 31')).toBeTruthy();
    expect(screen.getByText(AdminUiText.pageOf(1, 1))).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: T.team })).toBeNull();
    expect(
      screen.getByRole('button', { name: kindLabels.record }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('says when there are none, and when the list fails', async () => {
    const user = userEvent.setup();
    let fail = true;
    formsServer(() =>
      fail ? failure(500, 'The database is asleep.') : Response.json({ status: true, data: [] }),
    );
    await screen.findByText('voting person 1');
    await user.click(screen.getByRole('button', { name: kindLabels.record }));
    expect((await screen.findByRole('alert')).textContent).toContain('The database is asleep.');
    fail = false;
    await user.click(screen.getByRole('button', { name: AdminUiText.retry }));
    expect(await screen.findByText(T.empty)).toBeTruthy();
  });

  it('downloads the CSV of the kind shown with the session’s token', async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const server = formsServer();
    await screen.findByText('voting person 1');
    await user.click(screen.getByRole('button', { name: kindLabels.record }));
    await user.click(screen.getByRole('button', { name: T.exportCsv }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csv = server.requests.find((r) => r.path === '/api/events/submissions.csv');
    expect(csv?.authorization).toBe('Bearer test-token');
    expect(csv?.query.get('kind')).toBe('record');
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^record-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
    click.mockRestore();
  });
});

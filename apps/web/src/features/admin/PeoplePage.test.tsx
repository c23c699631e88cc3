// @vitest-environment happy-dom
import { AdminText, type AdminPerson } from '@atrium/protocol';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  failure,
  fakeServer,
  renderWithSession,
  type FakeRequest,
} from '../../shared/session/sessionTestKit.tsx';
import { PeoplePage } from './PeoplePage.tsx';
import { AdminUiText as T } from './texts.ts';

const person = (n: number): AdminPerson => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  username: `person${n}`,
  email: `person${n}@school.test`,
  role: 'member',
  state: 'active',
  created_at: '2026-11-01T09:00:00.000Z',
  last_login: null,
  last_seen: null,
  banned_until: n === 2 ? 'forever' : null,
  muted_until: null,
});

/** The people route with `total` accounts, answering each page as asked. */
function peopleServer(total: number, answer?: (request: FakeRequest) => unknown) {
  return fakeServer({
    'GET /api/admin/people': (request) => {
      const custom = answer?.(request);
      if (custom) return custom;
      const page = Number(request.query.get('page'));
      const size = Number(request.query.get('page_size'));
      const count = Math.max(0, Math.min(size, total - (page - 1) * size));
      const rows = Array.from({ length: count }, (_, i) => person((page - 1) * size + i + 1));
      return { status: true, data: { rows, total, page, page_size: size } };
    },
  });
}

const lastQuery = (requests: FakeRequest[]) =>
  Object.fromEntries(requests.at(-1)?.query.entries() ?? []);

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

describe('People (issue 29)', () => {
  afterEach(cleanup);

  it('asks the server for the sorted, filtered page it shows', async () => {
    const user = userEvent.setup();
    const server = peopleServer(60);
    renderWithSession(<PeoplePage me="boss" />, { fetch: server.fetch });
    expect(await screen.findByText('person1')).toBeTruthy();
    expect(lastQuery(server.requests)).toEqual({
      sort: 'username',
      dir: 'asc',
      page: '1',
      page_size: '25',
    });
    expect(header(T.username).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByText(T.pageOf(1, 3))).toBeTruthy();
    // A banned person carries the badge.
    expect(within(screen.getByText('person2').closest('tr')!).getByText(T.banned)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: T.next }));
    await screen.findByText('person26');
    expect(lastQuery(server.requests)).toMatchObject({ page: '2' });
    expect(screen.getByText(T.pageOf(2, 3))).toBeTruthy();

    // A new sort starts on page 1; a second click turns it round.
    await user.click(within(header(T.email)).getByRole('button'));
    await waitFor(() =>
      expect(lastQuery(server.requests)).toMatchObject({ sort: 'email', page: '1' }),
    );
    expect(header(T.email).getAttribute('aria-sort')).toBe('ascending');
    expect(header(T.username).getAttribute('aria-sort')).toBe('none');
    await user.click(within(header(T.email)).getByRole('button'));
    await waitFor(() => expect(lastQuery(server.requests)).toMatchObject({ dir: 'desc' }));
    expect(header(T.email).getAttribute('aria-sort')).toBe('descending');

    await user.selectOptions(screen.getByLabelText(T.role), 'teacher');
    await user.selectOptions(screen.getByLabelText(T.state), 'waiting');
    await user.selectOptions(screen.getByLabelText(T.pageSize), '50');
    await waitFor(() =>
      expect(lastQuery(server.requests)).toEqual({
        sort: 'email',
        dir: 'desc',
        role: 'teacher',
        state: 'waiting',
        page: '1',
        page_size: '50',
      }),
    );
  });

  it('searches once the typing stops', async () => {
    const user = userEvent.setup();
    const server = peopleServer(3);
    renderWithSession(<PeoplePage me="boss" />, { fetch: server.fetch });
    await screen.findByText('person1');
    const before = server.requests.length;
    await user.type(screen.getByRole('searchbox', { name: T.search }), ' per ');
    // One request for the settled search, not one per key.
    await waitFor(() => expect(lastQuery(server.requests)).toMatchObject({ q: 'per' }));
    expect(server.requests.length).toBe(before + 1);
  });

  it('says when no one matches', async () => {
    renderWithSession(<PeoplePage me="boss" />, { fetch: peopleServer(0).fetch });
    expect(await screen.findByText(T.noOne)).toBeTruthy();
    expect(screen.getByText(T.pageOf(1, 1))).toBeTruthy();
  });

  it('shows a failed list with the server’s words and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const server = peopleServer(1, () => (fail ? failure(500, 'The database is asleep.') : null));
    renderWithSession(<PeoplePage me="boss" />, { fetch: server.fetch });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The database is asleep.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: T.retry }));
    expect(await screen.findByText('person1')).toBeTruthy();
  });

  it('offers no action on one’s own account but Edit', async () => {
    const user = userEvent.setup();
    renderWithSession(<PeoplePage me="person1" />, { fetch: peopleServer(2).fetch });
    await screen.findByText('person1');
    const toggle = screen.getByRole('button', { name: `${T.actions} ${T.forName('person1')}` });
    await user.click(toggle);
    const list = screen.getByRole('list', { name: T.actionsFor('person1') });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([T.edit]);
    await user.click(screen.getByRole('button', { name: `${T.actions} ${T.forName('person2')}` }));
    const other = screen.getByRole('list', { name: T.actionsFor('person2') });
    expect(
      within(other)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([T.edit, T.moderate, T.deactivate, T.delete]);
  });

  it('hands focus back to the row’s Actions button when its dialog closes', async () => {
    const user = userEvent.setup();
    renderWithSession(<PeoplePage me="boss" />, { fetch: peopleServer(2).fetch });
    await screen.findByText('person2');
    const toggle = screen.getByRole('button', { name: `${T.actions} ${T.forName('person2')}` });
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: T.edit }));
    const dialog = await screen.findByRole('dialog', { name: T.editTitle('person2') });
    expect(within(dialog).getByLabelText(T.username)).toBe(document.activeElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('creates a person: the schema’s words for a bad email, the server’s refusal in the form', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/admin/people': () => ({
        status: true,
        data: { rows: [], total: 0, page: 1, page_size: 25 },
      }),
      'POST /api/admin/people': () => failure(409, AdminText.usernameTaken),
    });
    renderWithSession(<PeoplePage me="boss" />, { fetch: server.fetch });
    await user.click(screen.getByRole('button', { name: T.addPerson }));
    const dialog = await screen.findByRole('dialog', { name: T.createTitle });
    await user.type(within(dialog).getByLabelText(T.username), 'newkid');
    await user.type(within(dialog).getByLabelText(T.email), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: T.create }));
    expect(await within(dialog).findByText('Email is not valid.')).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    // The first invalid field has focus, and says why.
    expect(document.activeElement).toBe(within(dialog).getByLabelText(T.email));

    await user.clear(within(dialog).getByLabelText(T.email));
    await user.type(within(dialog).getByLabelText(T.email), 'newkid@school.test');
    await user.click(within(dialog).getByRole('button', { name: T.create }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      AdminText.usernameTaken,
    );
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      username: 'newkid',
      email: 'newkid@school.test',
      role: 'member',
      send_activation: true,
    });
  });
});

// @vitest-environment happy-dom
import type { AdminClassroom, ClassSession } from '@atrium/protocol';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../../shared/dialogs/DialogHost.tsx';
import { fakeServer, renderWithSession } from '../../../shared/session/sessionTestKit.tsx';
import { ClassroomsPage } from './ClassroomsPage.tsx';
import { policyLabels, ClassroomsText as T } from './texts.ts';
import { CLASSROOMS_REFRESH_MS } from './useClassrooms.ts';

const rooms = (
  people: AdminClassroom['people'],
  first: AdminClassroom['entry_policy'] = 'ask',
): AdminClassroom[] => [
  { channel: 'room-1', entry_policy: first, people },
  { channel: 'room-2', entry_policy: 'open', people: [] },
  { channel: 'room-3', entry_policy: 'open', people: [] },
];

const session: ClassSession = {
  id: '6f1d3b8e-1c2a-4f5e-9a7b-0c1d2e3f4a5b',
  room: 'room-1',
  startedAt: '2026-11-27T09:00:00.000Z',
  endedAt: '2026-11-27T10:00:00.000Z',
  people: 12,
};

function classroomsServer() {
  const state = {
    people: [
      { name: 'Ms Lee', role: 'teacher', channel: 'room-1' },
      { name: 'Ada', role: 'member', channel: 'room-1-g2' },
      { name: 'Bo', role: 'member', channel: 'room-1-g1' },
    ] as AdminClassroom['people'],
    policy: 'ask' as AdminClassroom['entry_policy'],
  };
  const server = fakeServer({
    'GET /api/admin/classrooms': () => ({
      status: true,
      data: rooms(state.people, state.policy),
    }),
    'PUT /api/admin/classrooms/room-1/policy': (request) => {
      state.policy = (
        request.body as { entry_policy: AdminClassroom['entry_policy'] }
      ).entry_policy;
      return { status: true, message: 'room-1: everyone can join now; whoever waited is in.' };
    },
    'POST /api/admin/classrooms/room-1/end': () => {
      state.people = [];
      return { status: true, message: 'room-1: the class ended; 3 people left.' };
    },
    'GET /api/classrooms/room-1/sessions': () => ({ status: true, data: [session] }),
    'GET /api/classrooms/room-2/sessions': () => ({ status: true, data: [] }),
    [`GET /api/class-sessions/${session.id}/record.csv`]: () =>
      new Response('name\r\n', { headers: { 'content-type': 'text/csv' } }),
    'GET /api/settings/classroom': () => ({ status: true, data: { record_retention_days: 180 } }),
    'PATCH /api/settings/classroom': (request) => ({ status: true, data: request.body }),
  });
  renderWithSession(
    <>
      <ClassroomsPage />
      <DialogHost />
    </>,
    { fetch: server.fetch },
  );
  return server;
}

const card = (name: RegExp) => screen.getByRole('article', { name });

describe('Classrooms (issue 29)', () => {
  beforeEach(() => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows who is in each class and its groups, and the entry policy', async () => {
    classroomsServer();
    await screen.findByText('Ms Lee');
    const first = within(card(/^Classroom 1/));
    const entry = first.getByRole('combobox', { name: `${T.entryPolicy} Classroom 1 room-1` });
    expect((entry as HTMLSelectElement).value).toBe('ask');
    expect(first.getByText(policyLabels.ask.meaning)).toBeTruthy();
    expect(first.getByText(T.policyNote)).toBeTruthy();
    const places = first.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(places).toEqual([
      `${T.inClass} (${T.people(1)})`,
      `${T.group(1)} (${T.people(1)})`,
      `${T.group(2)} (${T.people(1)})`,
    ]);
    const second = within(card(/^Classroom 2/));
    expect(second.getByText(T.nobody)).toBeTruthy();
    expect(
      second
        .getByRole('button', { name: `${T.endClass} ${T.endClassFor('room-2')}` })
        .getAttribute('aria-disabled'),
    ).toBe('true');
  });

  it('sets a class’s entry policy from the console, and shows what the server then says', async () => {
    const user = userEvent.setup();
    const server = classroomsServer();
    await screen.findByText('Ms Lee');
    const first = within(card(/^Classroom 1/));
    await user.selectOptions(first.getByRole('combobox'), 'open');
    await waitFor(() =>
      expect(
        server.requests.find((r) => r.path === '/api/admin/classrooms/room-1/policy')?.body,
      ).toEqual({ entry_policy: 'open' }),
    );
    expect(await first.findByText(policyLabels.open.meaning)).toBeTruthy();
    expect(first.getByRole<HTMLSelectElement>('combobox').value).toBe('open');
  });

  it('ends a class after saying who leaves', async () => {
    const user = userEvent.setup();
    const server = classroomsServer();
    await screen.findByText('Ms Lee');
    await user.click(
      screen.getByRole('button', { name: `${T.endClass} ${T.endClassFor('room-1')}` }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'End the class in room-1?' });
    expect(
      within(confirm).getByText('Everyone in it (3 people) leaves, groups close, the record ends.'),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: T.endClass }));
    await waitFor(() =>
      expect(server.requests.some((r) => r.path === '/api/admin/classrooms/room-1/end')).toBe(true),
    );
    expect(await within(card(/^Classroom 1/)).findByText(T.nobody)).toBeTruthy();
  });

  it('asks again every 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = classroomsServer();
    await screen.findByText('Ms Lee');
    const reads = () => server.requests.filter((r) => r.path === '/api/admin/classrooms').length;
    const before = reads();
    await act(() => vi.advanceTimersByTimeAsync(CLASSROOMS_REFRESH_MS + 100));
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('lists a classroom’s records and downloads one with the session’s token', async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const server = classroomsServer();
    const row = (await screen.findByText('12')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: new RegExp(`^${T.download}`) }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csv = server.requests.find((r) => r.path.endsWith('/record.csv'));
    expect(csv?.authorization).toBe('Bearer test-token');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'class-record-room-1-2026-11-27.csv',
    );
    click.mockRestore();

    await user.click(screen.getByRole('button', { name: 'Classroom 2' }));
    expect(await screen.findByText(T.noRecords)).toBeTruthy();
  });

  it('keeps records for the days set, checked by the contract', async () => {
    const user = userEvent.setup();
    const server = classroomsServer();
    const days = await screen.findByRole('spinbutton', { name: new RegExp(`^${T.retention}`) });
    await user.clear(days);
    await user.type(days, '0');
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(
      await screen.findByText('The retention must be a whole number of days from 1 to 3650.'),
    ).toBeTruthy();
    await user.clear(days);
    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() =>
      expect(server.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
        { record_retention_days: 30 },
      ]),
    );
  });
});

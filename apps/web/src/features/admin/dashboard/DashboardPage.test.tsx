// @vitest-environment happy-dom
import type { Dashboard } from '@atrium/protocol';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, renderWithSession } from '../../../shared/session/sessionTestKit.tsx';
import { DashboardPage } from './DashboardPage.tsx';
import { clockTime } from './format.ts';
import { DashboardText as T } from './texts.ts';
import { DASHBOARD_REFRESH_MS } from './useDashboard.ts';

const dashboard = (over: Partial<Dashboard> = {}): Dashboard => ({
  at: '2026-11-28T14:05:03.000Z',
  online: { members: 12, guests: 3 },
  instances: [
    { world: 'campus', instance: 'main', size: 11 },
    { world: 'campus', instance: 'overflow-1', size: 4 },
  ],
  classes: [
    {
      channel: 'room-1',
      people: [
        { name: 'ms.ito', role: 'teacher' },
        { name: 'ada.l', role: 'member' },
      ],
    },
    { channel: 'room-1-g2', people: [{ name: 'bob', role: 'member' }] },
  ],
  calls: { rooms: 2, people: 5 },
  media: { state: 'up', servers: 2 },
  chain: { state: 'down', block: null },
  errors_last_hour: 7,
  ...over,
});

describe('Dashboard (issue 29)', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('says whether the campus is well, in words', async () => {
    const server = fakeServer({
      'GET /api/admin/dashboard': () => ({ status: true, data: dashboard() }),
    });
    renderWithSession(<DashboardPage />, { fetch: server.fetch });
    expect(await screen.findByText(T.updated(clockTime('2026-11-28T14:05:03.000Z')))).toBeTruthy();
    expect(screen.getByText(T.people(15))).toBeTruthy();
    expect(screen.getByText(T.onlineSplit(12, 3))).toBeTruthy();
    expect(screen.getByText(T.callsSplit(2))).toBeTruthy();

    const media = screen.getByRole('heading', { name: T.media }).closest('li')!;
    expect(within(media).getByText('Up')).toBeTruthy();
    expect(within(media).getByText(T.janusServers(2))).toBeTruthy();
    const chain = screen.getByRole('heading', { name: T.chain }).closest('li')!;
    expect(within(chain).getByText('Down')).toBeTruthy();
    expect(within(chain).getByText(T.noBlock)).toBeTruthy();
    const errors = screen.getByRole('heading', { name: T.errors }).closest('li')!;
    expect(within(errors).getByText('7')).toBeTruthy();

    const table = screen.getByRole('table', { name: T.instances });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([T.world, T.instance, T.size]);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['campus', 'campus']);
    expect(
      within(table)
        .getAllByRole('row')
        .map((tr) => tr.textContent),
    ).toEqual([`${T.world}${T.instance}${T.size}`, 'campusmain11', 'campusoverflow-14']);

    const group = screen.getByRole('heading', { name: /Classroom 1, group 2/ }).closest('li')!;
    expect(within(group).getByText('bob')).toBeTruthy();
    const room = screen.getByRole('heading', { name: /^Classroom 1 / }).closest('li')!;
    expect(within(room).getByText('ms.ito').closest('li')?.textContent).toBe('ms.ito Teacher');
  });

  it('reads again every 5 seconds; a failed refresh keeps the last figures', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: unknown = { status: true, data: dashboard({ instances: [], classes: [] }) };
    const server = fakeServer({ 'GET /api/admin/dashboard': () => answer });
    renderWithSession(<DashboardPage />, { fetch: server.fetch });
    expect(await screen.findByText(T.noInstances)).toBeTruthy();
    expect(screen.getByText(T.noClasses)).toBeTruthy();
    expect(server.requests).toHaveLength(1);

    answer = { status: true, data: dashboard({ at: '2026-11-28T14:05:08.000Z' }) };
    await act(() => vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS));
    expect(await screen.findByText(T.updated(clockTime('2026-11-28T14:05:08.000Z')))).toBeTruthy();
    expect(server.requests).toHaveLength(2);

    answer = failure(500, 'The database is asleep.');
    await act(() => vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(T.refreshFailed);
    expect(alert.textContent).toContain('The database is asleep.');
    expect(screen.getByText(T.updated(clockTime('2026-11-28T14:05:08.000Z')))).toBeTruthy();
  });

  it('shows a failed first read with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    const server = fakeServer({
      'GET /api/admin/dashboard': () =>
        fail ? failure(500, 'The database is asleep.') : { status: true, data: dashboard() },
    });
    renderWithSession(<DashboardPage />, { fetch: server.fetch });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(T.loadFailed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: T.retry }));
    expect(await screen.findByText(T.onlineSplit(12, 3))).toBeTruthy();
  });
});

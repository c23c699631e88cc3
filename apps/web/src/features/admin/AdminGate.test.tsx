// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import {
  fakeServer,
  renderWithSession,
  testUser,
  type RenderSessionOptions,
} from '../../shared/session/sessionTestKit.tsx';
import { AdminGate } from './AdminGate.tsx';
import { AdminUiText as T } from './texts.ts';

const emptyPage = { status: true, data: { rows: [], total: 0, page: 1, page_size: 25 } };

function renderGate(options: RenderSessionOptions) {
  const server = fakeServer({
    'GET /api/admin/people': () => emptyPage,
    'GET /api/admin/reports': () => emptyPage,
    'GET /api/admin/sanctions': () => emptyPage,
  });
  const view = renderWithSession(
    <Routes>
      <Route
        path="/admin/*"
        element={<AdminGate notFound={<h1>Page not found</h1>} loading={<p>Loading page…</p>} />}
      />
    </Routes>,
    { fetch: server.fetch, path: '/admin', ...options },
  );
  return { ...view, server };
}

describe('the admin gate (issue 29)', () => {
  afterEach(cleanup);

  it.each([
    ['nobody signed in', null],
    ['a guest', testUser('guest')],
    ['a member', testUser('member')],
    ['a teacher', testUser('teacher')],
  ] as const)('shows %s the page an unknown path shows, and asks the server nothing', (_, user) => {
    const { server } = renderGate({ user });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(screen.queryByText(T.title)).toBeNull();
    expect(server.requests.filter((r) => r.path.startsWith('/api/admin'))).toEqual([]);
  });

  it('waits for the session before deciding', () => {
    renderGate({ user: 'restoring' });
    expect(screen.getByText('Loading page…')).toBeTruthy();
    expect(screen.queryByText('Page not found')).toBeNull();
  });

  it('loads the console for an admin, on People, with the section marked current', async () => {
    const { server } = renderGate({ user: testUser('admin'), path: '/admin/people' });
    expect(await screen.findByRole('heading', { level: 1, name: T.title })).toBeTruthy();
    expect(await screen.findByText(T.noOne)).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: T.nav });
    const current = nav.querySelector('[aria-current="page"]');
    expect(current?.textContent).toBe(T.people);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toContain('GET /api/admin/people');
    expect(server.requests[0]?.authorization).toBe('Bearer test-token');
  });

  it('opens the dashboard at /admin', async () => {
    renderGate({ user: testUser('admin') });
    const nav = await screen.findByRole('navigation', { name: T.nav });
    await waitFor(() =>
      expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe(T.dashboard),
    );
  });

  it('shows an admin the not-found page for a path under /admin that is no section', async () => {
    renderGate({ user: testUser('admin'), path: '/admin/nothing-here' });
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });
});

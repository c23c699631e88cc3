// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, renderWithSession } from '../../../shared/session/sessionTestKit.tsx';
import { CountdownSection } from './CountdownSection.tsx';
import { fromLocalInput, offsetOf, toLocalInput } from './countdown.ts';
import { ContentText as T } from './texts.ts';

const LAUNCH = '2022-05-04T19:00:00+08:00';

describe('Event countdown (issue 29)', () => {
  afterEach(cleanup);

  it('reads a moment in the reader’s zone and writes it back with that zone’s offset', () => {
    const local = toLocalInput(LAUNCH);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    const written = fromLocalInput(local)!;
    expect(written).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/);
    expect(new Date(written).getTime()).toBe(new Date(LAUNCH).getTime());
    expect(written.endsWith(offsetOf(new Date(LAUNCH)))).toBe(true);
    expect(fromLocalInput('')).toBeNull();
  });

  it('shows the date in the reader’s time zone and saves the one chosen', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/public/events/countdown': () => ({ status: true, data: { launch_at: LAUNCH } }),
      'PUT /api/events/countdown': (request) => ({ status: true, data: request.body }),
    });
    renderWithSession(<CountdownSection id="countdown" />, { fetch: server.fetch });
    const field = await screen.findByLabelText(T.launchAt);
    expect((field as HTMLInputElement).value).toBe(toLocalInput(LAUNCH));
    expect(screen.getByText(T.storedAs(LAUNCH), { exact: false })).toBeTruthy();
    expect(screen.getByText(/In your time zone: .+ \(UTC[+-]\d{2}:\d{2}\)\./)).toBeTruthy();

    fireEvent.change(field, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText(T.launchRequired)).toBeTruthy();
    fireEvent.change(field, { target: { value: '2023-01-02T09:30' } });
    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() =>
      expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
        { launch_at: fromLocalInput('2023-01-02T09:30') },
      ]),
    );
  });
});

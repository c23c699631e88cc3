// @vitest-environment happy-dom
import { POPUP_ALLOWLIST_DEFAULT } from '@atrium/protocol';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DialogHost } from '../../../shared/dialogs/DialogHost.tsx';
import { fakeServer, renderWithSession } from '../../../shared/session/sessionTestKit.tsx';
import { AllowlistSection } from './AllowlistSection.tsx';
import { ContentText as T } from './texts.ts';

const SCHEMA_TEXT =
  'Each entry must be an http(s) origin such as https://example.org or https://*.example.org.';

function allowlistServer(origins: string[]) {
  const server = fakeServer({
    'GET /api/settings/popup-allowlist': () => ({ status: true, data: { origins } }),
    'PUT /api/settings/popup-allowlist': (request) => ({ status: true, data: request.body }),
  });
  renderWithSession(
    <>
      <AllowlistSection id="allowlist" />
      <DialogHost />
    </>,
    { fetch: server.fetch },
  );
  return () => server.requests.filter((r) => r.method === 'PUT').map((r) => r.body);
}

const rows = () => screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value);

describe('Pop-up browser allowlist (issue 29)', () => {
  afterEach(cleanup);

  it('refuses an entry in the schema’s words, then saves the list without empty rows', async () => {
    const user = userEvent.setup();
    const puts = allowlistServer(['https://en.wikipedia.org']);
    await screen.findByDisplayValue('https://en.wikipedia.org');
    await user.click(screen.getByRole('button', { name: T.addOrigin }));
    // The new row has the focus.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: T.origin(2) }));
    await user.keyboard('https://example.org/page');
    await user.click(screen.getByRole('button', { name: T.addOrigin }));
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText(SCHEMA_TEXT)).toBeTruthy();
    const bad = screen.getByRole('textbox', { name: T.origin(2) });
    expect(bad.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(bad);
    expect(puts()).toEqual([]);

    await user.clear(bad);
    await user.type(bad, 'https://*.example.org');
    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() =>
      expect(puts()).toEqual([{ origins: ['https://en.wikipedia.org', 'https://*.example.org'] }]),
    );
  });

  it('resets to the starting list after saying what goes, saving only on Save', async () => {
    const user = userEvent.setup();
    const puts = allowlistServer(['https://school.example']);
    await screen.findByDisplayValue('https://school.example');
    await user.click(screen.getByRole('button', { name: T.resetOrigins }));
    const confirm = await screen.findByRole('alertdialog', { name: T.resetOriginsTitle });
    expect(
      within(confirm).getByText(T.resetOriginsText(POPUP_ALLOWLIST_DEFAULT.join(', '))),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: T.resetOrigins }));
    await waitFor(() => expect(rows()).toEqual([...POPUP_ALLOWLIST_DEFAULT]));
    expect(puts()).toEqual([]);
    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => expect(puts()).toEqual([{ origins: [...POPUP_ALLOWLIST_DEFAULT] }]));
  });

  it('removes a row and moves focus to the next one', async () => {
    const user = userEvent.setup();
    allowlistServer(['https://a.example', 'https://b.example']);
    await user.click(await screen.findByRole('button', { name: `${T.remove} https://a.example` }));
    expect(rows()).toEqual(['https://b.example']);
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: `${T.remove} https://b.example` }),
    );
  });
});

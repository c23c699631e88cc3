// @vitest-environment happy-dom
import { AdminText } from '@atrium/protocol';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DialogHost } from '../../../shared/dialogs/DialogHost.tsx';
import { failure, fakeServer, renderWithSession } from '../../../shared/session/sessionTestKit.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { ContentText as T } from './texts.ts';

/** The public settings, set and removed in `stored`; the home page in force is `/` unless set. */
function settingsServer(start: Record<string, unknown>) {
  const stored = { ...start };
  const fetchBase = fakeServer({
    'GET /api/admin/settings': () => ({
      status: true,
      data: Object.entries(stored).map(([key, value]) => ({ key, value })),
    }),
    'GET /api/public/custom-setting': () =>
      'site.home_page' in stored
        ? { status: true, data: { key: 'site.home_page', value: stored['site.home_page'] } }
        : failure(404, 'Setting not found.'),
  });
  const fetch: typeof fetchBase.fetch = async (input, init) => {
    const key = /^\/api\/admin\/settings\/(.+)$/.exec(new URL(input, 'http://x').pathname)?.[1];
    if (!key) return fetchBase.fetch(input, init);
    await fetchBase.fetch(input, init);
    if (init?.method === 'DELETE') {
      delete stored[key];
      return Response.json({ status: true, message: 'Saved.' });
    }
    const { value } = fetchBase.requests.at(-1)?.body as { value: unknown };
    if (key === 'site.home_page' && !/^\/|^https?:\/\//.test(String(value))) {
      return failure(400, AdminText.homePageInvalid);
    }
    stored[key] = value;
    return Response.json({ status: true, data: { key, value } });
  };
  renderWithSession(
    <>
      <SettingsSection id="settings" />
      <DialogHost />
    </>,
    { fetch },
  );
  const writes = () =>
    fetchBase.requests
      .filter((r) => r.method !== 'GET')
      .map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body ?? null)}`);
  return { stored, writes };
}

describe('Site settings (issue 29)', () => {
  afterEach(cleanup);

  it('sets where Leave goes, shows the server’s refusal there, and goes back to the default', async () => {
    const user = userEvent.setup();
    const { writes } = settingsServer({ 'campus.name': 'Demo' });
    const field = await screen.findByRole('textbox', { name: T.homePage });
    expect(await screen.findByText(T.homePageDefault('/'), { exact: false })).toBeTruthy();
    await user.type(field, 'welcome');
    await user.click(screen.getAllByRole('button', { name: T.save })[0]!);
    expect(await screen.findByText(AdminText.homePageInvalid)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await user.clear(field);
    await user.type(field, '/welcome');
    await user.click(screen.getAllByRole('button', { name: T.save })[0]!);
    await waitFor(() =>
      expect(writes()).toContain('PUT /api/admin/settings/site.home_page {"value":"/welcome"}'),
    );
    // The home page has its own field, not a row of the table.
    await user.click(await screen.findByRole('button', { name: T.homePageStored }));
    const confirm = await screen.findByRole('alertdialog', { name: T.homePageResetTitle });
    expect(within(confirm).getByText(T.homePageResetText('/welcome'))).toBeTruthy();
    expect(screen.queryByText('site.home_page')).toBeNull();
    await user.click(within(confirm).getByRole('button', { name: T.homePageStored }));
    await waitFor(() =>
      expect(writes()).toContain('DELETE /api/admin/settings/site.home_page null'),
    );
  });

  it('adds a key with a typed value, checked with the contract’s schemas', async () => {
    const user = userEvent.setup();
    const { writes } = settingsServer({ 'campus.name': 'Demo' });
    await screen.findByText('campus.name');
    await user.click(screen.getByRole('button', { name: T.addSetting }));
    const dialog = await screen.findByRole('dialog', { name: T.addSettingTitle });
    await user.type(within(dialog).getByLabelText(T.key), 'Stream Library');
    await user.selectOptions(within(dialog).getByLabelText(T.type), 'number');
    await user.type(within(dialog).getByLabelText(T.value), 'lots');
    await user.click(within(dialog).getByRole('button', { name: T.save }));
    expect(
      await within(dialog).findByText(
        'key may contain lowercase letters, digits, dot, dash and underscore.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(T.notANumber)).toBeTruthy();

    await user.clear(within(dialog).getByLabelText(T.key));
    await user.type(within(dialog).getByLabelText(T.key), 'campus.name');
    await user.click(within(dialog).getByRole('button', { name: T.save }));
    expect(await within(dialog).findByText(T.keyTaken)).toBeTruthy();

    await user.clear(within(dialog).getByLabelText(T.key));
    await user.type(within(dialog).getByLabelText(T.key), 'stream.max_people');
    await user.clear(within(dialog).getByLabelText(T.value));
    await user.type(within(dialog).getByLabelText(T.value), '40');
    await user.click(within(dialog).getByRole('button', { name: T.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual(['PUT /api/admin/settings/stream.max_people {"value":40}']);
    expect(await screen.findByText('stream.max_people')).toBeTruthy();
  });

  it('removes a setting after saying what stops working', async () => {
    const user = userEvent.setup();
    const { writes } = settingsServer({ 'stream.gallery': '/embed/gallery' });
    await user.click(await screen.findByRole('button', { name: /^Actions for stream.gallery/ }));
    await user.click(screen.getByRole('button', { name: T.remove }));
    const confirm = await screen.findByRole('alertdialog', {
      name: T.removeSettingTitle('stream.gallery'),
    });
    expect(
      within(confirm).getByText(T.removeSettingText('stream.gallery', '/embed/gallery')),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: T.remove }));
    expect(await screen.findByText(T.noSettings)).toBeTruthy();
    expect(writes()).toEqual(['DELETE /api/admin/settings/stream.gallery null']);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: T.addSetting })),
    );
  });
});

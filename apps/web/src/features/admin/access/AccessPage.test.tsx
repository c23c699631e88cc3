// @vitest-environment happy-dom
import type { AccessPolicy, LimitSettings } from '@atrium/protocol';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  failure,
  fakeServer,
  renderWithSession,
  type FakeHandler,
} from '../../../shared/session/sessionTestKit.tsx';
import { AccessPage } from './AccessPage.tsx';
import { AccessText as T, limitFields } from './texts.ts';

const policy: AccessPolicy = {
  self_registration: true,
  email_domains: ['school.example'],
  guests: true,
};
const limits: LimitSettings = {
  login_attempts_per_ip_per_minute: 10,
  login_failures_before_lock: 10,
  register_mails_per_ip_per_hour: 5,
  recovery_mails_per_ip_per_hour: 5,
  mails_per_recipient_per_hour: 3,
  email_taken_answers_per_ip_per_hour: 20,
};

/** The three settings, each PATCH answering what it was sent merged in (or `refuse`). */
function setup(refuse: Partial<Record<'access' | 'limits' | 'wallet', FakeHandler>> = {}) {
  const state = { policy, limits, wallet: { audience: 'school' } };
  const server = fakeServer({
    'GET /api/admin/access': () => ({ status: true, data: state.policy }),
    'PATCH /api/admin/access': (request) =>
      refuse.access?.(request) ?? {
        status: true,
        data: (state.policy = { ...state.policy, ...(request.body as object) }),
      },
    'GET /api/settings/limits': () => ({ status: true, data: state.limits }),
    'PATCH /api/settings/limits': (request) =>
      refuse.limits?.(request) ?? {
        status: true,
        data: (state.limits = { ...state.limits, ...(request.body as object) }),
      },
    'GET /api/settings/wallet': () => ({ status: true, data: state.wallet }),
    'PATCH /api/settings/wallet': (request) => ({
      status: true,
      data: (state.wallet = request.body as { audience: string }),
    }),
  });
  renderWithSession(<AccessPage />, { fetch: server.fetch });
  const patches = (path: string) =>
    server.requests.filter((r) => r.method === 'PATCH' && r.path === path).map((r) => r.body);
  return { server, patches };
}

const section = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('section') as HTMLElement;

describe('Sign-up and access (issue 29)', () => {
  afterEach(cleanup);

  it('refuses a bad domain with the schema’s words, then saves only what changed', async () => {
    const user = userEvent.setup();
    const { patches } = setup();
    const signUp = within(await waitFor(() => section(T.signUp)));
    const field = await signUp.findByRole('textbox', { name: T.newDomain });
    await user.type(field, 'not a domain!{Enter}');
    expect(signUp.getByText('Each domain must look like school.example.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // Saving with it still typed refuses too, and sends nothing.
    await user.click(signUp.getByRole('button', { name: T.save }));
    expect(patches('/api/admin/access')).toEqual([]);

    await user.clear(field);
    await user.type(field, 'School.Example, Pupils.School.Example{Enter}');
    expect(signUp.getByText(T.domainTwice('school.example'))).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'Pupils.School.Example{Enter}');
    const list = signUp.getByRole('list', { name: T.domainList });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['school.example', 'pupils.school.example']);
    await user.click(signUp.getByRole('button', { name: T.removeDomain('school.example') }));
    // Focus moves on to the next domain's button.
    expect(document.activeElement).toBe(
      signUp.getByRole('button', { name: T.removeDomain('pupils.school.example') }),
    );
    await user.click(signUp.getByRole('checkbox', { name: T.guests }));
    await user.click(signUp.getByRole('button', { name: T.save }));
    await waitFor(() =>
      expect(patches('/api/admin/access')).toEqual([
        { email_domains: ['pupils.school.example'], guests: false },
      ]),
    );
  });

  it('shows the server’s refusal in the form', async () => {
    const user = userEvent.setup();
    setup({ access: () => failure(400, 'Sign-up settings are locked.') });
    const signUp = within(await waitFor(() => section(T.signUp)));
    await user.click(await signUp.findByRole('checkbox', { name: T.selfRegistration }));
    await user.click(signUp.getByRole('button', { name: T.save }));
    expect((await signUp.findByRole('alert')).textContent).toContain(
      'Sign-up settings are locked.',
    );
  });

  it('checks the limits with the schema and sends the changed one', async () => {
    const user = userEvent.setup();
    const { patches } = setup();
    const form = within(await waitFor(() => section(T.limits)));
    const [first, second] = limitFields;
    const register = await form.findByRole('spinbutton', { name: first!.label });
    const recovery = form.getByRole('spinbutton', { name: second!.label });
    await user.clear(register);
    await user.clear(recovery);
    await user.type(recovery, '0');
    await user.click(form.getByRole('button', { name: T.save }));
    expect(await form.findByText(T.wholeNumber)).toBeTruthy();
    expect(form.getByText('A limit must be at least 1.')).toBeTruthy();
    expect(patches('/api/settings/limits')).toEqual([]);

    await user.type(register, '8');
    await user.clear(recovery);
    await user.type(recovery, '5');
    await user.click(form.getByRole('button', { name: T.save }));
    await waitFor(() =>
      expect(patches('/api/settings/limits')).toEqual([{ register_mails_per_ip_per_hour: 8 }]),
    );
  });

  it('sets the wallet’s audience', async () => {
    const user = userEvent.setup();
    const { patches } = setup();
    const form = within(await waitFor(() => section(T.wallet)));
    await user.click(await form.findByRole('radio', { name: 'Public' }));
    await user.click(form.getByRole('button', { name: T.save }));
    await waitFor(() => expect(patches('/api/settings/wallet')).toEqual([{ audience: 'public' }]));
  });
});

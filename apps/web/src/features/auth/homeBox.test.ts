import type { CurrentUser } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { homeFlags, selectHomeBox, type HomeBoxInput } from './homeBox.ts';

const member: CurrentUser = {
  _id: '00000000-0000-4000-8000-000000000003',
  username: 'member',
  email: 'member@example.org',
  status: 1,
  role: 'member',
  role_label: 'Member',
  logged: true,
  is_guest: false,
  data: {},
};

const signedIn = (user: CurrentUser) => ({ phase: 'signedIn' as const, user, ended: null });
const signedOut = { phase: 'signedOut' as const, user: null, ended: null };

function box(session: HomeBoxInput['session'], flags: Partial<HomeBoxInput> = {}) {
  return selectHomeBox({ session, sessionEndedParam: false, registerOpen: false, ...flags });
}

describe('home box (SPEC §2, §4)', () => {
  it('shows the login box to a visitor, or the register form when opened', () => {
    expect(box(signedOut)).toBe('login');
    expect(box(signedOut, { registerOpen: true })).toBe('register');
  });

  it('shows the start box to a signed-in user and to a guest', () => {
    expect(box(signedIn(member))).toBe('start');
    expect(box(signedIn({ ...member, role: 'guest', is_guest: true, email: '' }))).toBe('start');
    // The register flag does not hide the start box from someone already signed in.
    expect(box(signedIn(member), { registerOpen: true })).toBe('start');
  });

  it('shows the loading box for a new or continued mini game, once signed in (SPEC §2, §4)', () => {
    expect(box(signedIn(member), { miniGame: 'new' })).toBe('loading');
    expect(box(signedIn(member), { miniGame: 'continue' })).toBe('loading');
    // Signed out, the login box comes first; without a game, the start box.
    expect(box(signedOut, { miniGame: 'continue' })).toBe('login');
    expect(box(signedIn(member), { miniGame: null })).toBe('start');
    const emailName = { ...member, username: 'member@example.org' };
    expect(box(signedIn(emailName), { miniGame: 'new' })).toBe('update-username');
  });

  it('asks for a username while the username is the email', () => {
    const emailName = { ...member, username: 'Member@Example.org', email: 'member@example.org' };
    expect(box(signedIn(emailName))).toBe('update-username');
  });

  it('shows the session-end box after an expiry or with ?session=ended', () => {
    expect(box({ ...signedOut, ended: 'expired' })).toBe('session-end');
    expect(box(signedOut, { sessionEndedParam: true })).toBe('session-end');
    expect(box(signedIn(member), { sessionEndedParam: true })).toBe('session-end');
  });

  it('shows the loading box while the session is being restored', () => {
    expect(box({ phase: 'restoring', user: null, ended: null })).toBe('loading');
  });

  it('reads the flags from the query string', () => {
    expect(homeFlags('?view=register')).toEqual({ registerOpen: true, sessionEndedParam: false });
    expect(homeFlags('?session=ended&x=1')).toEqual({
      registerOpen: false,
      sessionEndedParam: true,
    });
    expect(homeFlags('')).toEqual({ registerOpen: false, sessionEndedParam: false });
  });
});

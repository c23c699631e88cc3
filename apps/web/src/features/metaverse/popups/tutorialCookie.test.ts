import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissTutorial, isTutorialDismissed, tutorialCookieName } from './tutorialCookie.ts';

describe('tutorialCookieName (SPEC §9)', () => {
  it('is per user for a signed-in user', () => {
    expect(tutorialCookieName({ username: 'alice', is_guest: false })).toBe(
      'mg_popup_tutorial_check_alice',
    );
    expect(tutorialCookieName({ username: 'Bob.Smith', is_guest: false })).toBe(
      'mg_popup_tutorial_check_Bob.Smith',
    );
  });

  it('is shared by every guest, whatever their generated name', () => {
    expect(tutorialCookieName({ username: 'guest-8f2a', is_guest: true })).toBe(
      'mg_popup_tutorial_check_guest',
    );
    expect(tutorialCookieName(null)).toBe('mg_popup_tutorial_check_guest');
  });

  it('falls back to the guest cookie for a blank username', () => {
    expect(tutorialCookieName({ username: '  ', is_guest: false })).toBe(
      'mg_popup_tutorial_check_guest',
    );
  });
});

describe('dismissTutorial / isTutorialDismissed (SPEC §4: once set it stays closed)', () => {
  /** A minimal cookie jar behind `document.cookie`, recording each write with its attributes. */
  const jar = new Map<string, string>();
  const writes: string[] = [];

  beforeEach(() => {
    jar.clear();
    writes.length = 0;
    vi.stubGlobal('document', {
      get cookie() {
        return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      },
      set cookie(line: string) {
        writes.push(line);
        const [pair = ''] = line.split('; ');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      },
    });
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('remembers the choice for that cookie only', () => {
    const alice = tutorialCookieName({ username: 'alice', is_guest: false });
    const guest = tutorialCookieName(null);
    expect(isTutorialDismissed(alice)).toBe(false);

    dismissTutorial(alice);

    expect(isTutorialDismissed(alice)).toBe(true);
    expect(isTutorialDismissed(guest)).toBe(false);
  });

  it('writes a 7-day, site-wide, SameSite=Lax cookie', () => {
    dismissTutorial('mg_popup_tutorial_check_guest');
    expect(writes).toHaveLength(1);
    const attributes = writes[0]!.split('; ');
    expect(attributes[0]).toBe('mg_popup_tutorial_check_guest=1');
    expect(attributes).toContain('path=/');
    expect(attributes).toContain('sameSite=Lax');
    expect(attributes).toContain('expires=Sun, 08 Mar 2026 12:00:00 GMT');
  });
});

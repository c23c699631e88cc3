import { AuthText } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { providerRefusal } from './providerSignIn.ts';

describe('providerRefusal', () => {
  it("says why the server refused a provider sign-in, by the redirect's code", () => {
    expect(providerRefusal('closed')).toBe(AuthText.signUpClosed);
    expect(providerRefusal('domain')).toBe(AuthText.providerDomain);
    expect(providerRefusal('banned')).toBe(AuthText.providerBanned);
    expect(providerRefusal('error')).toBe(AuthText.providerFailed);
  });

  it('says nothing after a sign-in that worked, and nothing made up for a forged code', () => {
    expect(providerRefusal('ok')).toBeNull();
    expect(providerRefusal(null)).toBeNull();
    expect(providerRefusal('Your <b>account</b> was hacked')).toBe(AuthText.providerFailed);
    expect(providerRefusal('toString')).toBe(AuthText.providerFailed);
  });
});

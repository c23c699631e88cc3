import { describe, expect, it } from 'vitest';
import { forgotModeFromSearch } from './forgotMode.ts';

describe('forgot page mode (SPEC §2)', () => {
  it('asks for the email without a token', () => {
    expect(forgotModeFromSearch('')).toEqual({ kind: 'confirm-email' });
    expect(forgotModeFromSearch('?email=a@b.c')).toEqual({ kind: 'confirm-email' });
    expect(forgotModeFromSearch('?token=')).toEqual({ kind: 'confirm-email' });
    expect(forgotModeFromSearch('?token=%20%20')).toEqual({ kind: 'confirm-email' });
  });

  it('asks for a new password with a token', () => {
    expect(forgotModeFromSearch('?token=abc123')).toEqual({
      kind: 'new-password',
      token: 'abc123',
    });
    expect(forgotModeFromSearch('?x=1&token=a%2Bb')).toEqual({
      kind: 'new-password',
      token: 'a+b',
    });
  });
});

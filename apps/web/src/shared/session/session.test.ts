import { describe, expect, it } from 'vitest';
import { formatUserLabel, signedOutSession } from './session.ts';

describe('session', () => {
  it('shows a user as "username (Role Label)"', () => {
    expect(formatUserLabel({ username: 'alice', role: 'teacher' })).toBe('alice (Teacher)');
    expect(formatUserLabel({ username: 'bob', role: 'member' })).toBe('bob (Member)');
    expect(formatUserLabel({ username: 'root', role: 'admin' })).toBe('root (Admin)');
  });

  it('starts signed out', () => {
    expect(signedOutSession.user).toBeNull();
    expect(signedOutSession.hasNewAlbumItems).toBe(false);
  });
});

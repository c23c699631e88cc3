import { describe, expect, it } from 'vitest';
import { canUseAlbum, formatUserLabel, signedOutSession } from './session.ts';

describe('session', () => {
  it('shows a user as "username (Role Label)"', () => {
    expect(formatUserLabel({ username: 'alice', role: 'teacher' })).toBe('alice (Teacher)');
    expect(formatUserLabel({ username: 'bob', role: 'member' })).toBe('bob (Member)');
    expect(formatUserLabel({ username: 'root', role: 'admin' })).toBe('root (Admin)');
  });

  it("labels a guest with the server's role label", () => {
    expect(formatUserLabel({ username: 'guest-7', role: 'guest', roleLabel: 'Guest' })).toBe(
      'guest-7 (Guest)',
    );
    expect(formatUserLabel({ username: 'guest-7', role: 'guest' })).toBe('guest-7 (Guest)');
  });

  it('offers the album to signed-in users but not to guests', () => {
    expect(canUseAlbum(null)).toBe(false);
    expect(canUseAlbum({ username: 'bob', role: 'member' })).toBe(true);
    expect(canUseAlbum({ username: 'guest-7', role: 'guest', isGuest: true })).toBe(false);
  });

  it('starts signed out', () => {
    expect(signedOutSession.user).toBeNull();
    expect(signedOutSession.hasNewAlbumItems).toBe(false);
  });
});

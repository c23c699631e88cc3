import { describe, expect, it } from 'vitest';
import { readRememberedLogin, REMEMBER_LOGIN_KEY, saveRememberedLogin } from './rememberedLogin.ts';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

describe('remembered login (SPEC §3, DESIGN "Security decisions")', () => {
  it('stores only the username and the checkbox under the spec key', () => {
    const storage = new MemoryStorage();
    // Even if a caller slips a password in, only the two known fields are written.
    const withPassword = { username: ' alice ', checked: true, password: 'hunter2-secret' };
    saveRememberedLogin(storage, withPassword);
    const raw = storage.getItem(REMEMBER_LOGIN_KEY);
    expect(JSON.parse(raw!)).toEqual({ username: 'alice', checked: true });
    expect(raw).not.toContain('hunter2');
    expect(raw).not.toContain('password');
    expect(readRememberedLogin(storage)).toEqual({ username: 'alice', checked: true });
  });

  it('forgets the username when the box is unticked', () => {
    const storage = new MemoryStorage();
    saveRememberedLogin(storage, { username: 'alice', checked: true });
    saveRememberedLogin(storage, { username: 'alice', checked: false });
    expect(storage.items.size).toBe(0);
    expect(readRememberedLogin(storage)).toBeNull();
  });

  it('scrubs a password that an older client stored, keeping the username', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      REMEMBER_LOGIN_KEY,
      JSON.stringify({ username: 'bob', password: 'old-secret', checked: true }),
    );
    expect(readRememberedLogin(storage)).toEqual({ username: 'bob', checked: true });
    expect(storage.getItem(REMEMBER_LOGIN_KEY)).not.toContain('old-secret');
  });

  it.each([
    ['nothing stored', null],
    ['broken JSON', '{'],
    ['an unticked box', JSON.stringify({ username: 'x', checked: false })],
    ['no username', JSON.stringify({ checked: true })],
  ])('reads %s as nothing remembered', (_name, raw) => {
    const storage = new MemoryStorage();
    if (raw !== null) storage.setItem(REMEMBER_LOGIN_KEY, raw);
    expect(readRememberedLogin(storage)).toBeNull();
  });

  it('copes with blocked storage', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readRememberedLogin(blocked)).toBeNull();
    expect(() => saveRememberedLogin(blocked, { username: 'a', checked: true })).not.toThrow();
    expect(readRememberedLogin(null)).toBeNull();
  });
});

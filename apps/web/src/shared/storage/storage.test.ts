import { beforeEach, describe, expect, it } from 'vitest';
import type { StorageLike } from '../browserStorage.ts';
import { createClientStorage, NO_EXPIRY, STORAGE_NAME } from './storage.ts';
import type { CookieJar } from './storage.ts';
import { StorageText } from './texts.ts';

/** A Map-backed localStorage that can be told to throw. */
class FakeStorage implements StorageLike {
  items = new Map<string, string>();
  failWrites = false;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** A cookie jar that records each cookie's expiry date. */
class FakeJar implements CookieJar {
  cookies = new Map<string, { value: string; expires: Date }>();
  get(name: string) {
    return this.cookies.get(name)?.value;
  }
  set(name: string, value: string, options: { expires: Date }) {
    this.cookies.set(name, { value, expires: options.expires });
  }
  remove(name: string) {
    this.cookies.delete(name);
  }
}

describe('client storage (SPEC §9)', () => {
  let clock: number;
  let errors: string[];
  let jar: FakeJar;
  const options = (local: StorageLike | null) => ({
    local,
    cookies: jar,
    now: () => clock,
    logError: (message: string) => errors.push(message),
  });

  beforeEach(() => {
    clock = Date.parse('2026-11-24T12:00:00Z');
    errors = [];
    jar = new FakeJar();
  });

  it('keeps items in localStorage under the fixed name, with no expiry by default', () => {
    const local = new FakeStorage();
    const storage = createClientStorage(options(local));
    expect(storage.backend).toBe('local');
    storage.set('volume', { music: 0.4 });
    expect([...local.items.keys()]).toEqual([`${STORAGE_NAME}.volume`]);
    expect(JSON.parse(local.items.get(`${STORAGE_NAME}.volume`) ?? '')).toEqual({
      value: { music: 0.4 },
      expires: NO_EXPIRY,
    });
    clock += 10 * 365 * 86_400_000;
    expect(storage.get('volume')).toEqual({ music: 0.4 });
    expect(errors).toEqual([]);
    expect(jar.cookies.size).toBe(0);
  });

  it('expires an item after its expiry in seconds, and removes it when read', () => {
    const local = new FakeStorage();
    const storage = createClientStorage(options(local));
    storage.set('token', 'abc', 60);
    clock += 59_999;
    expect(storage.get('token')).toBe('abc');
    clock += 1;
    expect(storage.get('token')).toBeNull();
    expect(local.items.size).toBe(0);
    // 0 seconds is already expired; -1 (explicit) never expires.
    storage.set('now', 1, 0);
    expect(storage.get('now')).toBeNull();
    storage.set('forever', 2, -1);
    clock += 1e12;
    expect(storage.get('forever')).toBe(2);
  });

  it('removes items, and reads missing or foreign values as null', () => {
    const local = new FakeStorage();
    const storage = createClientStorage(options(local));
    storage.set('a', 'x');
    storage.remove('a');
    expect(storage.get('a')).toBeNull();
    expect(storage.get('never')).toBeNull();
    local.items.set(`${STORAGE_NAME}.broken`, '{not json');
    local.items.set(`${STORAGE_NAME}.plain`, '"just a string"');
    expect(storage.get('broken')).toBeNull();
    expect(storage.get('plain')).toBeNull();
  });

  it('falls back to cookies with a console error when localStorage is unavailable', () => {
    const storage = createClientStorage(options(null));
    expect(errors).toEqual([StorageText.noLocalStorage]);
    expect(storage.backend).toBe('cookie');
    storage.set('lang', 'en', 3600);
    const cookie = jar.cookies.get(`${STORAGE_NAME}.lang`);
    expect(cookie?.expires.getTime()).toBe(clock + 3_600_000);
    expect(storage.get('lang')).toBe('en');
    clock += 3_600_000;
    expect(storage.get('lang')).toBeNull();
    expect(jar.cookies.has(`${STORAGE_NAME}.lang`)).toBe(false);
    storage.set('keep', true);
    expect(jar.cookies.get(`${STORAGE_NAME}.keep`)?.expires.getTime()).toBeGreaterThan(
      clock + 300 * 86_400_000,
    );
    expect(storage.get('keep')).toBe(true);
    storage.remove('keep');
    expect(storage.get('keep')).toBeNull();
  });

  it('treats a localStorage that throws on writes as unavailable', () => {
    const blocked = new FakeStorage();
    blocked.failWrites = true;
    const storage = createClientStorage(options(blocked));
    expect(storage.backend).toBe('cookie');
    expect(errors).toEqual([StorageText.noLocalStorage]);

    // One that fills up later moves to cookies at that write.
    const local = new FakeStorage();
    const later = createClientStorage(options(local));
    later.set('a', 1);
    local.failWrites = true;
    later.set('b', 2);
    expect(errors).toEqual([StorageText.noLocalStorage, StorageText.localStorageWriteFailed]);
    expect(later.backend).toBe('cookie');
    expect(later.get('b')).toBe(2);
  });
});

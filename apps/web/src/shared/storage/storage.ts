import Cookies from 'js-cookie';
import { browserStorage } from '../browserStorage.ts';
import type { StorageLike } from '../browserStorage.ts';
import { StorageText } from './texts.ts';

/**
 * SPEC §9's client storage: items with an expiry in seconds (-1 means none), kept in
 * localStorage under one fixed name, or in cookies when localStorage is unavailable (SPEC §8,
 * with a console error).
 */

/** SPEC §9 "the local storage name is fixed": every item's key starts with it. */
export const STORAGE_NAME = 'atrium';
/** SPEC §9: -1 means the item never expires. */
export const NO_EXPIRY = -1;
/** A cookie without expiry still needs a date; browsers cap cookies at 400 days anyway. */
const COOKIE_MAX_DAYS = 400;

/** What one item is stored as: its value and when it expires (epoch ms), or -1. */
interface StoredItem {
  value: unknown;
  expires: number;
}

/** The cookie jar the fallback writes to; js-cookie by default, a fake in tests. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(
    name: string,
    value: string,
    options: { expires: Date; path: string; sameSite: 'Lax'; secure: boolean },
  ): void;
  remove(name: string, options: { path: string }): void;
}

export interface ClientStorage {
  /** Stores a JSON value; `expirySeconds` -1 (the default) keeps it until removed. */
  set(key: string, value: unknown, expirySeconds?: number): void;
  /** The value, or null when it is missing, expired (then it is removed) or unreadable. */
  get<T = unknown>(key: string): T | null;
  remove(key: string): void;
  /** Where the items go: 'local' or 'cookie'. */
  readonly backend: 'local' | 'cookie';
}

export interface ClientStorageOptions {
  /** localStorage, or null where it is unavailable (default: the browser's, probed). */
  local?: StorageLike | null;
  cookies?: CookieJar;
  now?: () => number;
  /** Where the fallback is reported (default: console.error). */
  logError?: (message: string) => void;
}

const itemKey = (key: string) => `${STORAGE_NAME}.${key}`;

/** Whether a storage really works: some browsers hand one out that throws on every write. */
function usable(storage: StorageLike | null | undefined): storage is StorageLike {
  if (!storage) return false;
  const probe = `${STORAGE_NAME}.__probe__`;
  try {
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

const jsCookieJar: CookieJar = {
  get: (name) => Cookies.get(name),
  set: (name, value, options) => {
    Cookies.set(name, value, options);
  },
  remove: (name, options) => Cookies.remove(name, options),
};

export function createClientStorage(options: ClientStorageOptions = {}): ClientStorage {
  const now = options.now ?? Date.now;
  const logError = options.logError ?? ((message: string) => console.error(message));
  const cookies = options.cookies ?? jsCookieJar;
  const candidate = options.local === undefined ? browserStorage() : options.local;
  let local: StorageLike | null = usable(candidate) ? candidate : null;
  if (!local) logError(StorageText.noLocalStorage);

  const cookieOptions = (expires: number) => ({
    expires: new Date(expires === NO_EXPIRY ? now() + COOKIE_MAX_DAYS * 86_400_000 : expires),
    path: '/',
    sameSite: 'Lax' as const,
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });

  const read = (key: string): string | null | undefined =>
    local ? local.getItem(itemKey(key)) : cookies.get(itemKey(key));

  const remove = (key: string) => {
    if (local) local.removeItem(itemKey(key));
    else cookies.remove(itemKey(key), { path: '/' });
  };

  return {
    get backend() {
      return local ? 'local' : 'cookie';
    },
    set(key, value, expirySeconds = NO_EXPIRY) {
      const expires =
        expirySeconds === NO_EXPIRY || !Number.isFinite(expirySeconds) || expirySeconds < 0
          ? NO_EXPIRY
          : now() + expirySeconds * 1000;
      const text = JSON.stringify({ value, expires } satisfies StoredItem);
      if (local) {
        try {
          local.setItem(itemKey(key), text);
          return;
        } catch {
          // Full, or blocked since the probe: from now on every item goes to cookies.
          logError(StorageText.localStorageWriteFailed);
          local = null;
        }
      }
      cookies.set(itemKey(key), text, cookieOptions(expires));
    },
    get<T>(key: string): T | null {
      const text = read(key);
      if (text === null || text === undefined) return null;
      let item: StoredItem;
      try {
        item = JSON.parse(text) as StoredItem;
      } catch {
        return null;
      }
      if (typeof item !== 'object' || item === null || typeof item.expires !== 'number')
        return null;
      if (item.expires !== NO_EXPIRY && item.expires <= now()) {
        remove(key);
        return null;
      }
      return (item.value ?? null) as T | null;
    },
    remove,
  };
}

let shared: ClientStorage | undefined;

/** The app's storage, made on first use (so the console error comes only if it is used). */
export function clientStorage(): ClientStorage {
  shared ??= createClientStorage();
  return shared;
}

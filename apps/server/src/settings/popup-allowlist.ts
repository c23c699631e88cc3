import { POPUP_ALLOWLIST_DEFAULT, PopupAllowlistSchema } from '@atrium/protocol';
import type { AppDb } from '../db/database.ts';
import { SettingsRepository } from './settings.repository.ts';

/** The private setting holding the pop-up browser's allowlist (issue 15). */
export const POPUP_ALLOWLIST_KEY = 'room.popup_allowlist';

/** As the limits: an admin's change reaches every process within this many milliseconds. */
export const POPUP_ALLOWLIST_CACHE_MS = 5_000;

const cache = new WeakMap<AppDb, { list: Promise<string[]>; until: number }>();

/**
 * The admin's entries; until an admin sets them, {@link POPUP_ALLOWLIST_DEFAULT} (a few education
 * sites that allow being framed). An admin who sets an empty list allows the site's own origins
 * only.
 */
export function readPopupAllowlist(db: AppDb, now = Date.now()): Promise<string[]> {
  const cached = cache.get(db);
  if (cached && cached.until > now) return cached.list;
  const list = new SettingsRepository(db).findByPrefix(POPUP_ALLOWLIST_KEY).then((rows) => {
    const row = rows.find((r) => r.key === POPUP_ALLOWLIST_KEY);
    if (!row) return [...POPUP_ALLOWLIST_DEFAULT];
    // A value written by hand that is not a list of origins allows nothing rather than anything.
    const parsed = PopupAllowlistSchema.safeParse(row.value);
    return parsed.success ? parsed.data.map((e) => e.toLowerCase()) : [];
  });
  cache.set(db, { list, until: now + POPUP_ALLOWLIST_CACHE_MS });
  list.catch(() => cache.delete(db));
  return list;
}

export async function writePopupAllowlist(db: AppDb, entries: string[]): Promise<string[]> {
  const list = PopupAllowlistSchema.parse(entries);
  await new SettingsRepository(db).upsertPrivate({ [POPUP_ALLOWLIST_KEY]: list });
  cache.delete(db);
  return readPopupAllowlist(db);
}

/** Whether `url`'s origin is one of `ownOrigins` or matches an allowlist entry. */
export function popupAllowed(url: URL, ownOrigins: readonly string[], entries: string[]): boolean {
  const origin = url.origin.toLowerCase();
  if (ownOrigins.some((o) => o.toLowerCase() === origin)) return true;
  return entries.some((entry) => {
    const wildcard = entry.indexOf('://*.');
    if (wildcard < 0) return entry === origin;
    // `https://*.example.org` matches `https://a.example.org` (same scheme and port), not the bare domain.
    const scheme = entry.slice(0, wildcard);
    const suffix = entry.slice(wildcard + '://*'.length);
    return url.protocol === `${scheme}:` && url.host.toLowerCase().endsWith(suffix);
  });
}

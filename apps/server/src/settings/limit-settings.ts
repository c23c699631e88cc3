import { LimitSettingsSchema } from '@atrium/protocol';
import type { LimitSettings } from '@atrium/protocol';
import type { AppDb } from '../db/database.ts';
import { SettingsRepository } from './settings.repository.ts';

/** Private settings keys are `limits.<name>`, one row per limit. */
const PREFIX = 'limits.';

/**
 * The defaults. A class of 30 behind one school address registers in a minute with room to
 * spare (and a few classes at once); a flood of hundreds is refused.
 */
export const LIMIT_DEFAULTS: LimitSettings = {
  login_attempts_per_ip_per_minute: 10,
  login_failures_before_lock: 100,
  register_mails_per_ip_per_hour: 100,
  recovery_mails_per_ip_per_hour: 50,
  mails_per_recipient_per_hour: 5,
  email_taken_answers_per_ip_per_hour: 20,
};

/**
 * How long a process trusts the limits it read. Short, so an admin's change reaches every
 * process within seconds; long enough that the login and recovery paths rarely wait on the
 * database (on the embedded database a query queues behind any running transaction).
 */
export const LIMITS_CACHE_MS = 5_000;

const names = Object.keys(LIMIT_DEFAULTS) as (keyof LimitSettings)[];
const cache = new WeakMap<AppDb, { limits: Promise<LimitSettings>; until: number }>();

/** The limits in force: stored values over the defaults. */
export function readLimits(db: AppDb, now = Date.now()): Promise<LimitSettings> {
  const cached = cache.get(db);
  if (cached && cached.until > now) return cached.limits;
  const limits = load(new SettingsRepository(db));
  cache.set(db, { limits, until: now + LIMITS_CACHE_MS });
  limits.catch(() => cache.delete(db));
  return limits;
}

async function load(repo: SettingsRepository): Promise<LimitSettings> {
  const limits = { ...LIMIT_DEFAULTS };
  for (const { key, value } of await repo.findByPrefix(PREFIX)) {
    const name = key.slice(PREFIX.length) as keyof LimitSettings;
    // A value written by hand that is not a valid limit keeps the default rather than breaking logins.
    const parsed = names.includes(name) ? LimitSettingsSchema.shape[name].safeParse(value) : null;
    if (parsed?.success) limits[name] = parsed.data;
  }
  return limits;
}

/** Stores an admin's changes and returns the limits now in force. */
export async function writeLimits(
  db: AppDb,
  changes: Partial<LimitSettings>,
): Promise<LimitSettings> {
  await new SettingsRepository(db).upsertPrivate(
    Object.fromEntries(Object.entries(changes).map(([name, value]) => [PREFIX + name, value])),
  );
  // This process sees the change at once; others within LIMITS_CACHE_MS.
  cache.delete(db);
  return readLimits(db);
}

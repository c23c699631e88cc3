import {
  ACCESS_POLICY_DEFAULTS,
  AccessPolicySchema,
  AdminText,
  adminText,
  emailDomainAllowed,
} from '@atrium/protocol';
import type { AccessPolicy } from '@atrium/protocol';
import type { AppDb } from '../db/database.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { SettingsRepository } from './settings.repository.ts';

/** The private settings rows of issue 29's sign-up and access policy. */
const PREFIX = 'access.';
const KEYS = {
  self_registration: 'access.self_registration',
  email_domains: 'access.email_domains',
  guests: 'access.guests',
} as const satisfies Record<keyof AccessPolicy, string>;

/**
 * The policy in force, read on each use (a registration or a guest entry: rare next to a
 * settings row's cost), so every process agrees the moment an admin changes it. A stored value
 * that does not parse (written by hand) keeps the default.
 */
export async function readAccessPolicy(db: AppDb): Promise<AccessPolicy> {
  const rows = await new SettingsRepository(db).findByPrefix(PREFIX);
  const stored = (key: string) => rows.find((row) => row.key === key)?.value;
  const shape = AccessPolicySchema.shape;
  const pick = <K extends keyof AccessPolicy>(key: K): AccessPolicy[K] => {
    const parsed = shape[key].safeParse(stored(KEYS[key]));
    return (parsed.success ? parsed.data : ACCESS_POLICY_DEFAULTS[key]) as AccessPolicy[K];
  };
  return {
    self_registration: pick('self_registration'),
    email_domains: pick('email_domains'),
    guests: pick('guests'),
  };
}

/** Stores an admin's change; answers the policy before and after. */
export async function writeAccessPolicy(
  db: AppDb,
  change: Partial<AccessPolicy>,
): Promise<{ before: AccessPolicy; after: AccessPolicy }> {
  const before = await readAccessPolicy(db);
  const rows: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(change)) {
    if (value !== undefined) rows[KEYS[key as keyof AccessPolicy]] = value;
  }
  await new SettingsRepository(db).upsertPrivate(rows);
  return { before, after: await readAccessPolicy(db) };
}

/**
 * Throws unless the policy lets a new account be made with this (verified) address: the sign-up
 * form and a provider's first sign-in refuse alike, with the same texts.
 */
export function refuseSignUp(policy: AccessPolicy, email: string | undefined): void {
  if (!policy.self_registration) throw forbidden(AdminText.registrationClosed);
  if (!emailDomainAllowed(email ?? '', policy.email_domains)) {
    throw badRequest(
      adminText(AdminText.registrationDomain, { domains: policy.email_domains.join(', ') }),
    );
  }
}

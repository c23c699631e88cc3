// Issue 29: the campus settings an admin sets in the console: who may sign up and enter as a
// guest, and the public settings.
import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { SettingKeySchema } from './settings.ts';
import { AdminText } from './admin-text.ts';

// --- Sign-up and access.

/** A mail domain: `school.example`, lowercase, no `@`. */
export const MailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/, 'Each domain must look like school.example.');

export const AccessPolicySchema = z
  .object({
    /** Anyone may register an account (SPEC's register form); off: admins create accounts. */
    self_registration: z.boolean(),
    /** When not empty, self-registration takes addresses at these domains only. */
    email_domains: z.array(MailDomainSchema).max(50, 'At most 50 domains.'),
    /** The guest entry (SPEC's "Enter as guest"). */
    guests: z.boolean(),
  })
  .meta({ id: 'AccessPolicy' });
export type AccessPolicy = z.infer<typeof AccessPolicySchema>;
export const ACCESS_POLICY_DEFAULTS: AccessPolicy = {
  self_registration: true,
  email_domains: [],
  guests: true,
};
export const AccessPolicyUpdateSchema = AccessPolicySchema.partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: AdminText.nothingToUpdate });
export const AccessPolicyResponseSchema = okEnvelope(AccessPolicySchema);

/** Whether `email` may self-register under `domains` (none: any address). */
export function emailDomainAllowed(email: string, domains: readonly string[]): boolean {
  if (domains.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return domains.includes(domain);
}

// --- Public settings (`GET /api/public/custom-setting`'s keys).

export const PublicSettingValueSchema = z.union(
  [z.string().max(2000, 'A value must be at most 2000 characters.'), z.number(), z.boolean()],
  { error: 'A value must be text, a number, or true or false.' },
);
export const PublicSettingKeyParamsSchema = z.strictObject({ key: SettingKeySchema });
export const PublicSettingBodySchema = z.strictObject({ value: PublicSettingValueSchema });
export const PublicSettingsResponseSchema = okEnvelope(
  z.array(z.object({ key: z.string(), value: z.unknown() })),
);
export const PublicSettingResponseSchema = okEnvelope(
  z.object({ key: z.string(), value: z.unknown() }),
);

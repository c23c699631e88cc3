import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

export const SettingsText = {
  notFound: 'Setting not found.',
} as const;

/** A setting key: dotted lowercase words, e.g. `stream.default`. */
export const SettingKeySchema = z
  .string()
  .min(1, 'key is required.')
  .max(100)
  .regex(/^[a-z0-9_.-]+$/, 'key may contain lowercase letters, digits, dot, dash and underscore.');

/**
 * Public settings the web app reads by key. `site.home_page` is SPEC §2's "configured home page",
 * the exit target when leaving the metaverse: a path on this site (`/…`) or an http(s) address.
 * An admin's stored value wins; else the server's HOME_PAGE_URL; else `/`.
 */
export const PublicSetting = { homePage: 'site.home_page' } as const;

export const CustomSettingQuerySchema = z.strictObject({ key: SettingKeySchema });

export const CustomSettingResponseSchema = okEnvelope(
  z.object({ key: z.string(), value: z.unknown() }),
).meta({ id: 'CustomSettingResponse' });
export type CustomSettingResponse = z.infer<typeof CustomSettingResponseSchema>;

/** Texts of the admin settings. */
export const SettingsAdminText = {
  onlyAdmins: 'Only admins can change settings.',
  nothingToUpdate: 'Nothing to update.',
} as const;

const LimitSchema = z
  .number()
  .int('A limit must be a whole number.')
  .min(1, 'A limit must be at least 1.')
  .max(1_000_000, 'A limit must be at most 1000000.');

/**
 * Account limits an admin may raise or lower. Only what an attacker gains from is counted:
 * failed logins, mails sent, and answers that tell an email has an account.
 */
export const LimitSettingsSchema = z
  .object({
    /** Logins per minute from one address for one username. */
    login_attempts_per_ip_per_minute: LimitSchema,
    /** Failed logins in an hour after which an account is locked. */
    login_failures_before_lock: LimitSchema,
    /** Activation mails per hour sent for registrations from one address. */
    register_mails_per_ip_per_hour: LimitSchema,
    /** Recovery requests per hour from one address (each may send a mail). */
    recovery_mails_per_ip_per_hour: LimitSchema,
    /** Account mails per hour to one recipient. */
    mails_per_recipient_per_hour: LimitSchema,
    /** "This email is already registered." answers per hour to one address. */
    email_taken_answers_per_ip_per_hour: LimitSchema,
  })
  .meta({ id: 'LimitSettings' });
export type LimitSettings = z.infer<typeof LimitSettingsSchema>;

export const LimitSettingsUpdateSchema = LimitSettingsSchema.partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: SettingsAdminText.nothingToUpdate });

export const LimitSettingsResponseSchema = okEnvelope(LimitSettingsSchema);

/**
 * Issue 27: who the wallet speaks to. `school` (the default): the collectibles and the coins in
 * plain words, no native balance and no native coin transfer. `public`: the whole wallet.
 */
export const WALLET_AUDIENCES = ['school', 'public'] as const;
export const WalletAudienceSchema = z.enum(WALLET_AUDIENCES, {
  error: 'The wallet audience must be school or public.',
});
export type WalletAudience = z.infer<typeof WalletAudienceSchema>;

/** The wallet settings an admin may change (`wallet.audience`). */
export const WalletSettingsSchema = z
  .object({ audience: WalletAudienceSchema })
  .meta({ id: 'WalletSettings' });
export type WalletSettings = z.infer<typeof WalletSettingsSchema>;
export const WalletSettingsUpdateSchema = WalletSettingsSchema.strict();
export const WalletSettingsResponseSchema = okEnvelope(WalletSettingsSchema);

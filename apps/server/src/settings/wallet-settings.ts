import { WalletSettingsSchema } from '@atrium/protocol';
import type { WalletSettings } from '@atrium/protocol';
import type { AppDb } from '../db/database.ts';
import { SettingsRepository } from './settings.repository.ts';

/** The private settings row of the wallet's audience. */
const AUDIENCE_KEY = 'wallet.audience';

/** A school by default: plain words, no native coin (issue 27). */
export const WALLET_SETTING_DEFAULTS: WalletSettings = { audience: 'school' };

/**
 * The wallet settings in force, read on each call (one small row, asked for once per page load
 * and per wallet transaction), so every process agrees the moment an admin changes them.
 */
export async function readWalletSettings(db: AppDb): Promise<WalletSettings> {
  const rows = await new SettingsRepository(db).findByPrefix(AUDIENCE_KEY);
  const stored = rows.find((row) => row.key === AUDIENCE_KEY)?.value;
  // A value written by hand that is not an audience keeps the default.
  const audience = WalletSettingsSchema.shape.audience.safeParse(stored);
  return { audience: audience.success ? audience.data : WALLET_SETTING_DEFAULTS.audience };
}

/** Stores an admin's change and returns the settings now in force. */
export async function writeWalletSettings(
  db: AppDb,
  settings: WalletSettings,
): Promise<WalletSettings> {
  await new SettingsRepository(db).upsertPrivate({ [AUDIENCE_KEY]: settings.audience });
  return readWalletSettings(db);
}

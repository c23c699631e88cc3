import { CLASS_RECORD_RETENTION_DAYS, ClassroomSettingsSchema } from '@atrium/protocol';
import type { ClassroomSettings } from '@atrium/protocol';
import type { AppDb } from '../db/database.ts';
import { SettingsRepository } from './settings.repository.ts';

/** The private settings row of how long class records are kept (issue 28 §5). */
const RETENTION_KEY = 'classroom.record_retention_days';

export const CLASSROOM_SETTING_DEFAULTS: ClassroomSettings = {
  record_retention_days: CLASS_RECORD_RETENTION_DAYS,
};

/** The classroom settings in force, read on each call so every process agrees at once. */
export async function readClassroomSettings(db: AppDb): Promise<ClassroomSettings> {
  const rows = await new SettingsRepository(db).findByPrefix(RETENTION_KEY);
  const stored = rows.find((row) => row.key === RETENTION_KEY)?.value;
  // A value written by hand that is not a valid number of days keeps the default.
  const days = ClassroomSettingsSchema.shape.record_retention_days.safeParse(stored);
  return { record_retention_days: days.success ? days.data : CLASS_RECORD_RETENTION_DAYS };
}

/** Stores an admin's change and returns the settings now in force. */
export async function writeClassroomSettings(
  db: AppDb,
  settings: ClassroomSettings,
): Promise<ClassroomSettings> {
  await new SettingsRepository(db).upsertPrivate({
    [RETENTION_KEY]: settings.record_retention_days,
  });
  return readClassroomSettings(db);
}

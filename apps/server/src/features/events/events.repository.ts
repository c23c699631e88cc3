import { asc, eq } from 'drizzle-orm';
import type { EventFormKind, EventSubmission } from '@atrium/protocol';
import type { AppDb } from '../../db/database.ts';
import { eventSubmissions } from '../../db/schema.ts';
import type { EventSubmissionRow } from '../../db/schema.ts';
import { SettingsRepository } from '../../settings/settings.repository.ts';

/** The settings keys of the event pages (private: they are served by the events routes). */
export const EventSettingKey = {
  launchAt: 'events.launch_at',
  gallery: 'events.gallery',
} as const;

export interface SubmissionValues {
  kind: EventFormKind;
  voteTeam: 1 | 2 | null;
  name: string;
  email: string;
  phoneNumber: string;
  message: string;
}

export const toSubmission = (row: EventSubmissionRow): EventSubmission => ({
  id: row.id,
  kind: row.kind as EventFormKind,
  vote_team: row.voteTeam,
  name: row.name,
  email: row.email,
  phone_number: row.phoneNumber,
  message: row.message,
  created_at: row.createdAt.toISOString(),
});

/** The only place with SQL for the event pages. */
export class EventsRepository {
  private readonly settings: SettingsRepository;

  constructor(private readonly db: AppDb) {
    this.settings = new SettingsRepository(db);
  }

  /**
   * Stores a submission; null when it is a second vote of the same email address. The unique
   * index decides, so two votes sent at once cannot both count.
   */
  async insert(values: SubmissionValues): Promise<EventSubmissionRow | null> {
    const [row] = await this.db
      .insert(eventSubmissions)
      .values({ ...values, emailKey: values.email.toLowerCase() })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  async list(kind: EventFormKind): Promise<EventSubmissionRow[]> {
    return this.db
      .select()
      .from(eventSubmissions)
      .where(eq(eventSubmissions.kind, kind))
      .orderBy(asc(eventSubmissions.id));
  }

  async readSetting(key: string): Promise<unknown> {
    const rows = await this.settings.findByPrefix(key);
    return rows.find((r) => r.key === key)?.value;
  }

  async writeSetting(key: string, value: unknown): Promise<void> {
    await this.settings.upsertPrivate({ [key]: value });
  }
}

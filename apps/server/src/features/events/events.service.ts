import {
  DEFAULT_LAUNCH_AT,
  EVENT_SUBMIT_LIMIT,
  EVENT_SUBMIT_WINDOW_MS,
  EventsServerText,
  firstMissingContactField,
  GalleryListSchema,
  LaunchAtSchema,
} from '@atrium/protocol';
import type {
  EventFormKind,
  EventSubmission,
  GalleryEntry,
  RecordSubmit,
  VotingSubmit,
} from '@atrium/protocol';
import { badRequest, conflict, tooManyRequests } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireRole } from '../../security/policy.ts';
import { EventSettingKey, toSubmission } from './events.repository.ts';
import type { EventsRepository } from './events.repository.ts';

/** Submissions hold visitors' contact details: admins only, enforced here. */
const requireAdmin = requireRole('admin', EventsServerText.onlyAdmins);

export interface EventsServiceDeps {
  repo: EventsRepository;
  limiter: RateLimiter;
}

/** The voting and record-breaking forms, the countdown's date and the gallery listing. */
export class EventsService {
  constructor(private readonly deps: EventsServiceDeps) {}

  /** SPEC §5: team, then the contact fields in order; one vote per email address. */
  async vote(address: string, input: VotingSubmit): Promise<string> {
    if (input.vote_team === undefined) throw badRequest(EventsServerText.teamRequired);
    this.checkContact(input);
    await this.countSubmission(address);
    const row = await this.deps.repo.insert({
      kind: 'voting',
      voteTeam: input.vote_team,
      name: input.name,
      email: input.email,
      phoneNumber: input.phone_number,
      message: input.message,
    });
    if (!row) throw conflict(EventsServerText.alreadyVoted);
    return EventsServerText.voteReceived;
  }

  async recordBreaking(address: string, input: RecordSubmit): Promise<string> {
    this.checkContact(input);
    await this.countSubmission(address);
    await this.deps.repo.insert({
      kind: 'record',
      voteTeam: null,
      name: input.name,
      email: input.email,
      phoneNumber: input.phone_number,
      message: input.message,
    });
    return EventsServerText.recordReceived;
  }

  async submissions(claims: AuthClaims | null, kind: EventFormKind): Promise<EventSubmission[]> {
    requireAdmin(claims);
    return (await this.deps.repo.list(kind)).map(toSubmission);
  }

  /** The configured launch date, or the default; a hand-edited value that is not one is ignored. */
  async launchAt(): Promise<string> {
    const parsed = LaunchAtSchema.safeParse(
      await this.deps.repo.readSetting(EventSettingKey.launchAt),
    );
    return parsed.success ? parsed.data : DEFAULT_LAUNCH_AT;
  }

  async setLaunchAt(claims: AuthClaims | null, launchAt: string): Promise<string> {
    requireAdmin(claims);
    await this.deps.repo.writeSetting(EventSettingKey.launchAt, launchAt);
    return launchAt;
  }

  /** The admin's gallery list; empty until one is saved (or when a hand-edited one is broken). */
  async gallery(): Promise<GalleryEntry[]> {
    const parsed = GalleryListSchema.safeParse(
      (await this.deps.repo.readSetting(EventSettingKey.gallery)) ?? [],
    );
    return parsed.success ? parsed.data : [];
  }

  async setGallery(claims: AuthClaims | null, entries: GalleryEntry[]): Promise<GalleryEntry[]> {
    requireAdmin(claims);
    await this.deps.repo.writeSetting(EventSettingKey.gallery, entries);
    return this.gallery();
  }

  private checkContact(input: RecordSubmit): void {
    const missing = firstMissingContactField(input);
    if (missing) throw badRequest(missing.message);
  }

  /** Counted after the field checks, so a visitor correcting a typo does not use up the limit. */
  private async countSubmission(address: string): Promise<void> {
    const hit = await this.deps.limiter.hit(
      `events:submit:${address}`,
      EVENT_SUBMIT_WINDOW_MS,
      EVENT_SUBMIT_LIMIT,
    );
    if (!hit.allowed) throw tooManyRequests(EventsServerText.tooManySubmissions, hit.retryAfterMs);
  }
}

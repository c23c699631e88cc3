import path from 'node:path';
import type { FeatureDeps } from '../feature.ts';
import { AccessService } from './admin.access-policy.ts';
import { AuditService } from './admin.audit.ts';
import { ClassroomsService } from './admin.classrooms.ts';
import { DashboardService } from './admin.dashboard.ts';
import { ModerationService } from './admin.moderation.service.ts';
import { PeopleService } from './admin.people.service.ts';
import { AdminRepository } from './admin.repository.ts';
import { RosterService } from './admin.roster.ts';
import { PublicSettingsService } from './admin.settings.ts';
import { SessionEnder } from './admin.sessions.ts';

/**
 * The console's rules, split by idea: people (`admin.people.service.ts`), moderation
 * (`admin.moderation.service.ts`) and the audit log (`admin.audit.ts`), over one repository and
 * one way of ending a person's sessions.
 */
export class AdminService {
  readonly people: PeopleService;
  readonly moderation: ModerationService;
  readonly audit: AuditService;
  readonly dashboard: DashboardService;
  readonly access: AccessService;
  readonly roster: RosterService;
  readonly classrooms: ClassroomsService;
  readonly settings: PublicSettingsService;

  constructor(deps: FeatureDeps) {
    const repo = new AdminRepository(deps.database.db);
    const sessions = new SessionEnder(deps.gate, deps.authRepo, () => deps.io(), deps.now);
    this.people = new PeopleService({
      repo,
      authRepo: deps.authRepo,
      audit: deps.audit,
      mailer: deps.mailer,
      limiter: deps.limiter,
      sessions,
      publicUrl: deps.config.publicUrl,
      filesDir: path.join(deps.config.dataDir, 'files'),
      now: deps.now,
    });
    this.moderation = new ModerationService({
      repo,
      audit: deps.audit,
      limiter: deps.limiter,
      sessions,
      io: () => deps.io(),
      now: deps.now,
    });
    this.audit = new AuditService(deps.audit);
    this.dashboard = new DashboardService(repo, deps);
    this.access = new AccessService(deps.database.db, deps.audit);
    this.settings = new PublicSettingsService(deps.database.db, deps.audit);
    this.classrooms = new ClassroomsService(repo, deps.audit, deps.classroom);
    this.roster = new RosterService({
      repo,
      audit: deps.audit,
      mailer: deps.mailer,
      publicUrl: deps.config.publicUrl,
      now: deps.now,
    });
  }
}

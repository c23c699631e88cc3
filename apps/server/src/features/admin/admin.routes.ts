import { AdminApi } from '@atrium/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serveRoute } from '../../http/route.ts';
import type { AccessService } from './admin.access-policy.ts';
import type { AuditService } from './admin.audit.ts';
import type { ClassroomsService } from './admin.classrooms.ts';
import type { DashboardService } from './admin.dashboard.ts';
import type { RosterService } from './admin.roster.ts';
import type { PublicSettingsService } from './admin.settings.ts';
import type { ModerationService } from './admin.moderation.service.ts';
import type { Actor, PeopleService } from './admin.people.service.ts';

/** 1,000 rows of a roster are past the API's default 16 KB (about 100 bytes a row). */
const ROSTER_BODY_LIMIT = 512 * 1024;

const actor = (request: FastifyRequest): Actor => ({ claims: request.auth, address: request.ip });

/** Issue 29's console routes: thin, each one call to a service. */
export function adminRoutes(
  app: FastifyInstance,
  {
    people,
    moderation,
    audit,
    dashboard,
    access,
    roster,
    classrooms,
    settings,
  }: {
    settings: PublicSettingsService;
    classrooms: ClassroomsService;
    roster: RosterService;
    access: AccessService;
    people: PeopleService;
    moderation: ModerationService;
    audit: AuditService;
    dashboard: DashboardService;
  },
): void {
  serveRoute(app, AdminApi.access, async (request) => ({
    status: true as const,
    data: await access.read(request.auth),
  }));

  serveRoute(app, AdminApi.updateAccess, async (request) => ({
    status: true as const,
    data: await access.write(actor(request), request.body),
  }));

  serveRoute(
    app,
    AdminApi.rosterCheck,
    async (request) => ({
      status: true as const,
      data: await roster.check(request.auth, request.body.rows),
    }),
    { bodyLimit: ROSTER_BODY_LIMIT },
  );

  serveRoute(
    app,
    AdminApi.rosterImport,
    async (request, reply) => {
      const stream = await roster.import(actor(request), request.body.rows);
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(stream);
    },
    { bodyLimit: ROSTER_BODY_LIMIT },
  );

  serveRoute(app, AdminApi.publicSettings, async (request) => ({
    status: true as const,
    data: await settings.list(request.auth),
  }));

  serveRoute(app, AdminApi.setPublicSetting, async (request) => ({
    status: true as const,
    data: await settings.set(actor(request), request.params.key, request.body.value),
  }));

  serveRoute(app, AdminApi.deletePublicSetting, async (request) => ({
    status: true as const,
    message: await settings.remove(actor(request), request.params.key),
  }));

  serveRoute(app, AdminApi.classrooms, async (request) => ({
    status: true as const,
    data: await classrooms.list(request.auth),
  }));

  serveRoute(app, AdminApi.endClass, async (request) => ({
    status: true as const,
    message: await classrooms.end(actor(request), request.params.channel),
  }));

  serveRoute(app, AdminApi.classPolicy, async (request) => ({
    status: true as const,
    message: await classrooms.setPolicy(
      actor(request),
      request.params.channel,
      request.body.entry_policy,
    ),
  }));

  serveRoute(app, AdminApi.dashboard, async (request) => ({
    status: true as const,
    data: await dashboard.read(request.auth),
  }));

  serveRoute(app, AdminApi.people, async (request) => ({
    status: true as const,
    data: await people.list(request.auth, request.query),
  }));

  serveRoute(app, AdminApi.createPerson, async (request) => ({
    status: true as const,
    ...(await people.create(actor(request), request.body)),
  }));

  serveRoute(app, AdminApi.updatePerson, async (request) => ({
    status: true as const,
    ...(await people.update(actor(request), request.params.id, request.body)),
  }));

  serveRoute(app, AdminApi.deletePerson, async (request) => ({
    status: true as const,
    ...(await people.delete(actor(request), request.params.id)),
  }));

  serveRoute(app, AdminApi.resendActivation, async (request) => ({
    status: true as const,
    message: await people.resendActivation(actor(request), request.params.id),
  }));

  serveRoute(app, AdminApi.audit, async (request) => ({
    status: true as const,
    data: await audit.page(request.auth, request.query),
  }));

  serveRoute(app, AdminApi.auditCsv, async (request, reply) => {
    const csv = await audit.csv(request.auth, request.query);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  serveRoute(app, AdminApi.report, async (request) => ({
    status: true as const,
    message: await moderation.report(request.auth, request.body),
  }));

  serveRoute(app, AdminApi.reports, async (request) => ({
    status: true as const,
    data: await moderation.reports(request.auth, request.query),
  }));

  serveRoute(app, AdminApi.resolveReport, async (request) => ({
    status: true as const,
    message: await moderation.resolve(actor(request), request.params.id, request.body.resolution),
  }));

  serveRoute(app, AdminApi.sanctions, async (request) => ({
    status: true as const,
    data: await moderation.sanctions(request.auth, request.query),
  }));

  serveRoute(app, AdminApi.sanction, async (request) => ({
    status: true as const,
    ...(await moderation.sanction(actor(request), request.body)),
  }));

  serveRoute(app, AdminApi.liftSanction, async (request) => ({
    status: true as const,
    message: await moderation.lift(actor(request), request.params.id),
  }));
}

import { ClassroomApi } from '@atrium/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { serveRoute } from '../../http/route.ts';
import type { ClassRecordService } from './classroom.record.ts';
import { recordCsv } from './classroom.record.ts';
import type { ClassroomService } from './classroom.service.ts';

/** SPEC §7 video tokens and the global mute config of each classroom. */
export const classroomRoutes: FastifyPluginAsync<{
  service: ClassroomService;
  records: ClassRecordService;
}> = async (app, { service, records }) => {
  serveRoute(app, ClassroomApi.videoTokens, async (request) =>
    service.videoTokens(request.auth, request.params.channel, request.params.uid),
  );

  serveRoute(app, ClassroomApi.globalMute, async (request) => ({
    status: true as const,
    data: await service.flags(request.auth, request.params.channel),
  }));

  serveRoute(app, ClassroomApi.setGlobalMute, async (request) => ({
    status: true as const,
    data: await service.setFlag(
      request.auth,
      request.params.channel,
      request.params.key,
      request.body.value,
    ),
  }));

  // Issue 28 §5: the class record (teachers and admins: everyone; a student: their own row).
  serveRoute(app, ClassroomApi.sessions, async (request) => ({
    status: true as const,
    data: await records.sessions(request.auth, request.params.channel),
  }));

  serveRoute(app, ClassroomApi.record, async (request) => ({
    status: true as const,
    data: await records.record(request.auth, request.params.id),
  }));

  serveRoute(app, ClassroomApi.recordCsv, async (request, reply) => {
    const record = await records.record(request.auth, request.params.id);
    const day = record.session.startedAt.slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="class-record-${record.session.room}-${day}.csv"`,
      )
      .header('cache-control', 'no-store')
      .send(recordCsv(record));
  });
};

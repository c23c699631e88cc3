import { turnIceServers } from '../../media/turn.ts';
import type { Feature } from '../feature.ts';
import { readClassroomSettings } from '../../settings/classroom-settings.ts';
import { GroupsRepository } from './classroom.groups.repository.ts';
import { LobbyRepository } from './classroom.lobby.repository.ts';
import { PlacementRepository } from './classroom.placement.repository.ts';
import { RecordRepository } from './classroom.record.repository.ts';
import { createRecordService, RECORD_PURGE_INTERVAL_MS } from './classroom.record.ts';
import { ClassroomPollsRepository } from './classroom.polls.repository.ts';
import { ClassroomRepository } from './classroom.repository.ts';
import { classroomRoutes } from './classroom.routes.ts';
import { ClassroomService } from './classroom.service.ts';
import { createClassroomRealtime } from './classroom.socket.ts';

/** The live classroom (issue 14): video tokens, global mute flags, and Janus signalling. */
export const classroomFeature: Feature = {
  name: 'classroom',
  async register(app, deps) {
    const repo = new ClassroomRepository(deps.database.db);
    const service = new ClassroomService(repo, deps.jwtSecret, deps.callRooms);
    const records = new RecordRepository(deps.database.db);
    const recordService = createRecordService(records);
    await app.register(classroomRoutes, { service, records: recordService });
    // Records past the admin's retention period go, checked at start and then hourly.
    const purge = () =>
      readClassroomSettings(deps.database.db)
        .then((settings) => recordService.purge(settings.record_retention_days))
        .then((n) => n > 0 && app.log.info({ sessions: n }, 'old class records deleted'))
        .catch((err: unknown) => app.log.error({ err }, 'class record purge failed'));
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      void purge();
      timer = setInterval(() => void purge(), RECORD_PURGE_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
    const live = createClassroomRealtime({
      repo,
      lobby: new LobbyRepository(deps.database.db),
      records,
      groups: new GroupsRepository(deps.database.db),
      groupWarningMs: deps.config.CLASS_GROUP_WARNING_S * 1000,
      groupStrayMs: deps.config.CLASS_GROUP_STRAY_S * 1000,
      lastN: deps.config.CLASS_LAST_N,
      polls: new ClassroomPollsRepository(deps.database.db),
      placements: new PlacementRepository(deps.database.db),
      doorClosed: (channel) => deps.classAccess.doorClosed(channel),
      service,
      media: () => deps.media(),
      mediaSettled: () => deps.mediaSettled(),
      io: () => deps.io(),
      secret: deps.jwtSecret,
      iceServers: (userId) => turnIceServers(deps.config, userId),
      log: app.log,
    });
    deps.socket(live.feature);
    deps.provide('classroom', {
      endClass: (channel, by) => live.endClass(channel, by),
      changePolicy: (channel, policy) => live.changePolicy(channel, policy),
    });
    // Before the socket server closes (app.ts's own preClose runs after this one): the rows go
    // and the others are told while Redis is still there.
    app.addHook('preClose', () => live.close());
  },
};

import { turnIceServers } from '../../media/turn.ts';
import type { Feature } from '../feature.ts';
import { LobbyRepository } from './classroom.lobby.repository.ts';
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
    await app.register(classroomRoutes, { service });
    const live = createClassroomRealtime({
      repo,
      lobby: new LobbyRepository(deps.database.db),
      polls: new ClassroomPollsRepository(deps.database.db),
      service,
      media: () => deps.media(),
      mediaSettled: () => deps.mediaSettled(),
      io: () => deps.io(),
      secret: deps.jwtSecret,
      iceServers: (userId) => turnIceServers(deps.config, userId),
      log: app.log,
    });
    deps.socket(live.feature);
    // Before the socket server closes (app.ts's own preClose runs after this one): the rows go
    // and the others are told while Redis is still there.
    app.addHook('preClose', () => live.close());
  },
};

import { ClassLobbyText, ROOM_NAMESPACE_PATTERN, roomOfNamespace } from '@atrium/protocol';
import type { Feature } from '../feature.ts';
import { roomRoutes } from './room.routes.ts';
import { RoomRepository } from './room.repository.ts';
import { RoomService } from './room.service.ts';
import { createRoomSocket } from './room.socket.ts';

/**
 * The classroom's room socket (issue 15): the spec's `/room/room-{n}` namespace with the
 * whiteboard and pop-up browser actions, and the whiteboard's scene relay.
 */
export const roomFeature: Feature = {
  name: 'room',
  async register(app, deps) {
    const repo = new RoomRepository(deps.database.db);
    const service = new RoomService(deps.database.db, deps.config.allowedOrigins);
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    await app.register(roomRoutes, { service });
    deps.namespace(
      ROOM_NAMESPACE_PATTERN,
      createRoomSocket({
        repo,
        limiter: deps.limiter,
        log: app.log,
        closing: () => closing,
        popupAllowed: (url) => service.popupAllowed(url),
      }),
      // A class with "ask to join" shows its board, page and people only to those let in.
      async (socket) => {
        const room = roomOfNamespace(socket.nsp.name);
        if (!room || (await deps.classAccess.mayEnter(socket.data.auth, room))) return null;
        return ClassLobbyText.waiting;
      },
    );
  },
};

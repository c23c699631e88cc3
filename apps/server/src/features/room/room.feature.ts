import {
  ClassGroupText,
  ClassLobbyText,
  isGroupBoardRoom,
  ROOM_NAMESPACE_PATTERN,
  roomOfNamespace,
} from '@atrium/protocol';
import type { Feature } from '../feature.ts';
import { roomRoutes } from './room.routes.ts';
import { RoomRepository } from './room.repository.ts';
import { RoomService } from './room.service.ts';
import { createRoomAccess, createRoomSocket } from './room.socket.ts';

/**
 * The classroom's room socket (issue 15): the spec's `/room/room-{n}` namespace (and each breakout
 * group's `/room/room-{n}-g{m}`, issue 28 §4) with the
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

    // Who may look into a room can change while a socket is in it (a class's door closes, groups
    // close, a student moves): the sockets that may no longer look are dropped on every process.
    const access = createRoomAccess({
      io: () => deps.io(),
      mayEnter: (claims, room) => deps.classAccess.mayEnter(claims, room),
      tellOthers: deps.config.REDIS_URL !== undefined && deps.config.REDIS_URL !== '',
      log: app.log,
    });
    deps.classAccess.onDoorClosed(access.doorClosed);
    deps.whenRealtime(access.listen);

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
        return isGroupBoardRoom(room) ? ClassGroupText.notYourGroup : ClassLobbyText.waiting;
      },
    );
  },
};

import type { Feature } from '../feature.ts';
import { ChatRepository } from './chat.repository.ts';
import { chatRoutes } from './chat.routes.ts';
import { ChatService, chatRoom, requireChatter } from './chat.service.ts';

/**
 * The classroom chat (issue 15): posting and history over HTTP (SPEC §7), live delivery on the
 * main socket, where a panel watches its room.
 */
export const chatFeature: Feature = {
  name: 'chat',
  async register(app, deps) {
    const service = new ChatService({
      repo: new ChatRepository(deps.database.db),
      limiter: deps.limiter,
      io: () => deps.io(),
    });
    await app.register(chatRoutes, { service });
    deps.socket((_socket, on) => {
      // Reading a room needs an account, like `GET /api/chat/all`.
      on('chat:watch', async (s, { room }) => {
        requireChatter(s.data.auth);
        await s.join(chatRoom(room));
        return {};
      });
      on('chat:unwatch', async (s, { room }) => {
        await s.leave(chatRoom(room));
        return {};
      });
    });
  },
};

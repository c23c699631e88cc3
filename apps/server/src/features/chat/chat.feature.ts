import type { Feature } from '../feature.ts';
import { ChatReadTokens } from './chat.read-tokens.ts';
import { ChatRepository } from './chat.repository.ts';
import { chatRoutes } from './chat.routes.ts';
import { ChatService } from './chat.service.ts';
import { chatSocket } from './chat.socket.ts';

/**
 * The classroom chat (issue 15): posting and history over HTTP (SPEC §7), live delivery on the
 * main socket, where a panel watches its room, and the no-auth read tokens of the second panel.
 */
export const chatFeature: Feature = {
  name: 'chat',
  async register(app, deps) {
    const service = new ChatService({
      repo: new ChatRepository(deps.database.db),
      limiter: deps.limiter,
      readTokens: new ChatReadTokens(deps.jwtSecret),
      io: () => deps.io(),
      classAccess: deps.classAccess,
      mutedUntil: (userId) => deps.gate.mutedUntil(userId),
    });
    await app.register(chatRoutes, { service });
    deps.socket(chatSocket(service));
    deps.classAccess.onDoorClosed((room) => service.dropOutsiders(room));
  },
};

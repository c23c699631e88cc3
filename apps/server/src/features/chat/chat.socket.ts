import type { SocketFeature } from '../../realtime/realtime.ts';
import { chatRoom } from './chat.service.ts';
import type { ChatService } from './chat.service.ts';

/** Live chat on the main socket: a panel watches a room, reads its history and stops watching. */
export function chatSocket(service: ChatService): SocketFeature {
  return (_socket, on) => {
    // Reading a room needs an account, like `GET /api/chat/all`, or a read token for it.
    on('chat:watch', async (s, { room, token }) => {
      await service.mayRead(s.data.auth, room, token);
      await s.join(chatRoom(room));
      return {};
    });
    on('chat:history', (s, { room, token, before, limit }) =>
      service.history(s.data.auth, room, token, before, limit),
    );
    on('chat:unwatch', async (s, { room }) => {
      await s.leave(chatRoom(room));
      return {};
    });
  };
}

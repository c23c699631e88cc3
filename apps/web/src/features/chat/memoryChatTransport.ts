import { CHAT_PAGE_DEFAULT, type ChatMessage } from '@atrium/protocol';
import type { ChatHandlers } from './chatSocket.ts';
import type { ChatTransport } from './chatTransport.ts';

/**
 * A chat held in the page, for the development preview without a server: what one panel sends,
 * every panel of the same room hears, as over the socket.
 */
export function createMemoryChatTransport(
  username: () => string,
  seed: ReadonlyArray<Omit<ChatMessage, 'id' | 'created_at'>> = [],
): ChatTransport {
  let nextId = 1;
  const start = Date.now() - seed.length * 60_000;
  let messages: ChatMessage[] = seed.map((m, i) => ({
    ...m,
    id: nextId++,
    created_at: new Date(start + i * 60_000).toISOString(),
  }));
  const watchers = new Set<{ room: string; handlers: ChatHandlers }>();
  const tell = (room: string, call: (h: ChatHandlers) => void) => {
    for (const w of watchers) if (w.room === room) call(w.handlers);
  };
  return {
    async list(room, before, limit = CHAT_PAGE_DEFAULT) {
      const older = messages.filter(
        (m) => m.room === room && (before === undefined || m.id < before),
      );
      return older.slice(-limit);
    },
    async send(room, message) {
      const sent = {
        id: nextId++,
        room,
        username: username(),
        message,
        created_at: new Date().toISOString(),
      };
      messages.push(sent);
      tell(room, (h) => h.message(sent));
      return sent;
    },
    async remove(id) {
      const room = messages.find((m) => m.id === id)?.room;
      messages = messages.filter((m) => m.id !== id);
      if (room) tell(room, (h) => h.deleted(id));
    },
    async clear(room) {
      messages = messages.filter((m) => m.room !== room);
      tell(room, (h) => h.cleared());
    },
    watch(room, handlers) {
      const watcher = { room, handlers };
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
  };
}

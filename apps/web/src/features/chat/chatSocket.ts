import type { ChatMessage, ServerPayload } from '@atrium/protocol';
import type { AppSocket } from '../../shared/realtime/socketClient.ts';

/** What a room's watcher hears; `resync` asks for the history again after a reconnect. */
export interface ChatHandlers {
  message(message: ChatMessage): void;
  deleted(id: number): void;
  cleared(): void;
  resync(): void;
}

/*
 * One hold on the page's socket for every chat panel, taken with the first watcher
 * (socket.io-client is loaded then, not with the page) and let go with the last.
 */
let shared: Promise<AppSocket> | null = null;
let watchers = 0;
/** How many panels watch each room, so one leaving does not unwatch the other. */
const rooms = new Map<string, number>();

const open = (getToken: () => string): Promise<AppSocket> => {
  shared ??= import('../../shared/realtime/socketClient.ts')
    .then(({ connectSocket }) => connectSocket({ getToken }))
    .catch((error: unknown) => {
      shared = null;
      throw error;
    });
  return shared;
};

/** A fresh read token of SPEC §7's no-auth row for a room, or none to watch as the account. */
export type ReadTokenSource = ((room: string) => Promise<string>) | undefined;

const watch = async (socket: AppSocket, room: string, readToken: ReadTokenSource) => {
  const { request } = await import('../../shared/realtime/socketClient.ts');
  const token = readToken ? await readToken(room) : undefined;
  await request(socket, 'chat:watch', token ? { room, token } : { room });
};

/**
 * A page of history over the shared socket, with a read token: for a visitor the HTTP row
 * (`GET /api/chat/all`) does not serve.
 */
export async function chatHistory(
  room: string,
  readToken: (room: string) => Promise<string>,
  getToken: () => string,
  before?: number,
  limit?: number,
) {
  // A reader that has not watched yet opens the shared socket, and closes it when done.
  const opened = !shared;
  const socket = await open(getToken);
  try {
    const { request } = await import('../../shared/realtime/socketClient.ts');
    return await request(socket, 'chat:history', {
      room,
      token: await readToken(room),
      ...(before === undefined ? {} : { before }),
      ...(limit === undefined ? {} : { limit }),
    });
  } finally {
    if (opened && watchers === 0 && shared) {
      const closing = shared;
      shared = null;
      void closing.then(
        (s) => s.close(),
        () => undefined,
      );
    }
  }
}

/** Hears one room live until the returned function is called. */
export function watchChatRoom(
  room: string,
  handlers: ChatHandlers,
  getToken: () => string,
  readToken?: ReadTokenSource,
): () => void {
  let stopped = false;
  let socket: AppSocket | null = null;
  watchers += 1;
  rooms.set(room, (rooms.get(room) ?? 0) + 1);

  const onMessage = (message: ServerPayload<'chat:message'>) => {
    if (message.room === room) handlers.message(message);
  };
  const onDeleted = (event: ServerPayload<'chat:deleted'>) => {
    if (event.room === room) handlers.deleted(event.id);
  };
  const onCleared = (event: ServerPayload<'chat:cleared'>) => {
    if (event.room === room) handlers.cleared();
  };
  // socket.io rooms do not survive a reconnect: watch again, and fetch what was missed.
  const onReconnect = () => {
    if (!socket) return;
    void watch(socket, room, readToken).catch(() => undefined);
    handlers.resync();
  };

  open(getToken).then(
    (opened) => {
      if (stopped) return;
      socket = opened;
      opened.on('chat:message', onMessage);
      opened.on('chat:deleted', onDeleted);
      opened.on('chat:cleared', onCleared);
      opened.on('connect', onReconnect);
      // Messages sent between the first page and this watch are fetched once it holds.
      void watch(opened, room, readToken).then(
        () => handlers.resync(),
        () => undefined,
      );
    },
    // SPEC §8: the chat falls back silently; the history still loads over HTTP.
    () => undefined,
  );

  return () => {
    if (stopped) return;
    stopped = true;
    watchers -= 1;
    const left = (rooms.get(room) ?? 1) - 1;
    if (left > 0) rooms.set(room, left);
    else rooms.delete(room);
    if (socket) {
      socket.off('chat:message', onMessage);
      socket.off('chat:deleted', onDeleted);
      socket.off('chat:cleared', onCleared);
      socket.off('connect', onReconnect);
      if (left <= 0 && socket.connected) socket.emit('chat:unwatch', { room }, () => undefined);
    }
    if (watchers === 0) {
      const closing = shared;
      shared = null;
      void closing?.then(
        (s) => s.close(),
        () => undefined,
      );
    }
  };
}

import { CHAT_PAGE_DEFAULT, ChatApi, type ChatMessage } from '@atrium/protocol';
import { api } from '../../shared/api/api.ts';
import { sessionStore } from '../../shared/session/appSession.ts';
import { chatHistory, watchChatRoom, type ChatHandlers } from './chatSocket.ts';

/** How the chat panel reaches its room: the app's API and socket, or a stand-in (preview, tests). */
export interface ChatTransport {
  /** A page of history, oldest first: the newest, or those before the id `before`. */
  list(room: string, before?: number, limit?: number): Promise<ChatMessage[]>;
  send(room: string, message: string): Promise<ChatMessage>;
  remove(id: number): Promise<void>;
  clear(room: string): Promise<void>;
  /** Starts hearing the room live; the returned function stops. */
  watch(room: string, handlers: ChatHandlers): () => void;
}

/** SPEC §7 chat rows over the app's API, and live updates over the app's socket. */
export function createAppChatTransport(
  getToken: () => string | null = () => sessionStore.getSnapshot().token,
): ChatTransport {
  // The app's one client, with the token this transport was given (the session's by default).
  const signed = () => ({ token: getToken() ?? '' });
  return {
    async list(room, before, limit = CHAT_PAGE_DEFAULT) {
      const answer = await api.call(ChatApi.all, { query: { room, before, limit } }, signed());
      return answer.data;
    },
    async send(room, message) {
      // SPEC §7's form carries a username; the server takes it from the token, so it is empty.
      const answer = await api.call(
        ChatApi.add,
        { body: { room, username: '', message } },
        signed(),
      );
      return answer.data;
    },
    async remove(id) {
      await api.call(ChatApi.remove, { params: { id } }, signed());
    },
    async clear(room) {
      await api.call(ChatApi.clear, { query: { room } }, signed());
    },
    watch: (room, handlers) => watchChatRoom(room, handlers, () => getToken() ?? ''),
  };
}

/** A uid for the no-auth token row: one per page, as the spec's row wants one. */
const visitorUid = `visitor-${Math.random().toString(36).slice(2, 12)}`;

/**
 * The second chat panel's transport (SPEC §2, §7): it reads with the read tokens of the no-auth
 * `/rte/{channel}/publisher/uid/{uid}` row, so a guest or anonymous visitor can follow a
 * classroom; posting and moderation stay the account's, as on the app transport.
 */
export function createReadChatTransport(
  getToken: () => string | null = () => sessionStore.getSnapshot().token,
): ChatTransport {
  const posting = createAppChatTransport(getToken);
  // Short-lived on purpose: each watch, reconnect and page asks for a fresh one.
  const readToken = async (room: string) => {
    const answer = await api.call(
      ChatApi.readToken,
      { params: { channel: room, uid: visitorUid } },
      { auth: false },
    );
    return answer.rtmToken;
  };
  const socketToken = () => getToken() ?? '';
  return {
    ...posting,
    list: (room, before, limit = CHAT_PAGE_DEFAULT) =>
      chatHistory(room, readToken, socketToken, before, limit),
    watch: (room, handlers) => watchChatRoom(room, handlers, socketToken, readToken),
  };
}

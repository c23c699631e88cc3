import { SocialApi, type Friend, type Notification } from '@atrium/protocol';
import { createApiClient, type ApiClient } from '../../shared/api/client.ts';

export interface OnlineUser {
  user_id: string;
  username: string;
}

export interface NotificationPage {
  items: Notification[];
  unread: number;
  /** The server's empty-list text, when the list is empty. */
  message: string | null;
}

/** The social layer's HTTP calls (SPEC §4 friends, notifications, presence, blocks). */
export interface SocialHttp {
  friends: () => Promise<{ items: Friend[]; message: string | null }>;
  request: (username: string) => Promise<string>;
  accept: (userId: string) => Promise<string>;
  reject: (userId: string) => Promise<string>;
  remove: (userId: string) => Promise<string>;
  online: (search: string) => Promise<{ total: number; users: OnlineUser[] }>;
  notifications: () => Promise<NotificationPage>;
  markRead: () => Promise<void>;
  blocks: () => Promise<OnlineUser[]>;
  block: (username: string) => Promise<void>;
  unblock: (userId: string) => Promise<void>;
}

/** Builds the social calls over `window.fetch`, reading the token at call time. */
export function createSocialHttp(getToken: () => string | null): SocialHttp {
  const client: ApiClient = createApiClient({
    fetch: (input, init) => window.fetch(input, init),
    getToken,
  });
  return {
    async friends() {
      const answer = await client.call(SocialApi.friends);
      return { items: answer.data, message: answer.message ?? null };
    },
    async request(username) {
      return (await client.call(SocialApi.request, { body: { username } })).message;
    },
    async accept(userId) {
      return (await client.call(SocialApi.accept, { body: { user_id: userId } })).message;
    },
    async reject(userId) {
      return (await client.call(SocialApi.reject, { body: { user_id: userId } })).message;
    },
    async remove(userId) {
      return (await client.call(SocialApi.remove, { params: { userId } })).message;
    },
    async online(search) {
      const query = search.trim() === '' ? {} : { search: search.trim() };
      return (await client.call(SocialApi.online, { query })).data;
    },
    async notifications() {
      const answer = await client.call(SocialApi.notifications);
      return { items: answer.data, unread: answer.unread, message: answer.message ?? null };
    },
    async markRead() {
      await client.call(SocialApi.readNotifications);
    },
    async blocks() {
      return (await client.call(SocialApi.blocks)).data;
    },
    async block(username) {
      await client.call(SocialApi.block, { body: { username } });
    },
    async unblock(userId) {
      await client.call(SocialApi.unblock, { params: { userId } });
    },
  };
}

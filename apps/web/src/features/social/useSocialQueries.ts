import { SocialApi, type Friend, type Notification, type ServerPayload } from '@atrium/protocol';
import {
  useMutation,
  useQuery,
  useQueryClient,
  keepPreviousData,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../shared/api/client.ts';
import { useApi } from '../../shared/api/useApi.ts';
import { request, type AppSocket } from '../../shared/realtime/socketClient.ts';
import { applyPresence, type OnlinePage, type OnlineUser } from './socialModel.ts';
import { setUnread } from './socialState.ts';

export interface FriendList {
  items: Friend[];
  /** The server's empty-list text, when the list is empty. */
  message: string | null;
}

export interface NotificationPage {
  items: Notification[];
  unread: number;
  /** The server's empty-list text, when the list is empty. */
  message: string | null;
}

/** Query keys of the social layer's server data. */
export const socialKeys = {
  friends: ['social', 'friends'] as const,
  online: (search: string) => ['social', 'online', search] as const,
  onlineAll: ['social', 'online'] as const,
  notifications: ['social', 'notifications'] as const,
  blocks: ['social', 'blocks'] as const,
};

/**
 * A list is asked for each time its tab opens, shows the loading text until it is in, and is
 * dropped when the tab closes: other people change these lists, and a stale one would mislead.
 * A failure shows at once (no retry), as the tab's error text.
 */
const tabList = { staleTime: 0, gcTime: 0, retry: false } as const;

const friendsQuery = (client: ApiClient) => ({
  queryKey: socialKeys.friends,
  queryFn: async (): Promise<FriendList> => {
    const answer = await client.call(SocialApi.friends);
    return { items: answer.data, message: answer.message ?? null };
  },
  ...tabList,
});

const notificationsQuery = (client: ApiClient) => ({
  queryKey: socialKeys.notifications,
  queryFn: async (): Promise<NotificationPage> => {
    const answer = await client.call(SocialApi.notifications);
    return { items: answer.data, unread: answer.unread, message: answer.message ?? null };
  },
  ...tabList,
});

/** The caller's friends and friend requests (SPEC §4). */
export function useFriends() {
  return useQuery(friendsQuery(useApi()));
}

/**
 * Who is online, filtered by `search`; the last list stays on screen while a new search loads.
 * It loads once `live` (see `useOnlineWatch`), so no change falls between the list and the watch.
 */
export function useOnlineUsers(search: string, live = true) {
  const client = useApi();
  const term = search.trim();
  return useQuery({
    queryKey: socialKeys.online(term),
    queryFn: async (): Promise<OnlinePage> =>
      (await client.call(SocialApi.online, { query: term === '' ? {} : { search: term } })).data,
    placeholderData: keepPreviousData,
    enabled: live,
    ...tabList,
  });
}

/**
 * Keeps the Online tab live while it is open (issue 27): the socket watches everyone's presence
 * and each change is applied to the loaded lists, so nothing reloads per login. True once the
 * watch holds (or there is no socket: the list then loads without updates); after a reconnect it
 * watches again and the list reloads, for what it missed.
 */
export function useOnlineWatch(socket: AppSocket | null): boolean {
  const queryClient = useQueryClient();
  const [watching, setWatching] = useState<AppSocket | null>(null);
  useEffect(() => {
    if (!socket) return;
    let stopped = false;
    const handlePresence = (event: ServerPayload<'social:presence'>) => {
      const lists = queryClient.getQueriesData<OnlinePage>({ queryKey: socialKeys.onlineAll });
      for (const [key, page] of lists) {
        const term = typeof key[2] === 'string' ? key[2] : '';
        if (page) queryClient.setQueryData(key, applyPresence(page, event, term));
      }
    };
    const watch = () => {
      const held = () => {
        if (stopped) return;
        setWatching(socket);
        void queryClient.invalidateQueries({ queryKey: socialKeys.onlineAll });
      };
      // Refused or unanswered, the list still loads; it just will not follow changes.
      request(socket, 'social:watch-online', {}).then(held, held);
    };
    socket.on('social:presence', handlePresence);
    socket.on('connect', watch);
    if (socket.connected) watch();
    return () => {
      stopped = true;
      socket.off('social:presence', handlePresence);
      socket.off('connect', watch);
      if (socket.connected) socket.emit('social:unwatch-online', {}, () => undefined);
    };
  }, [socket, queryClient]);
  // Offline for now: the list loads over HTTP, and the reconnect watches and reloads it.
  return !socket || !socket.connected || watching === socket;
}

/** The caller's notifications, newest first. */
export function useNotifications() {
  return useQuery(notificationsQuery(useApi()));
}

/** The people the caller blocked. */
export function useBlocks() {
  const client = useApi();
  return useQuery({
    queryKey: socialKeys.blocks,
    queryFn: async (): Promise<OnlineUser[]> => (await client.call(SocialApi.blocks)).data,
    ...tabList,
  });
}

/** A live event (a reply, a notification, a presence change): the open lists load again. */
export function invalidateLiveLists(queryClient: QueryClient): void {
  for (const queryKey of [socialKeys.friends, socialKeys.onlineAll, socialKeys.notifications]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/**
 * SPEC §4: the Friends dot shows what was unread before this page opened too; the next person to
 * sign in on this tab starts from their own count. Failures are silent (SPEC §8).
 */
export function useUnreadAtStart(): void {
  const client = useApi();
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient.fetchQuery(notificationsQuery(client)).then(
      (page) => setUnread(page.unread),
      () => undefined,
    );
    return () => setUnread(0);
  }, [client, queryClient]);
}

/**
 * The friendship changes. Each answers the server's message for the toast and reloads the lists
 * it changes; the reload is not awaited, so the toast shows as soon as the server answered.
 */
export function useFriendMutations() {
  const client = useApi();
  const queryClient = useQueryClient();
  const reload = (...keys: (readonly string[])[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const request = useMutation({
    mutationFn: async (username: string) =>
      (await client.call(SocialApi.request, { body: { username } })).message,
    onSuccess: () => reload(socialKeys.friends),
  });
  const accept = useMutation({
    mutationFn: async (userId: string) =>
      (await client.call(SocialApi.accept, { body: { user_id: userId } })).message,
    onSuccess: () => reload(socialKeys.friends),
  });
  const reject = useMutation({
    mutationFn: async (userId: string) =>
      (await client.call(SocialApi.reject, { body: { user_id: userId } })).message,
    onSuccess: () => reload(socialKeys.friends),
  });
  const remove = useMutation({
    mutationFn: async (userId: string) =>
      (await client.call(SocialApi.remove, { params: { userId } })).message,
    onSuccess: () => reload(socialKeys.friends),
  });
  return {
    request,
    accept,
    reject,
    remove,
    busy: request.isPending || accept.isPending || reject.isPending || remove.isPending,
  };
}

/** Marks every notification read (SPEC §8: failures are silently ignored). */
export function useMarkNotificationsRead() {
  const client = useApi();
  return useMutation({
    mutationFn: async () => {
      await client.call(SocialApi.readNotifications);
    },
  });
}

/** Blocking and unblocking (issue 16); each reloads the block list. */
export function useBlockMutations() {
  const client = useApi();
  const queryClient = useQueryClient();
  const onSuccess = () => void queryClient.invalidateQueries({ queryKey: socialKeys.blocks });
  const block = useMutation({
    mutationFn: async (username: string) => {
      await client.call(SocialApi.block, { body: { username } });
    },
    onSuccess,
  });
  const unblock = useMutation({
    mutationFn: async (userId: string) => {
      await client.call(SocialApi.unblock, { params: { userId } });
    },
    onSuccess,
  });
  return { block, unblock };
}

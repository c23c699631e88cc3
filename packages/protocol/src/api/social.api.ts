import { defineRoute } from '../http/route.ts';
import {
  BlockListSchema,
  FriendIdSchema,
  FriendListSchema,
  FriendTargetSchema,
  NotificationListSchema,
  OnlineListSchema,
  OnlineQuerySchema,
  SocialMessageSchema,
  SocialOkSchema,
  SocialUserParamsSchema,
} from '../social.ts';

const tags = ['social'] as const;

/**
 * SPEC §4 friends, notifications, presence and blocks (the spec's Realtime Database nodes become
 * these rows). Calls, invites and action requests are socket events (`events/social.events.ts`).
 */
export const SocialApi = {
  friends: defineRoute({
    method: 'GET',
    path: '/api/social/friends',
    response: FriendListSchema,
    tags,
    errors: [401, 403],
    summary: "The caller's friend records (status 0/1/2), with online flags",
  }),
  request: defineRoute({
    method: 'POST',
    path: '/api/social/friends/request',
    body: FriendTargetSchema,
    response: SocialMessageSchema,
    tags,
    errors: [401, 403, 404, 409],
    summary: 'Send a friend request by username',
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/api/social/friends/accept',
    body: FriendIdSchema,
    response: SocialMessageSchema,
    tags,
    errors: [401, 403],
    summary: 'Accept a pending friend request',
  }),
  reject: defineRoute({
    method: 'POST',
    path: '/api/social/friends/reject',
    body: FriendIdSchema,
    response: SocialMessageSchema,
    tags,
    errors: [401, 403],
    summary: 'Reject a pending friend request',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/social/friends/:userId',
    params: SocialUserParamsSchema,
    response: SocialMessageSchema,
    tags,
    errors: [401, 403],
    summary: 'Remove a friend (both records)',
  }),
  online: defineRoute({
    method: 'GET',
    path: '/api/social/online',
    query: OnlineQuerySchema,
    response: OnlineListSchema,
    tags,
    errors: [401, 403],
    summary: 'Who is online, across every server process; `search` filters by username',
  }),
  notifications: defineRoute({
    method: 'GET',
    path: '/api/social/notifications',
    response: NotificationListSchema,
    tags,
    errors: [401, 403],
    summary: "The caller's notifications, newest first",
  }),
  readNotifications: defineRoute({
    method: 'POST',
    path: '/api/social/notifications/read',
    response: SocialOkSchema,
    tags,
    errors: [401, 403],
    summary: 'Mark every notification read (opening the list)',
  }),
  blocks: defineRoute({
    method: 'GET',
    path: '/api/social/blocks',
    response: BlockListSchema,
    tags,
    errors: [401, 403],
    summary: 'The users the caller blocked',
  }),
  block: defineRoute({
    method: 'POST',
    path: '/api/social/blocks',
    body: FriendTargetSchema,
    response: SocialOkSchema,
    tags,
    errors: [401, 403, 404],
    summary: 'Block a user: their friend requests, calls, invites and action requests are refused',
  }),
  unblock: defineRoute({
    method: 'DELETE',
    path: '/api/social/blocks/:userId',
    params: SocialUserParamsSchema,
    response: SocialOkSchema,
    tags,
    errors: [401, 403],
    summary: 'Unblock a user',
  }),
} as const;

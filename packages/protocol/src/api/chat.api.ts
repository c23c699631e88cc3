import {
  ChatAddedSchema,
  ChatAddSchema,
  ChatAllQuerySchema,
  ChatDataEntrySchema,
  ChatDataQuerySchema,
  ChatDataResponseSchema,
  ChatListSchema,
  ChatMessageParamsSchema,
  ChatReadTokenParamsSchema,
  ChatReadTokenSchema,
  ChatRoomQuerySchema,
  ChatStatusSchema,
} from '../chat.ts';
import { defineRoute } from '../http/route.ts';

const tags = ['chat'] as const;

/** SPEC §7 chat rows, plus the teacher's delete and clear. */
export const ChatApi = {
  add: defineRoute({
    method: 'POST',
    path: '/api/chat/add',
    body: ChatAddSchema,
    encoding: 'form',
    response: ChatAddedSchema,
    tags,
    errors: [401, 403, 429],
    summary: 'Post a chat message to a room (trimmed, 1–500 characters, 3 a second per user)',
  }),
  all: defineRoute({
    method: 'GET',
    path: '/api/chat/all',
    query: ChatAllQuerySchema,
    response: ChatListSchema,
    tags,
    errors: [401, 403],
    summary: "A room's newest messages, oldest first; `before` pages back",
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/chat/messages/:id',
    params: ChatMessageParamsSchema,
    response: ChatStatusSchema,
    tags,
    errors: [401, 403, 404],
    summary: 'Delete one chat message (teachers and admins)',
    audit: 'chat.remove',
  }),
  clear: defineRoute({
    method: 'DELETE',
    path: '/api/chat/all',
    query: ChatRoomQuerySchema,
    response: ChatStatusSchema,
    tags,
    errors: [401, 403],
    summary: "Clear a room's chat (teachers and admins)",
    audit: 'chat.clear',
  }),
  getData: defineRoute({
    method: 'GET',
    path: '/api/chat-room-data',
    query: ChatDataQuerySchema,
    response: ChatDataResponseSchema,
    tags,
    errors: [401, 403],
    summary: 'One key of a chat room’s data',
  }),
  setData: defineRoute({
    method: 'POST',
    path: '/api/chat-room-data',
    query: ChatRoomQuerySchema,
    body: ChatDataEntrySchema,
    response: ChatStatusSchema,
    tags,
    errors: [401, 403],
    summary: 'Store one key and value in a chat room’s data',
  }),
  /**
   * SPEC §7's no-auth `/rte/{channel}/publisher/uid/{uid}` row of the "fixed media host", which
   * is this server under `/api`: a read-only chat token for the second chat panel.
   */
  readToken: defineRoute({
    method: 'GET',
    path: '/api/rte/:channel/publisher/uid/:uid',
    params: ChatReadTokenParamsSchema,
    response: ChatReadTokenSchema,
    tags,
    errors: [429],
    summary: "A short-lived token that watches one classroom's chat (read only, no account)",
  }),
} as const;

import { z } from 'zod';
import {
  ChatClearedSchema,
  ChatDeletedSchema,
  ChatHistorySchema,
  ChatMessageSchema,
  ChatWatchSchema,
} from '../chat.ts';
import type { DomainEvents } from './event-spec.ts';

/**
 * A room's chat, live on the main socket: a panel watches its room (the socket.io room
 * `chat:{room}`, so every process's watchers hear through the Redis adapter); posting stays HTTP.
 * A watcher with a read token of the no-auth row reads without an account, and never posts.
 */
export const chatClientEvents = {
  'chat:watch': { payload: ChatWatchSchema, ack: z.object({}) },
  'chat:unwatch': { payload: ChatWatchSchema, ack: z.object({}) },
  /** A page of history, oldest first, as `GET /api/chat/all` answers it. */
  'chat:history': { payload: ChatHistorySchema, ack: z.array(ChatMessageSchema) },
} as const satisfies DomainEvents<'chat'>;

export const chatServerEvents = {
  'chat:message': { payload: ChatMessageSchema },
  'chat:deleted': { payload: ChatDeletedSchema },
  'chat:cleared': { payload: ChatClearedSchema },
} as const satisfies DomainEvents<'chat'>;

import { z } from 'zod';
import {
  AnswerAckSchema,
  AnswerSchema,
  CallSchema,
  FriendEventSchema,
  InboxClearedSchema,
  InboxMessageSchema,
  InviteSchema,
  NotificationEventSchema,
  PingSchema,
  PresenceEventSchema,
  ReplySchema,
  RequestActionSchema,
  SentAckSchema,
} from '../social.ts';
import type { DomainEvents } from './event-spec.ts';

/**
 * The social layer on the main socket (SPEC §4, §7 "Realtime database"): sending into another
 * user's inbox and answering one's own. Lists and friendships are HTTP (`api/social.api.ts`).
 */
export const socialClientEvents = {
  'social:call': { payload: CallSchema, ack: SentAckSchema },
  /** The caller hangs up a call that still rings (issue 27). */
  'social:cancel-call': { payload: CallSchema, ack: SentAckSchema },
  'social:invite': { payload: InviteSchema, ack: SentAckSchema },
  'social:request-action': { payload: RequestActionSchema, ack: SentAckSchema },
  'social:ping': { payload: PingSchema, ack: SentAckSchema },
  'social:answer': { payload: AnswerSchema, ack: AnswerAckSchema },
  /**
   * The caller's pending messages, oldest first (a popup that was closed can be shown again).
   * Answered once this socket counts as online, so a client may use it to know that it does.
   */
  'social:inbox': {
    payload: z.strictObject({}),
    ack: z.object({ messages: z.array(InboxMessageSchema) }),
  },
  /**
   * The Online tab is open (issue 27): this socket hears `social:presence` for everyone who comes
   * online or goes offline, not only friends, until it unwatches or disconnects.
   */
  'social:watch-online': { payload: z.strictObject({}), ack: z.object({}) },
  'social:unwatch-online': { payload: z.strictObject({}), ack: z.object({}) },
} as const satisfies DomainEvents<'social'>;

export const socialServerEvents = {
  /** A pending message: sent live, and again on each new connection while it waits (≤ 1 h). */
  'social:message': { payload: InboxMessageSchema },
  /** The sender hears the answer (accept-call, reject-invitation, accept-request-action, …). */
  'social:reply': { payload: ReplySchema },
  /** The pending message of one type was answered (in another tab) or expired: close its popup. */
  'social:cleared': { payload: InboxClearedSchema },
  'social:notification': { payload: NotificationEventSchema },
  /** A friend came online or went offline; anyone, to a socket that watches the Online tab. */
  'social:presence': { payload: PresenceEventSchema },
  'social:friend': { payload: FriendEventSchema },
} as const satisfies DomainEvents<'social'>;

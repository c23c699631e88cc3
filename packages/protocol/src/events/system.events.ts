import { z } from 'zod';
import type { DomainEvents } from './event-spec.ts';

/** Events every connection has, whatever features the server runs. */
export const systemClientEvents = {
  'system:ping': {
    payload: z.strictObject({ sentAt: z.number().finite() }),
    ack: z.object({ sentAt: z.number(), serverTime: z.number() }),
  },
} as const satisfies DomainEvents<'system'>;

export const systemServerEvents = {
  'system:announce': { payload: z.object({ message: z.string().max(500) }) },
  'system:rejected': { payload: z.object({ event: z.string(), message: z.string() }) },
  /** Issue 29: an admin warned this person (their own sockets only). */
  'system:warning': { payload: z.object({ message: z.string().max(1000) }) },
  /**
   * Issue 29: this person's session ends now (kicked, banned, deactivated or deleted); the
   * server closes the connection right after. The page signs out and shows the message. After
   * `role` (an admin changed their role) the page renews its session instead: the sign-in holds,
   * the old token does not.
   */
  'system:ended': {
    payload: z.object({
      reason: z.enum(['kick', 'ban', 'deactivated', 'deleted', 'role']),
      message: z.string().max(1000),
    }),
  },
} as const satisfies DomainEvents<'system'>;

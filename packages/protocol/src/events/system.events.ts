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
} as const satisfies DomainEvents<'system'>;

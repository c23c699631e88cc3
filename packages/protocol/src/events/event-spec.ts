import type { z } from 'zod';

/** One socket event: its payload schema and, where the event is answered, its ack schema. */
export interface EventSpec {
  payload: z.ZodType;
  ack?: z.ZodType;
}

/**
 * A domain's events, each named `domain:event`. The prefix keeps the domains' names apart when
 * `socket.ts` merges them into one map, so a new domain cannot shadow another's event.
 */
export type DomainEvents<D extends string> = Record<`${D}:${string}`, EventSpec>;

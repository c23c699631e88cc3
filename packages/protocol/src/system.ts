import { z } from 'zod';

export const HealthResponseSchema = z
  .object({ status: z.literal(true), data: z.object({ uptime: z.number(), version: z.string() }) })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

export const ReadyResponseSchema = z
  .object({
    status: z.literal(true),
    data: z.object({ database: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
  })
  .meta({ id: 'ReadyResponse' });
export type ReadyResponse = z.infer<typeof ReadyResponseSchema>;

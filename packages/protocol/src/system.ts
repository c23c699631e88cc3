import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

export const HealthResponseSchema = okEnvelope(
  z.object({ uptime: z.number(), version: z.string() }),
).meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

export const ReadyResponseSchema = okEnvelope(
  z.object({ database: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
).meta({ id: 'ReadyResponse' });
export type ReadyResponse = z.infer<typeof ReadyResponseSchema>;

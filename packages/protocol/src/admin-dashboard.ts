// Issue 29: the console's dashboard: whether the campus is well, at a glance.
import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

export const HEALTH_STATES = ['up', 'down', 'off'] as const;

export const DashboardSchema = z
  .object({
    at: z.string(),
    /** Distinct people with a socket open now, on every process. */
    online: z.object({ members: z.number().int(), guests: z.number().int() }),
    instances: z.array(
      z.object({ world: z.string(), instance: z.string(), size: z.number().int() }),
    ),
    /** Classes (and their breakout groups) with someone in them. */
    classes: z.array(
      z.object({
        channel: z.string(),
        people: z.array(z.object({ name: z.string(), role: z.string() })),
      }),
    ),
    /** Calls' own rooms with someone in them. */
    calls: z.object({ rooms: z.number().int(), people: z.number().int() }),
    media: z.object({ state: z.enum(HEALTH_STATES), servers: z.number().int() }),
    chain: z.object({ state: z.enum(HEALTH_STATES), block: z.number().nullable() }),
    /** Server errors (HTTP 5xx) in the last hour, on every process. */
    errors_last_hour: z.number().int(),
  })
  .meta({ id: 'AdminDashboard' });
export type Dashboard = z.infer<typeof DashboardSchema>;
export const DashboardResponseSchema = okEnvelope(DashboardSchema);

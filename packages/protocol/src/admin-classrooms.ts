// Issue 29: the classrooms as the console shows them, and ending a class.
import { z } from 'zod';
import { EntryPolicySchema } from './classroom-lobby.ts';
import { okEnvelope } from './envelope.ts';

export const AdminClassroomSchema = z
  .object({
    channel: z.string(),
    entry_policy: EntryPolicySchema,
    /** Who is in the class now, its breakout groups included (`channel` says where). */
    people: z.array(z.object({ name: z.string(), role: z.string(), channel: z.string() })),
  })
  .meta({ id: 'AdminClassroom' });
export type AdminClassroom = z.infer<typeof AdminClassroomSchema>;
export const AdminClassroomsResponseSchema = okEnvelope(z.array(AdminClassroomSchema));
export const ClassroomChannelParamsSchema = z.strictObject({
  channel: z.enum(['room-1', 'room-2', 'room-3'], { error: 'Unknown classroom.' }),
});
/** A class's entry policy from the console: `open`, or `ask` (students wait to be let in). */
export const ClassPolicyBodySchema = z.strictObject({ entry_policy: EntryPolicySchema });

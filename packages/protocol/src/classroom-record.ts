// Issue 28 §5: attendance and the class record. Every class session (from the first person
// joining to the last leaving, or a teacher's End class) keeps who joined and when, each leave and
// rejoin, the time present, hands raised and poll answers. Teachers and admins read every row,
// a student their own; kept for the days an admin sets, then deleted.
import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { ClassroomRoomSchema } from './classroom.ts';

/** How long class records are kept by default, in days (an admin may change it). */
export const CLASS_RECORD_RETENTION_DAYS = 180;

export const ClassRecordText = {
  unknownSession: 'There is no such class session.',
  notInSession: 'You were not in that class session.',
  retentionRange: 'The retention must be a whole number of days from 1 to 3650.',
  /** To everyone in the class when a teacher ends it. */
  ended: 'The teacher ended the class.',
} as const;

export const ClassSessionSchema = z
  .object({
    id: z.uuid(),
    room: ClassroomRoomSchema,
    startedAt: z.iso.datetime(),
    /** Null while the class runs. */
    endedAt: z.iso.datetime().nullable(),
    /** How many people took part (students, teachers and admins). */
    people: z.number().int().nonnegative(),
  })
  .meta({ id: 'ClassSession' });
export type ClassSession = z.infer<typeof ClassSessionSchema>;

export const ClassPollAnswerSchema = z.object({
  question: z.string(),
  /** The option chosen; null in an anonymous poll (answered, but not what). */
  answer: z.string().nullable(),
});

/** One person's row of a class record. */
export const ClassRecordRowSchema = z
  .object({
    userId: z.uuid(),
    name: z.string(),
    role: z.enum(['admin', 'teacher', 'member']),
    firstJoinedAt: z.iso.datetime(),
    /** Null while they are still in the class. */
    lastLeftAt: z.iso.datetime().nullable(),
    /** Times they came back after leaving. */
    rejoins: z.number().int().nonnegative(),
    /** Time present, in seconds, summed over every stay. */
    presentSeconds: z.number().int().nonnegative(),
    handsRaised: z.number().int().nonnegative(),
    pollAnswers: z.array(ClassPollAnswerSchema),
    /** Time in each breakout group (issue 28 §4), in seconds, by group number. */
    groupSeconds: z.array(
      z.object({ group: z.number().int(), seconds: z.number().int().nonnegative() }),
    ),
  })
  .meta({ id: 'ClassRecordRow' });
export type ClassRecordRow = z.infer<typeof ClassRecordRowSchema>;

export const ClassRecordSchema = z
  .object({ session: ClassSessionSchema, rows: z.array(ClassRecordRowSchema) })
  .meta({ id: 'ClassRecord' });
export type ClassRecord = z.infer<typeof ClassRecordSchema>;

export const ClassSessionsResponseSchema = okEnvelope(z.array(ClassSessionSchema));
export const ClassRecordResponseSchema = okEnvelope(ClassRecordSchema);
export const ClassSessionsParamsSchema = z.strictObject({ channel: ClassroomRoomSchema });
export const ClassSessionParamsSchema = z.strictObject({ id: z.uuid() });

export const ClassroomSettingsSchema = z
  .object({
    record_retention_days: z
      .number({ error: ClassRecordText.retentionRange })
      .int(ClassRecordText.retentionRange)
      .min(1, ClassRecordText.retentionRange)
      .max(3650, ClassRecordText.retentionRange),
  })
  .meta({ id: 'ClassroomSettings' });
export type ClassroomSettings = z.infer<typeof ClassroomSettingsSchema>;
export const ClassroomSettingsUpdateSchema = ClassroomSettingsSchema.strict();
export const ClassroomSettingsResponseSchema = okEnvelope(ClassroomSettingsSchema);

/** The CSV's columns, in order. */
export const CLASS_RECORD_CSV_COLUMNS = [
  'name',
  'role',
  'first_joined_at',
  'last_left_at',
  'rejoins',
  'present_minutes',
  'hands_raised',
  'poll_answers',
  'group_minutes',
] as const;

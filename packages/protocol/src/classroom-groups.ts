// Issue 28 §4: breakout groups. A teacher splits a class into groups (at random, by hand, or the
// students choose), each a small class of its own: its own video room (`room-1-g2`), chat, and
// the teacher's mute rules. A countdown everyone sees, a message to all groups, "Close groups"
// with a 30 s warning that brings everyone back, visits by the teacher, and "Call the teacher".
import { z } from 'zod';
import { ClassroomRoomSchema } from './classroom.ts';
import { lineText } from './text.ts';

export const MIN_GROUPS = 2;
export const MAX_GROUPS = 10;
export const MAX_GROUP_MINUTES = 120;
export const GROUP_MESSAGE_MAX = 300;
/**
 * Who speaks in a group, on the teacher's overview: a student's page says so when its microphone
 * level crosses the speaking mark, again every GROUP_SPEAKING_REFRESH_MS while it lasts, and when
 * it stops; a viewer forgets a speaker not heard of for GROUP_SPEAKING_TTL_MS (a page that went
 * away says nothing more).
 */
export const GROUP_SPEAKING_REFRESH_MS = 2000;
export const GROUP_SPEAKING_TTL_MS = 5000;
/** The warning before groups close, in seconds (the 30 s). */
export const GROUP_CLOSE_WARNING_S = 30;

export const ClassGroupText = {
  hostsOnly: 'Only teachers and admins can run groups.',
  countRange: `Make ${MIN_GROUPS} to ${MAX_GROUPS} groups.`,
  minutesRange: `A group time is 1 to ${MAX_GROUP_MINUTES} minutes, or none.`,
  groupRange: 'There is no such group.',
  notInClass: 'That person is not in this class.',
  noGroups: 'There are no groups open in this class.',
  alreadyOpen: 'Groups are already open in this class.',
  notChoosing: 'Your teacher assigns the groups.',
  notYourGroup: 'You are in another group.',
  stayInGroup: 'You are in a group now: your teacher brings everyone back.',
  noGroupsInCall: 'A call has no groups.',
  notInGroup: 'Join your group first.',
  messageEmpty: 'Write a message first.',
  /** What everyone sees. */
  closingSoon: (seconds: number) => `Groups close in ${seconds} seconds.`,
  teacherCalled: (name: string) => `${name} is calling the teacher`,
} as const;

export const GroupModeSchema = z.enum(['random', 'manual', 'choose']);
export type GroupMode = z.infer<typeof GroupModeSchema>;

const GroupNumberSchema = z.number().int().min(1).max(MAX_GROUPS);

/** A teacher's plan for a class's groups, saved with the classroom (before or during class). */
export const ClassGroupPlanSchema = z.strictObject({
  room: ClassroomRoomSchema,
  count: z
    .number()
    .int()
    .min(MIN_GROUPS, ClassGroupText.countRange)
    .max(MAX_GROUPS, ClassGroupText.countRange),
  mode: GroupModeSchema,
  /** The countdown, or null for none. */
  minutes: z
    .number()
    .int(ClassGroupText.minutesRange)
    .min(1, ClassGroupText.minutesRange)
    .max(MAX_GROUP_MINUTES, ClassGroupText.minutesRange)
    .nullable(),
  /** By hand: account id → group number (others are placed at random when groups open). */
  assignments: z.record(z.uuid(), GroupNumberSchema).default({}),
});
export type ClassGroupPlan = z.infer<typeof ClassGroupPlanSchema>;

export const ClassGroupMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** In the group's room now (not only assigned). */
  present: z.boolean(),
  /** Asked for the teacher, not answered yet. */
  calling: z.boolean(),
});
export const ClassGroupSchema = z.object({
  group: GroupNumberSchema,
  channel: z.string(),
  members: z.array(ClassGroupMemberSchema),
});

/** A class's groups as everyone in it sees them. */
export const ClassGroupsSchema = z.object({
  room: ClassroomRoomSchema,
  /** `prepared`: a saved plan; `open`: people are in their groups; `closed`: none. */
  state: z.enum(['none', 'prepared', 'open']),
  count: z.number().int(),
  mode: GroupModeSchema,
  minutes: z.number().int().nullable(),
  groups: z.array(ClassGroupSchema),
  /** When the countdown ends (ms since the epoch, the server's clock), or null. */
  endsAt: z.number().nullable(),
  /** Set during the 30 s warning: when the groups close. */
  closingAt: z.number().nullable(),
});
export type ClassGroups = z.infer<typeof ClassGroupsSchema>;

export const ClassGroupRoomSchema = z.strictObject({ room: ClassroomRoomSchema });
export const ClassGroupUserSchema = z.strictObject({ userId: z.uuid() });
export const ClassGroupChooseSchema = z.strictObject({ group: GroupNumberSchema });
export const ClassGroupMoveSchema = z.strictObject({ userId: z.uuid(), group: GroupNumberSchema });
export const ClassGroupMessageSchema = z.strictObject({
  text: lineText().trim().min(1, ClassGroupText.messageEmpty).max(GROUP_MESSAGE_MAX),
});
/** A student in a group: their microphone is (or is no longer) over the speaking mark. */
export const ClassGroupSpeakSchema = z.strictObject({ speaking: z.boolean() });
/** To the class: who speaks in which group (the teacher's overview shows it). */
export const ClassGroupSpeakingSchema = z.object({
  room: ClassroomRoomSchema,
  group: z.number().int(),
  userId: z.string(),
  speaking: z.boolean(),
});
/** A message from the teacher to every group at once. */
export const ClassGroupNoticeSchema = z.object({
  room: ClassroomRoomSchema,
  text: z.string(),
  from: z.string(),
});

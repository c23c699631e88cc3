// Issue 28 §1: a class's waiting room and removal. With the entry policy `ask`, a student who
// joins waits in the lobby (no media, no chat, no names of those inside) until a teacher or admin
// admits them; teachers and admins never wait. A teacher can remove a participant: their streams
// stop at the SFU at once, and a rejoin waits in the lobby again, whatever the policy.
import { z } from 'zod';
import { lineText } from './text.ts';

export const ENTRY_POLICIES = ['open', 'ask'] as const;
export const EntryPolicySchema = z.enum(ENTRY_POLICIES);
export type EntryPolicy = z.infer<typeof EntryPolicySchema>;

/** The lobby's texts, for the server's refusals and the screens alike. */
export const ClassLobbyText = {
  /** What a waiting student sees (the words). */
  waiting: 'Waiting for the teacher to let you in…',
  denied: 'The teacher did not let you in.',
  removed: 'A teacher removed you from the class.',
  /** The lobby is a class's: a call's room admits by the call. */
  noLobbyInCall: 'A call has no waiting room.',
  notWaiting: 'That person is not waiting to join.',
  hostNotRemoved: 'Teachers and admins cannot be removed from a class.',
  /** A lobby action for a class the teacher is not in. */
  joinFirst: 'Join the class first.',
} as const;

/** One person in the lobby, in the order they arrived. */
export const LobbyEntrySchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** When they started waiting (ms since the epoch, the server's clock). */
  since: z.number(),
});
export type LobbyEntry = z.infer<typeof LobbyEntrySchema>;

/** The lobby as teachers and admins in the class see it. */
export const ClassLobbySchema = z.object({
  policy: EntryPolicySchema,
  waiting: z.array(LobbyEntrySchema),
});
export type ClassLobby = z.infer<typeof ClassLobbySchema>;

/** The answer to a join that has to wait: nothing of the class, only that it waits. */
export const ClassWaitingSchema = z.object({
  waiting: z.literal(true),
  room: z.string(),
});
export type ClassWaiting = z.infer<typeof ClassWaitingSchema>;

/**
 * A teacher's or admin's entry policy for a class, before it starts (from outside the class) or
 * during it. `room` is the class (room-1..3).
 */
export const ClassPolicySchema = z.strictObject({
  room: lineText().max(128),
  policy: EntryPolicySchema,
});
/** Admit or deny one waiting person, by account id. */
export const ClassLobbyPersonSchema = z.strictObject({ userId: z.uuid() });

/** What the waiting person hears: let in (join again), or not. */
export const ClassLobbyVerdictSchema = z.object({ room: z.string() });

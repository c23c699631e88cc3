import { z } from 'zod';
import { lineText } from './text.ts';

/** Issue 28 §3: a poll has 2 to 6 answers. */
export const POLL_MIN_OPTIONS = 2;
export const POLL_MAX_OPTIONS = 6;
/** The longest question and answer, in characters (after trimming). */
export const POLL_QUESTION_MAX = 200;
export const POLL_OPTION_MAX = 80;

/** The ready-made answer sets a teacher can start from. */
export const POLL_PRESETS = {
  yesNo: ['Yes', 'No'],
  abcd: ['A', 'B', 'C', 'D'],
} as const satisfies Record<string, readonly string[]>;
export type PollPreset = keyof typeof POLL_PRESETS;

/** The polls' texts: the form's checks (the same on both ends) and the server's refusals. */
export const ClassPollText = {
  /** Polls, like hands, are a class's (room-1..3), not a call's. */
  noPollsInCall: 'Polls are for a class, not a call.',
  questionEmpty: 'Type a question.',
  questionTooLong: `The question is too long (at most ${POLL_QUESTION_MAX} characters).`,
  optionEmpty: 'Every answer needs some text.',
  optionTooLong: `An answer is too long (at most ${POLL_OPTION_MAX} characters).`,
  tooFewOptions: `A poll needs at least ${POLL_MIN_OPTIONS} answers.`,
  tooManyOptions: `A poll has at most ${POLL_MAX_OPTIONS} answers.`,
  duplicateOptions: 'Each answer must be different.',
  /** The class has an open poll already (one at a time, across every server process). */
  alreadyOpen: 'A poll is already open in this class. Close it before starting another.',
  noSuchPoll: 'There is no such poll in this class.',
  closed: 'This poll is closed.',
  /** Results are shown to the class only once the poll is closed. */
  closeFirst: 'Close the poll before showing its results.',
  choiceOutOfRange: 'That is not one of the poll’s answers.',
  /** Teachers and admins run a poll; students answer it. */
  hostsDoNotVote: 'Teachers and admins run the poll; students answer it.',
} as const;

/** Answers are told apart without case and outer spaces ("Yes" and " yes" are the same). */
const sameAnswer = (answer: string) => answer.trim().toLocaleLowerCase();

/** The question and answers as the teacher typed them: trimmed, then checked. */
export const ClassPollCreateSchema = z.strictObject({
  question: lineText()
    .trim()
    .min(1, ClassPollText.questionEmpty)
    .max(POLL_QUESTION_MAX, ClassPollText.questionTooLong),
  options: z
    .array(
      lineText()
        .trim()
        .min(1, ClassPollText.optionEmpty)
        .max(POLL_OPTION_MAX, ClassPollText.optionTooLong),
    )
    .min(POLL_MIN_OPTIONS, ClassPollText.tooFewOptions)
    .max(POLL_MAX_OPTIONS, ClassPollText.tooManyOptions)
    .refine((options) => new Set(options.map(sameAnswer)).size === options.length, {
      error: ClassPollText.duplicateOptions,
    }),
  anonymous: z.boolean(),
});
export type ClassPollCreate = z.infer<typeof ClassPollCreateSchema>;

/** One poll, by id. */
export const ClassPollIdSchema = z.strictObject({ pollId: z.uuid() });

/**
 * A student's answer: the poll and the answer's index. There is no `userId`: a vote is always the
 * sender's own, and a payload naming anyone is refused as an unknown key.
 */
export const ClassPollVoteSchema = z.strictObject({
  pollId: z.uuid(),
  choice: z
    .number()
    .int()
    .min(0)
    .max(POLL_MAX_OPTIONS - 1),
});

/** Who chose what (teachers only, and never in an anonymous poll). */
export const ClassPollVoterSchema = z.object({
  userId: z.string(),
  name: z.string(),
  choice: z.number().int(),
});
export type ClassPollVoter = z.infer<typeof ClassPollVoterSchema>;

/**
 * A poll as one person may see it. Teachers and admins always get `counts` and `total` (live),
 * and `voters` unless the poll is anonymous; students get `counts` and `total` only once the
 * teacher shows the results, never `voters`, and `mine` (their own answer, null before one) in
 * answers to their own requests. A broadcast to the class carries no `mine`: each keeps its own.
 */
export const ClassPollViewSchema = z.object({
  id: z.string(),
  question: z.string(),
  options: z.array(z.string()),
  anonymous: z.boolean(),
  open: z.boolean(),
  shown: z.boolean(),
  counts: z.array(z.number().int()).optional(),
  total: z.number().int().optional(),
  voters: z.array(ClassPollVoterSchema).optional(),
  mine: z.number().int().nullable().optional(),
});
export type ClassPollView = z.infer<typeof ClassPollViewSchema>;

/** `class:poll` and `class:poll:current`: the class's poll, or none. */
export const ClassPollStateSchema = z.object({ poll: ClassPollViewSchema.nullable() });
export type ClassPollState = z.infer<typeof ClassPollStateSchema>;

/** The first problem with a poll draft, in the words above, or null when it can be sent. */
export function pollDraftProblem(draft: unknown): string | null {
  const parsed = ClassPollCreateSchema.safeParse(draft);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? ClassPollText.optionEmpty);
}

// The poll panel's logic without React (issue 28 §3): the teacher's draft, and the results' bars.
import {
  ClassPollCreateSchema,
  POLL_MAX_OPTIONS,
  POLL_MIN_OPTIONS,
  POLL_PRESETS,
  type ClassPollCreate,
  type ClassPollView,
  type PollPreset,
} from '@atrium/protocol';
import type { PollActions } from './engine/types.ts';

/** What the teacher is typing: the answers as they stand, empty ones included. */
export interface PollDraft {
  question: string;
  options: string[];
  anonymous: boolean;
}

export const emptyDraft = (): PollDraft => ({
  question: '',
  options: ['', ''],
  anonymous: false,
});

export const withPreset = (draft: PollDraft, preset: PollPreset): PollDraft => ({
  ...draft,
  options: [...POLL_PRESETS[preset]],
});

export const canAddOption = (draft: PollDraft) => draft.options.length < POLL_MAX_OPTIONS;
export const canRemoveOption = (draft: PollDraft) => draft.options.length > POLL_MIN_OPTIONS;

/** The draft as the server takes it, or the first problem in the protocol's words. */
export function checkDraft(
  draft: PollDraft,
): { ok: true; value: ClassPollCreate } | { ok: false; problem: string } {
  const parsed = ClassPollCreateSchema.safeParse(draft);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, problem: parsed.error.issues[0]?.message ?? '' };
}

/** Whole percent of `count` in `total` (0 with no answers). */
export const percentOf = (count: number, total: number) =>
  total === 0 ? 0 : Math.round((count / total) * 100);

/** One bar per answer: its count and share, and whether it is the person's own. */
export function resultRows(poll: ClassPollView) {
  const total = poll.total ?? 0;
  return poll.options.map((option, index) => {
    const count = poll.counts?.[index] ?? 0;
    return { option, index, count, percent: percentOf(count, total), mine: poll.mine === index };
  });
}

/** Outside a class (no engine): nothing to do. */
export const idlePolls: PollActions = {
  createPoll: () => Promise.resolve(),
  votePoll: () => Promise.resolve(),
  closePoll: () => Promise.resolve(),
  showPoll: () => Promise.resolve(),
};

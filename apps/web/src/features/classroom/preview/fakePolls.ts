// The dev preview's polls (issue 28 §3): what the server would send a teacher or a student, kept
// in the fake client's store, with classmates' answers arriving now and then for a teacher.
import { ClassPollText, type ClassPollView } from '@atrium/protocol';
import type { Store } from '../../../shared/store.ts';
import type { ClassroomState, PollActions } from '../engine/types.ts';

const pause = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/** A poll as a teacher sees it, counted from `answers` (who chose which answer). */
export function fakeTeacherPoll(
  question: string,
  options: string[],
  answers: Array<[name: string, choice: number]>,
  change: Partial<ClassPollView> = {},
): ClassPollView {
  const anonymous = change.anonymous ?? false;
  return {
    id: crypto.randomUUID(),
    question,
    options,
    anonymous,
    open: true,
    shown: false,
    counts: options.map((_, i) => answers.filter(([, choice]) => choice === i).length),
    total: answers.length,
    ...(anonymous
      ? {}
      : {
          voters: answers.map(([name, choice], i) => ({ userId: `voter-${i}`, name, choice })),
        }),
    ...change,
  };
}

export function createFakePolls(store: Store<ClassroomState>): PollActions {
  const patchPoll = (change: Partial<ClassPollView>) =>
    store.update((s) => (s.poll ? { ...s, poll: { ...s.poll, ...change } } : s));

  /** Classmates who answered the poll started here (an anonymous poll names nobody). */
  const answered = new Set<string>();
  /** A classmate answers the teacher's open poll, as `class:poll` would tell it. */
  const answerLater = (pollId: string, after: number) => {
    window.setTimeout(() => {
      const poll = store.get().poll;
      if (!poll || poll.id !== pollId || !poll.open || !poll.counts) return;
      const who = store.get().tiles.find((t) => !t.self && !answered.has(t.userId));
      if (!who) return;
      answered.add(who.userId);
      const choice = (poll.total ?? 0) % poll.options.length;
      patchPoll({
        counts: poll.counts.map((n, i) => (i === choice ? n + 1 : n)),
        total: (poll.total ?? 0) + 1,
        ...(poll.voters
          ? { voters: [...poll.voters, { userId: who.userId, name: who.name, choice }] }
          : {}),
      });
    }, after);
  };

  return {
    async createPoll(draft) {
      await pause(200);
      if (store.get().poll?.open) throw new Error(ClassPollText.alreadyOpen);
      const poll = fakeTeacherPoll(draft.question, draft.options, [], {
        anonymous: draft.anonymous,
      });
      store.update((s) => ({ ...s, poll }));
      answered.clear();
      for (const after of [900, 1800, 2700]) answerLater(poll.id, after);
    },
    async votePoll(pollId, choice) {
      await pause(150);
      const poll = store.get().poll;
      if (!poll || poll.id !== pollId) throw new Error(ClassPollText.noSuchPoll);
      if (!poll.open) throw new Error(ClassPollText.closed);
      patchPoll({ mine: choice });
    },
    async closePoll(pollId) {
      await pause(150);
      if (store.get().poll?.id === pollId) patchPoll({ open: false });
    },
    async showPoll(pollId) {
      await pause(150);
      const poll = store.get().poll;
      if (poll?.id !== pollId) throw new Error(ClassPollText.noSuchPoll);
      if (poll.open) throw new Error(ClassPollText.closeFirst);
      patchPoll({ shown: true });
    },
  };
}

// @vitest-environment happy-dom
import { ClassPollText, type ClassPollCreate, type ClassPollView } from '@atrium/protocol';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClassroomPanel } from './ClassroomPanel.tsx';
import { ClassroomContext, idleController } from './classroomContext.ts';
import type { ClassroomState, PollActions } from './engine/types.ts';
import { mergePoll } from './engine/polls.ts';
import { fakeTile, joinedState } from './preview/fakeClient.ts';
import { ClassroomUiText as T } from './texts.ts';

const POLL: ClassPollView = {
  id: '6f1c2b3a-1d2e-4f5a-8b9c-0d1e2f3a4b5c',
  question: 'Ready?',
  options: ['Yes', 'No'],
  anonymous: false,
  open: true,
  shown: false,
};

function show(state: ClassroomState, polls: Partial<PollActions> = {}) {
  const createPoll = vi.fn((_draft: ClassPollCreate) => Promise.resolve());
  const votePoll = vi.fn((_pollId: string, _choice: number) => Promise.resolve());
  const actions: PollActions = {
    createPoll,
    votePoll,
    closePoll: () => Promise.resolve(),
    showPoll: () => Promise.resolve(),
    ...polls,
  };
  const panel = (now: ClassroomState) => (
    <ClassroomContext.Provider value={{ ...idleController, state: now, polls: actions }}>
      <ClassroomPanel />
    </ClassroomContext.Provider>
  );
  const { rerender } = render(panel(state));
  return { createPoll, votePoll, rerender: (now: ClassroomState) => rerender(panel(now)) };
}

const teacher = (poll: ClassPollView | null) =>
  joinedState({
    host: true,
    poll,
    tiles: [fakeTile(1, 'Ms Rivera', { self: true, role: 'teacher', hasVideo: false })],
  });
const student = (poll: ClassPollView | null) =>
  joinedState({ poll, tiles: [fakeTile(2, 'Sam Lee', { self: true, hasVideo: false })] });

describe('the class poll panel', () => {
  afterEach(cleanup);

  it('checks a teacher’s draft in the protocol’s words, then starts it trimmed', async () => {
    const user = userEvent.setup();
    const actions = show(teacher(null));
    await user.click(screen.getByRole('button', { name: T.poll }));
    const form = screen.getByRole('form', { name: T.pollNewTitle });
    const question = within(form).getByLabelText(T.pollQuestion);
    expect(document.activeElement).toBe(question);

    await user.click(within(form).getByRole('button', { name: T.pollStart }));
    expect(within(form).getByRole('alert').textContent).toBe(ClassPollText.questionEmpty);
    await user.type(question, '  Ready? ');
    await user.click(within(form).getByRole('button', { name: T.pollYesNo }));
    await user.type(within(form).getByLabelText(T.pollAnswer(2)), ' ');
    await user.click(within(form).getByRole('button', { name: T.pollAddAnswer }));
    await user.type(within(form).getByLabelText(T.pollAnswer(3)), 'yes');
    await user.click(within(form).getByRole('button', { name: T.pollStart }));
    expect(within(form).getByRole('alert').textContent).toBe(ClassPollText.duplicateOptions);
    expect(actions.createPoll).not.toHaveBeenCalled();

    // Two answers at least: the last removable one goes, the others cannot.
    await user.click(within(form).getByRole('button', { name: T.pollRemoveAnswer(3) }));
    expect(
      within(form).getByRole<HTMLButtonElement>('button', { name: T.pollRemoveAnswer(1) }).disabled,
    ).toBe(true);
    await user.click(within(form).getByLabelText(T.pollAnonymous));
    await user.click(within(form).getByRole('button', { name: T.pollStart }));
    expect(actions.createPoll).toHaveBeenCalledWith({
      question: 'Ready?',
      options: ['Yes', 'No'],
      anonymous: true,
    });
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('shows a teacher the live counts and names, and the server’s refusal as text', async () => {
    const user = userEvent.setup();
    const closePoll = vi.fn(() => Promise.reject(new Error(ClassPollText.noSuchPoll)));
    show(
      teacher({
        ...POLL,
        counts: [2, 1],
        total: 3,
        voters: [
          { userId: 'a', name: 'Ann', choice: 0 },
          { userId: 'b', name: 'Bea', choice: 0 },
          { userId: 'c', name: 'Cal', choice: 1 },
        ],
      }),
      { closePoll },
    );
    const results = screen.getByRole('list', { name: T.pollResults });
    const [yes, no] = within(results).getAllByRole('listitem');
    expect(yes?.textContent).toContain(T.pollCount(2, 67));
    expect(yes?.textContent).toContain('Ann, Bea');
    expect(no?.textContent).toContain('Cal');
    // While a poll is open, no other starts.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: T.poll }).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: T.pollClose }));
    expect(closePoll).toHaveBeenCalledWith(POLL.id);
    expect((await screen.findByRole('alert')).textContent).toBe(ClassPollText.noSuchPoll);
  });

  it('lets a student answer with radio buttons, and says when the results are not shown', async () => {
    const user = userEvent.setup();
    const actions = show(student({ ...POLL, mine: 1 }));
    const group = screen.getByRole('group', { name: 'Ready?' });
    expect(within(group).getByRole<HTMLInputElement>('radio', { name: /No/ }).checked).toBe(true);
    await user.click(within(group).getByRole('radio', { name: 'Yes' }));
    expect(actions.votePoll).toHaveBeenCalledWith(POLL.id, 0);
    cleanup();

    const closed = { ...POLL, open: false, mine: 1 };
    const { rerender } = show(student(closed));
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText(T.pollNotShown)).toBeTruthy();
    expect(screen.queryByRole('list', { name: T.pollResults })).toBeNull();
    // Hidden while unshown, the poll comes back when the teacher shows its results.
    await user.click(screen.getByRole('button', { name: T.pollHide }));
    expect(screen.queryByText(T.pollNotShown)).toBeNull();
    rerender(student({ ...closed, shown: true, counts: [0, 1], total: 1 }));
    const results = screen.getByRole('list', { name: T.pollResults });
    expect(within(results).getAllByRole('listitem')[1]?.textContent).toContain(T.pollYourAnswer);
  });
});

describe('a student’s poll in the engine', () => {
  it('keeps their own answer through a broadcast of the same poll, not into the next', () => {
    const mine = { ...POLL, mine: 1 };
    expect(mergePoll(mine, { ...POLL, open: false }, false)?.mine).toBe(1);
    expect(mergePoll(mine, { ...POLL, id: 'next' }, false)?.mine).toBeNull();
    expect(mergePoll(mine, { ...POLL, mine: 0 }, false)?.mine).toBe(0);
    expect(mergePoll(mine, null, false)).toBeNull();
    expect(mergePoll(null, { ...POLL, counts: [0, 0] }, true)?.mine).toBeUndefined();
  });
});

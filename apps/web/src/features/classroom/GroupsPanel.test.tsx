// @vitest-environment happy-dom
import { ClassGroupText, type ClassGroups } from '@atrium/protocol';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClassroomPanel } from './ClassroomPanel.tsx';
import { ClassroomContext, idleController, type GroupControls } from './classroomContext.ts';
import type { ClassroomState } from './engine/types.ts';
import { fakeTile, joinedState } from './preview/fakeClient.ts';
import { ClassroomUiText as T } from './texts.ts';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function show(state: ClassroomState, change: Partial<GroupControls> = {}) {
  const done = () => vi.fn(() => Promise.resolve(true));
  const groups = {
    planGroups: done(),
    openGroups: done(),
    closeGroups: done(),
    moveToGroup: done(),
    chooseGroup: done(),
    messageGroups: done(),
    callTeacher: done(),
    answerCall: done(),
    visitGroup: done(),
    ...change,
  };
  const panel = (now: ClassroomState) => (
    <ClassroomContext.Provider value={{ ...idleController, state: now, groups }}>
      <ClassroomPanel />
    </ClassroomContext.Provider>
  );
  const { rerender } = render(panel(state));
  return { groups, rerender: (now: ClassroomState) => rerender(panel(now)) };
}

const open = (change: Partial<ClassGroups> = {}): ClassGroups => ({
  room: 'room-1',
  state: 'open',
  count: 2,
  mode: 'random',
  minutes: 10,
  endsAt: Date.now() + 5 * 60_000,
  closingAt: null,
  groups: [
    {
      group: 1,
      channel: 'room-1-g1',
      members: [{ userId: ID(2), name: 'Grace', present: true, calling: false }],
    },
    {
      group: 2,
      channel: 'room-1-g2',
      members: [
        { userId: ID(3), name: 'Alan', present: true, calling: true },
        { userId: ID(4), name: 'Ada', present: false, calling: false },
      ],
    },
  ],
  ...change,
});

const teacher = (change: Partial<ClassroomState> = {}) =>
  joinedState({
    host: true,
    tiles: [
      fakeTile(1, 'Ms Rivera', { self: true, role: 'teacher', hasVideo: false, userId: ID(1) }),
      fakeTile(2, 'Grace', { hasVideo: false, userId: ID(2) }),
      fakeTile(3, 'Alan', { hasVideo: false, userId: ID(3) }),
      fakeTile(4, 'Ada', { hasVideo: false, userId: ID(4) }),
    ],
    ...change,
  });

const student = (change: Partial<ClassroomState> = {}) =>
  joinedState({
    room: 'room-1-g2',
    tiles: [fakeTile(3, 'Alan', { self: true, hasVideo: false, userId: ID(3) })],
    groups: open(),
    ...change,
  });

describe('breakout groups, the teacher', () => {
  afterEach(cleanup);

  it('plans groups by hand, checks the minutes, then saves and opens them', async () => {
    const user = userEvent.setup();
    const { groups } = show(teacher());
    const chip = screen.getByRole('button', { name: T.groups });
    await user.click(chip);
    const form = screen.getByRole('form', { name: T.groupsFormTitle });
    const count = within(form).getByLabelText(T.groupsCount);
    expect(document.activeElement).toBe(count);
    await user.selectOptions(count, '3');
    await user.click(within(form).getByRole('radio', { name: T.groupsModeName('manual') }));
    // Everyone starts round the groups; one goes elsewhere, one is left to chance.
    const grace = within(form).getByLabelText<HTMLSelectElement>(T.groupsAssignOf('Grace'));
    expect(grace.value).toBe('1');
    await user.selectOptions(grace, '3');
    await user.selectOptions(within(form).getByLabelText(T.groupsAssignOf('Ada')), '');
    await user.type(within(form).getByLabelText(T.groupsMinutes), '500');
    await user.click(within(form).getByRole('button', { name: T.groupsOpen }));
    expect(within(form).getByRole('alert').textContent).toBe(ClassGroupText.minutesRange);
    expect(groups.planGroups).not.toHaveBeenCalled();

    await user.clear(within(form).getByLabelText(T.groupsMinutes));
    await user.type(within(form).getByLabelText(T.groupsMinutes), '20');
    await user.click(within(form).getByRole('button', { name: T.groupsOpen }));
    expect(groups.planGroups).toHaveBeenCalledWith({
      room: 'room-1',
      count: 3,
      mode: 'manual',
      minutes: 20,
      assignments: { [ID(2)]: 3, [ID(3)]: 2 },
    });
    expect(groups.openGroups).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('form', { name: T.groupsFormTitle })).toBeNull();
  });

  it('drags names between the groups; a drop from elsewhere changes nothing', async () => {
    const user = userEvent.setup();
    const { groups } = show(teacher());
    await user.click(screen.getByRole('button', { name: T.groups }));
    const form = screen.getByRole('form', { name: T.groupsFormTitle });
    await user.click(within(form).getByRole('radio', { name: T.groupsModeName('manual') }));
    const column = (title: string) => within(form).getByRole('region', { name: title });
    const names = (title: string) =>
      [...column(title).querySelectorAll('.classroom-groups__card .classroom-groups__name')].map(
        (n) => n.textContent,
      );
    // Spread round two groups at first: Grace and Ada in Group 1, Alan in Group 2.
    expect(names(T.groupName(1))).toEqual(['Grace', 'Ada']);
    expect(names(T.groupName(2))).toEqual(['Alan']);
    expect(within(column(T.groupsAtRandom)).getByText(T.groupsDropHere)).toBeTruthy();

    const carrying = (data: string) => ({
      dataTransfer: { setData: vi.fn(), getData: () => data, effectAllowed: '', dropEffect: '' },
    });
    const card = (name: string) =>
      within(form).getByText(name, { selector: '.classroom-groups__name' }).closest('li')!;
    // Grace goes to Group 2, Ada to chance.
    fireEvent.dragStart(card('Grace'), carrying(''));
    fireEvent.dragOver(column(T.groupName(2)), carrying(''));
    expect(column(T.groupName(2)).className).toContain('classroom-groups__column--over');
    fireEvent.drop(column(T.groupName(2)), carrying(''));
    fireEvent.dragStart(card('Ada'), carrying(''));
    fireEvent.drop(column(T.groupsAtRandom), carrying(''));
    expect(names(T.groupName(2))).toEqual(['Grace', 'Alan']);
    expect(names(T.groupsAtRandom)).toEqual(['Ada']);
    expect(within(form).getByLabelText<HTMLSelectElement>(T.groupsAssignOf('Grace')).value).toBe(
      '2',
    );
    // Text dropped from another page names nobody of this class: nothing moves.
    fireEvent.drop(column(T.groupName(1)), carrying('someone else'));
    expect(names(T.groupName(1))).toEqual([]);

    await user.click(within(form).getByRole('button', { name: T.groupsSave }));
    expect(groups.planGroups).toHaveBeenCalledWith({
      room: 'room-1',
      count: 2,
      mode: 'manual',
      minutes: null,
      assignments: { [ID(2)]: 2, [ID(3)]: 2 },
    });
  });

  it('keeps the form when the server refuses the plan, and Escape gives focus back', async () => {
    const user = userEvent.setup();
    const { groups } = show(teacher(), { planGroups: vi.fn(() => Promise.resolve(false)) });
    await user.click(screen.getByRole('button', { name: T.groups }));
    await user.click(screen.getByRole('button', { name: T.groupsOpen }));
    expect(groups.planGroups).toHaveBeenCalledTimes(1);
    expect(groups.openGroups).not.toHaveBeenCalled();
    const form = screen.getByRole('form', { name: T.groupsFormTitle });
    await user.keyboard('{Escape}');
    expect(form.isConnected).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: T.groups }));
  });

  it('shows a saved plan with Open and Edit', async () => {
    const user = userEvent.setup();
    const { groups } = show(teacher({ groups: open({ state: 'prepared', endsAt: null }) }));
    const plan = screen.getByRole('region', { name: T.groupsPrepared });
    expect(plan.textContent).toContain(T.groupsSummary(2, T.groupsModeName('random'), 10));
    expect(plan.textContent).toContain('Alan, Ada');
    await user.click(within(plan).getByRole('button', { name: T.groupsOpen }));
    expect(groups.openGroups).toHaveBeenCalledTimes(1);
    await user.click(within(plan).getByRole('button', { name: T.groupsEdit }));
    const form = screen.getByRole('form', { name: T.groupsFormTitle });
    expect(within(form).getByLabelText<HTMLInputElement>(T.groupsMinutes).value).toBe('10');
  });

  it('sees every group at once: who is here, who calls, Visit, Move, a message, Close', async () => {
    const user = userEvent.setup();
    const { groups, rerender } = show(teacher({ groups: open() }));
    const overview = screen.getByRole('region', { name: T.groupsOpenTitle(2) });
    expect(within(overview).getByText(T.groupHere(1, 2))).toBeTruthy();
    expect(within(overview).getByText(T.groupNotHere)).toBeTruthy();
    expect(within(overview).getByText(T.groupCalling)).toBeTruthy();
    expect(within(overview).getByTestId('groups-clock').textContent).toMatch(/0[45]:\d\d/);
    // No second plan while groups are open.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: T.groups }).disabled).toBe(true);

    await user.click(within(overview).getByRole('button', { name: T.groupAnswerOf('Alan') }));
    expect(groups.answerCall).toHaveBeenCalledWith(ID(3));
    await user.click(within(overview).getByRole('button', { name: T.groupVisitOf(2) }));
    expect(groups.visitGroup).toHaveBeenCalledWith(2);
    await user.selectOptions(within(overview).getByLabelText(T.groupMoveOf('Ada')), '1');
    expect(groups.moveToGroup).toHaveBeenCalledWith(ID(4), 1);

    const message = within(overview).getByLabelText(T.groupsMessage);
    await user.click(within(overview).getByRole('button', { name: T.groupsSend }));
    expect(within(overview).getByRole('alert').textContent).toBe(ClassGroupText.messageEmpty);
    await user.type(message, '  Two minutes! {Enter}');
    expect(groups.messageGroups).toHaveBeenCalledWith('Two minutes!');
    expect((message as HTMLInputElement).value).toBe('');

    await user.click(within(overview).getByRole('button', { name: T.groupsClose }));
    expect(groups.closeGroups).toHaveBeenCalledTimes(1);
    rerender(teacher({ groups: open({ closingAt: Date.now() + 30_000 }) }));
    expect(screen.getByTestId('groups-closing').textContent).toBe(ClassGroupText.closingSoon(30));
    expect(screen.queryByRole('button', { name: T.groupsClose })).toBeNull();

    // Visiting group 2: Back to the main room.
    rerender(teacher({ room: 'room-1-g2', groups: open() }));
    expect(screen.getByText(T.groupVisiting(2))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.groupBackToMain }));
    expect(groups.visitGroup).toHaveBeenLastCalledWith(null);
  });

  it('shows who speaks in each group, until it stops or runs out', async () => {
    const speaking = (name: string) =>
      screen.getByText(name, { selector: '.classroom-groups__name' }).closest('li')!.dataset
        .speaking === 'true';
    // Grace speaks; Ada's word is stale news of someone not in her group's room.
    const { rerender } = show(
      teacher({
        groups: open(),
        groupSpeaking: { [ID(2)]: Date.now() + 300, [ID(4)]: Date.now() + 300 },
      }),
    );
    expect(speaking('Grace')).toBe(true);
    expect(speaking('Ada')).toBe(false);
    expect(speaking('Alan')).toBe(false);
    const grace = screen.getByText('Grace', { selector: '.classroom-groups__name' }).closest('li')!;
    expect(grace.textContent).toContain(T.groupSpeaking);
    // No further word: the ring goes by itself once its time is up.
    await act(() => new Promise((r) => setTimeout(r, 500)));
    expect(speaking('Grace')).toBe(false);
    expect(grace.textContent).toContain(T.groupPresent);
    // Alan speaks now; the server's "stopped" removes it at once.
    rerender(teacher({ groups: open(), groupSpeaking: { [ID(3)]: Date.now() + 5000 } }));
    expect(speaking('Alan')).toBe(true);
    rerender(teacher({ groups: open(), groupSpeaking: {} }));
    expect(speaking('Alan')).toBe(false);
  });

  it('says who calls the teacher, once', () => {
    const calm = open({
      groups: open().groups.map((g) => ({
        ...g,
        members: g.members.map((m) => ({ ...m, calling: false })),
      })),
    });
    const { rerender } = show(teacher({ groups: calm }));
    expect(screen.queryByText(ClassGroupText.teacherCalled('Alan'))).toBeNull();
    act(() => rerender(teacher({ groups: open() })));
    expect(screen.getByText(ClassGroupText.teacherCalled('Alan'))).toBeTruthy();
  });
});

describe('breakout groups, a student', () => {
  afterEach(cleanup);

  it('sees their group, its countdown and the teacher’s message, and calls the teacher', async () => {
    const user = userEvent.setup();
    const notice = { text: 'Two minutes!', from: 'Ms Rivera', at: Date.now() };
    const { groups, rerender } = show(student());
    expect(screen.getByRole('heading', { name: T.roomName('room-1-g2') })).toBeTruthy();
    const banner = screen.getByRole('region', { name: T.groupName(2) });
    const call = within(banner).getByRole('button', { name: T.groupCallTeacher });
    // Alan's call is waiting: pressed, and pressing again sends nothing more.
    expect(call.getAttribute('aria-pressed')).toBe('true');
    expect(within(banner).getByText(T.groupTeacherCalled)).toBeTruthy();
    await user.click(call);
    expect(groups.callTeacher).not.toHaveBeenCalled();

    const answered = open({
      groups: open().groups.map((g) => ({
        ...g,
        members: g.members.map((m) => ({ ...m, calling: false })),
      })),
    });
    act(() => rerender(student({ groups: answered, groupNotice: notice })));
    expect(call.getAttribute('aria-pressed')).toBe('false');
    expect(within(banner).getByText('Two minutes!')).toBeTruthy();
    expect(screen.getByText(T.groupNoticeAnnounce('Ms Rivera', 'Two minutes!'))).toBeTruthy();
    await user.click(call);
    expect(groups.callTeacher).toHaveBeenCalledTimes(1);

    act(() =>
      rerender(student({ groups: open({ closingAt: Date.now() + 30_000 }), groupNotice: notice })),
    );
    expect(within(banner).getByTestId('groups-closing').textContent).toBe(
      ClassGroupText.closingSoon(30),
    );
  });

  it('picks a group when the teacher lets students choose', async () => {
    const user = userEvent.setup();
    const { groups } = show(
      joinedState({
        tiles: [fakeTile(5, 'Noor', { self: true, hasVideo: false, userId: ID(5) })],
        groups: open({ mode: 'choose' }),
      }),
    );
    const list = screen.getByRole('region', { name: T.groupsChooseTitle });
    await user.click(within(list).getByRole('button', { name: T.groupJoinOf(2) }));
    expect(groups.chooseGroup).toHaveBeenCalledWith(2);
    cleanup();

    // Given a group (or not choosing), there is nothing to pick.
    show(joinedState({ tiles: [fakeTile(5, 'Noor', { self: true, hasVideo: false })] }));
    expect(screen.queryByRole('region', { name: T.groupsChooseTitle })).toBeNull();
  });
});

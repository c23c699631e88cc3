import { ClassGroupText, type ClassGroups } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import {
  callers,
  checkPlan,
  classOf,
  draftFrom,
  formatCountdown,
  GROUP_COUNTS,
  groupNumbers,
  groupOfRoom,
  listedGroup,
  ownMember,
  planStudents,
  secondsLeft,
  spread,
  suggestedCount,
  withCount,
  type GroupDraft,
} from './groupsModel.ts';
import { fakeTile } from './preview/fakeClient.ts';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const groups = (change: Partial<ClassGroups> = {}): ClassGroups => ({
  room: 'room-1',
  state: 'open',
  count: 2,
  mode: 'manual',
  minutes: 15,
  endsAt: null,
  closingAt: null,
  groups: [
    {
      group: 1,
      channel: 'room-1-g1',
      members: [{ userId: ID(1), name: 'Grace', present: true, calling: false }],
    },
    {
      group: 2,
      channel: 'room-1-g2',
      members: [
        { userId: ID(2), name: 'Alan', present: false, calling: true },
        { userId: ID(3), name: 'Ada', present: true, calling: false },
      ],
    },
  ],
  ...change,
});

describe('the groups’ countdowns', () => {
  it('counts whole seconds up, never below zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_200)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 60_000)).toBe(0);
    expect(secondsLeft(Number.NaN, 0)).toBe(0);
  });

  it('reads mm:ss, then h:mm:ss from an hour', () => {
    expect(formatCountdown(754_000, 0)).toBe('12:34');
    expect(formatCountdown(754_000, 753_500)).toBe('00:01');
    expect(formatCountdown(0, 5_000)).toBe('00:00');
    expect(formatCountdown(120 * 60_000, 0)).toBe('2:00:00');
    expect(formatCountdown(59 * 60_000 + 59_500, 0)).toBe('1:00:00');
  });
});

describe('where a person is', () => {
  it('knows the class and the group of a room', () => {
    expect(classOf('room-2')).toBe('room-2');
    expect(classOf('room-2-g10')).toBe('room-2');
    expect(classOf('call-abc')).toBeNull();
    expect(classOf(null)).toBeNull();
    expect(groupOfRoom('room-1-g2')).toBe(2);
    expect(groupOfRoom('room-1')).toBeNull();
    expect(groupOfRoom(null)).toBeNull();
  });

  it('finds a person’s group, own entry, and who calls', () => {
    expect(listedGroup(groups(), ID(3))).toBe(2);
    expect(listedGroup(groups(), ID(9))).toBeNull();
    expect(listedGroup(null, ID(3))).toBeNull();
    expect(ownMember(groups(), ID(2))?.calling).toBe(true);
    expect(ownMember(groups(), undefined)).toBeNull();
    expect(callers(groups()).map((c) => [c.name, c.group])).toEqual([['Alan', 2]]);
    expect(callers(null)).toEqual([]);
  });
});

describe('the teacher’s plan', () => {
  const draft = (change: Partial<GroupDraft> = {}): GroupDraft => ({
    count: 3,
    mode: 'random',
    minutes: '',
    assignments: {},
    ...change,
  });

  it('offers 2 to 10 groups, about four people each', () => {
    expect(GROUP_COUNTS).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(groupNumbers(3)).toEqual([1, 2, 3]);
    expect(groupNumbers(0)).toEqual([]);
    expect(suggestedCount(0)).toBe(2);
    expect(suggestedCount(5)).toBe(2);
    expect(suggestedCount(12)).toBe(3);
    expect(suggestedCount(100)).toBe(10);
  });

  it('edits a saved plan as it was saved', () => {
    expect(draftFrom(null, 9)).toEqual(draft());
    expect(draftFrom(groups({ state: 'prepared' }), 9)).toEqual({
      count: 2,
      mode: 'manual',
      minutes: '15',
      assignments: { [ID(1)]: 1, [ID(2)]: 2, [ID(3)]: 2 },
    });
    // Open groups are not a plan to edit.
    expect(draftFrom(groups(), 4).assignments).toEqual({});
  });

  it('lists the students in class, then those of the plan who are not', () => {
    const tiles = [
      fakeTile(1, 'Ms Rivera', { self: true, role: 'teacher', hasVideo: false, userId: ID(10) }),
      fakeTile(2, 'Mr Okafor', { role: 'teacher', hasVideo: false, userId: ID(11) }),
      fakeTile(3, 'Ada', { hasVideo: false, userId: ID(3) }),
      fakeTile(4, 'Noor', { hasVideo: false, userId: ID(4) }),
    ];
    expect(planStudents(tiles, groups()).map((s) => s.name)).toEqual([
      'Ada',
      'Noor',
      'Grace',
      'Alan',
    ]);
  });

  it('spreads the unplaced round the groups, and frees those of a group that went', () => {
    const students = [ID(1), ID(2), ID(3), ID(4)].map((userId) => ({ userId }));
    const spreadOut = spread(draft({ count: 2, assignments: { [ID(2)]: 2 } }), students);
    expect(spreadOut.assignments).toEqual({ [ID(1)]: 1, [ID(2)]: 2, [ID(3)]: 2, [ID(4)]: 1 });
    expect(withCount(draft({ assignments: { [ID(1)]: 3, [ID(2)]: 1 } }), 2)).toEqual(
      draft({ count: 2, assignments: { [ID(2)]: 1 } }),
    );
  });

  it('checks the plan in the protocol’s words, sending places only by hand', () => {
    expect(checkPlan(draft({ minutes: ' 20 ', assignments: { [ID(1)]: 1 } }), 'room-2')).toEqual({
      ok: true,
      value: { room: 'room-2', count: 3, mode: 'random', minutes: 20, assignments: {} },
    });
    expect(checkPlan(draft({ mode: 'manual', assignments: { [ID(1)]: 2 } }), 'room-1')).toEqual({
      ok: true,
      value: {
        room: 'room-1',
        count: 3,
        mode: 'manual',
        minutes: null,
        assignments: { [ID(1)]: 2 },
      },
    });
    for (const minutes of ['0', '121', '1.5', '-3', 'soon']) {
      expect(checkPlan(draft({ minutes }), 'room-1')).toEqual({
        ok: false,
        problem: ClassGroupText.minutesRange,
      });
    }
    expect(checkPlan(draft({ count: 11 }), 'room-1')).toEqual({
      ok: false,
      problem: ClassGroupText.countRange,
    });
  });
});

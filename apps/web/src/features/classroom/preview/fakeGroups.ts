// The dev preview's breakout groups (issue 28 §4): what the server would keep and send, in the
// fake client's store, so every button of the groups can be tried without a server.
import {
  ClassGroupPlanSchema,
  ClassGroupText,
  GROUP_CLOSE_WARNING_S,
  groupChannel,
  parseGroupChannel,
  type ClassGroupPlan,
  type ClassGroups,
  type ClassroomRoom,
} from '@atrium/protocol';
import type { Store } from '../../../shared/store.ts';
import type { ClassroomState, GroupActions } from '../engine/types.ts';
import { classOf } from '../groupsModel.ts';

const pause = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

type Member = ClassGroups['groups'][number]['members'][number];

/** Groups as the server sends them, `members[i]` the people of group i + 1. */
export function fakeGroups(
  room: ClassroomRoom,
  members: Array<Array<Partial<Member> & { userId: string; name: string }>>,
  change: Partial<ClassGroups> = {},
): ClassGroups {
  return {
    room,
    state: 'open',
    count: members.length,
    mode: 'random',
    minutes: null,
    endsAt: null,
    closingAt: null,
    groups: members.map((people, i) => ({
      group: i + 1,
      channel: groupChannel(room, i + 1),
      members: people.map((m) => ({ present: true, calling: false, ...m })),
    })),
    ...change,
  };
}

export function createFakeGroups(store: Store<ClassroomState>): GroupActions {
  const patch = (change: Partial<ClassroomState>) => store.update((s) => ({ ...s, ...change }));
  const self = () => store.get().tiles.find((t) => t.self);
  const mapMembers = (map: (member: Member, group: number) => Member | null) => {
    const groups = store.get().groups;
    if (!groups) return;
    patch({
      groups: {
        ...groups,
        groups: groups.groups.map((g) => ({
          ...g,
          members: g.members.flatMap((m) => map(m, g.group) ?? []),
        })),
      },
    });
  };
  let plan: ClassGroupPlan | null = null;
  let closing: number | undefined;

  /** Everyone back in the main room: the groups are gone. */
  const closeNow = () => {
    const groups = store.get().groups;
    if (!groups) return;
    patch({
      groups: { ...groups, state: 'none', groups: [], endsAt: null, closingAt: null },
      groupNotice: null,
      room: groups.room,
    });
  };

  const requireOpen = () => {
    const groups = store.get().groups;
    if (groups?.state !== 'open') throw new Error(ClassGroupText.noGroups);
    return groups;
  };

  return {
    async planGroups(draft) {
      await pause(200);
      const parsed = ClassGroupPlanSchema.safeParse(draft);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
      if (store.get().groups?.state === 'open') throw new Error(ClassGroupText.alreadyOpen);
      plan = parsed.data;
      const names = new Map(store.get().tiles.map((t) => [t.userId, t.name]));
      for (const g of store.get().groups?.groups ?? []) {
        for (const m of g.members) names.set(m.userId, m.name);
      }
      const placed = Object.entries(plan.assignments);
      patch({
        groups: fakeGroups(
          plan.room,
          Array.from({ length: plan.count }, (_, i) =>
            placed
              .filter(([, group]) => group === i + 1)
              .map(([userId]) => ({ userId, name: names.get(userId) ?? userId, present: false })),
          ),
          { state: 'prepared', mode: plan.mode, minutes: plan.minutes },
        ),
      });
    },
    async openGroups() {
      await pause(200);
      const groups = store.get().groups;
      if (groups?.state === 'open') throw new Error(ClassGroupText.alreadyOpen);
      const room = classOf(store.get().room);
      if (!plan || !room) throw new Error(ClassGroupText.noGroups);
      const students = store.get().tiles.filter((t) => !t.self && t.role === 'member');
      const members: Member[][] = Array.from({ length: plan.count }, () => []);
      let next = 0;
      for (const student of students) {
        let group = plan.assignments[student.userId];
        if (group === undefined && plan.mode === 'choose') continue;
        if (group === undefined) group = (next++ % plan.count) + 1;
        members[group - 1]!.push({
          userId: student.userId,
          name: student.name,
          present: false,
          calling: false,
        });
      }
      patch({
        groups: fakeGroups(room, members, {
          mode: plan.mode,
          minutes: plan.minutes,
          endsAt: plan.minutes === null ? null : Date.now() + plan.minutes * 60_000,
        }),
      });
      // The students arrive in their rooms a moment later.
      window.setTimeout(() => mapMembers((m) => ({ ...m, present: true })), 1200);
    },
    async closeGroups() {
      await pause(150);
      const groups = requireOpen();
      if (groups.closingAt !== null) return;
      patch({ groups: { ...groups, closingAt: Date.now() + GROUP_CLOSE_WARNING_S * 1000 } });
      window.clearTimeout(closing);
      closing = window.setTimeout(closeNow, GROUP_CLOSE_WARNING_S * 1000);
    },
    async moveToGroup(userId, group) {
      await pause(150);
      const groups = requireOpen();
      if (group < 1 || group > groups.groups.length) throw new Error(ClassGroupText.groupRange);
      const member = groups.groups.flatMap((g) => g.members).find((m) => m.userId === userId);
      if (!member) throw new Error(ClassGroupText.notInClass);
      patch({
        groups: {
          ...groups,
          groups: groups.groups.map((g) => ({
            ...g,
            members:
              g.group === group
                ? [...g.members.filter((m) => m.userId !== userId), member]
                : g.members.filter((m) => m.userId !== userId),
          })),
        },
      });
    },
    async chooseGroup(group) {
      await pause(200);
      const groups = requireOpen();
      const me = self();
      if (groups.mode !== 'choose') throw new Error(ClassGroupText.notChoosing);
      if (!me) return;
      if (group < 1 || group > groups.groups.length) throw new Error(ClassGroupText.groupRange);
      if (groups.groups.some((g) => g.members.some((m) => m.userId === me.userId))) {
        throw new Error(ClassGroupText.stayInGroup);
      }
      patch({
        room: groupChannel(groups.room, group),
        groups: {
          ...groups,
          groups: groups.groups.map((g) =>
            g.group === group
              ? {
                  ...g,
                  members: [
                    ...g.members,
                    { userId: me.userId, name: me.name, present: true, calling: false },
                  ],
                }
              : g,
          ),
        },
      });
    },
    async messageGroups(text) {
      await pause(150);
      requireOpen();
      const trimmed = text.trim();
      if (!trimmed) throw new Error(ClassGroupText.messageEmpty);
      patch({ groupNotice: { text: trimmed, from: self()?.name ?? '', at: Date.now() } });
    },
    async callTeacher() {
      await pause(150);
      requireOpen();
      const me = self();
      if (!me || !parseGroupChannel(store.get().room ?? '')) {
        throw new Error(ClassGroupText.notInGroup);
      }
      mapMembers((m) => (m.userId === me.userId ? { ...m, calling: true } : m));
    },
    async answerCall(userId) {
      await pause(150);
      requireOpen();
      mapMembers((m) => (m.userId === userId ? { ...m, calling: false } : m));
    },
    async visitGroup(group) {
      await pause(300);
      const groups = requireOpen();
      if (group !== null && (group < 1 || group > groups.groups.length)) {
        throw new Error(ClassGroupText.groupRange);
      }
      patch({ room: group === null ? groups.room : groupChannel(groups.room, group) });
    },
  };
}

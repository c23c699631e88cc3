// The breakout groups' logic without React (issue 28 §4): the countdowns, which group a person is
// in, and the teacher's plan as it is typed, checked in the protocol's words.
import {
  ClassGroupPlanSchema,
  ClassGroupText,
  isClassroomRoom,
  MAX_GROUPS,
  MIN_GROUPS,
  parseGroupChannel,
  type ClassGroupPlan,
  type ClassGroups,
  type ClassroomRoom,
  type GroupMode,
} from '@atrium/protocol';
import type { ClassroomTile } from './engine/types.ts';
import { formatElapsed } from './format.ts';

/** Whole seconds left until `at` (a Date.now() value), never negative; 29.2 s left reads 30. */
export const secondsLeft = (at: number, now: number): number =>
  Number.isFinite(at - now) ? Math.max(0, Math.ceil((at - now) / 1000)) : 0;

/** A countdown to `at`: `mm:ss`, then `h:mm:ss` from an hour (the panel timer's format). */
export const formatCountdown = (at: number, now: number): string =>
  formatElapsed(secondsLeft(at, now) * 1000);

/** The class a room belongs to: `room-1` for `room-1` and for its group `room-1-g2`. */
export function classOf(room: string | null): ClassroomRoom | null {
  if (!room) return null;
  if (isClassroomRoom(room)) return room;
  return parseGroupChannel(room)?.room ?? null;
}

/** The group whose room `room` is, or null (the main room, a call, no room). */
export const groupOfRoom = (room: string | null): number | null =>
  room ? (parseGroupChannel(room)?.group ?? null) : null;

/** The group `userId` is listed in while groups are prepared or open, or null. */
export function listedGroup(groups: ClassGroups | null, userId: string | undefined): number | null {
  if (!groups || !userId) return null;
  return groups.groups.find((g) => g.members.some((m) => m.userId === userId))?.group ?? null;
}

/** A person's own entry in their group (to know whether they are calling the teacher). */
export function ownMember(groups: ClassGroups | null, userId: string | undefined) {
  if (!groups || !userId) return null;
  for (const group of groups.groups) {
    const member = group.members.find((m) => m.userId === userId);
    if (member) return member;
  }
  return null;
}

/** Everyone in the groups who is calling the teacher, in group order. */
export function callers(groups: ClassGroups | null) {
  return (groups?.groups ?? []).flatMap((g) =>
    g.members.filter((m) => m.calling).map((m) => ({ ...m, group: g.group })),
  );
}

/** The group counts a teacher may pick: 2 to 10. */
export const GROUP_COUNTS = Array.from(
  { length: MAX_GROUPS - MIN_GROUPS + 1 },
  (_, i) => MIN_GROUPS + i,
);

/** What the teacher is typing: the minutes as typed (empty: no countdown). */
export interface GroupDraft {
  count: number;
  mode: GroupMode;
  minutes: string;
  /** By hand: account id → group; someone missing is placed at random when groups open. */
  assignments: Record<string, number>;
}

/** Groups of about four: 5 students make 2 groups, 30 make 8. */
export const suggestedCount = (students: number): number =>
  Math.min(MAX_GROUPS, Math.max(MIN_GROUPS, Math.ceil(students / 4)));

/** A new draft, or the saved plan (`prepared`) to edit. */
export function draftFrom(groups: ClassGroups | null, students: number): GroupDraft {
  if (groups?.state !== 'prepared') {
    return { count: suggestedCount(students), mode: 'random', minutes: '', assignments: {} };
  }
  const assignments: Record<string, number> = {};
  if (groups.mode === 'manual') {
    for (const group of groups.groups) {
      for (const member of group.members) assignments[member.userId] = group.group;
    }
  }
  return {
    count: groups.count,
    mode: groups.mode,
    minutes: groups.minutes === null ? '' : String(groups.minutes),
    assignments,
  };
}

/** The students a teacher places by hand: those in class now, then those of the saved plan. */
export function planStudents(
  tiles: readonly ClassroomTile[],
  groups: ClassGroups | null,
): Array<{ userId: string; name: string }> {
  const seen = new Set<string>();
  const students: Array<{ userId: string; name: string }> = [];
  for (const tile of tiles) {
    if (tile.self || tile.role !== 'member' || seen.has(tile.userId)) continue;
    seen.add(tile.userId);
    students.push({ userId: tile.userId, name: tile.name });
  }
  for (const group of groups?.groups ?? []) {
    for (const member of group.members) {
      if (seen.has(member.userId)) continue;
      seen.add(member.userId);
      students.push({ userId: member.userId, name: member.name });
    }
  }
  return students;
}

/** Fewer groups: whoever was in a group that no longer exists goes back to "at random". */
export function withCount(draft: GroupDraft, count: number): GroupDraft {
  const assignments = Object.fromEntries(
    Object.entries(draft.assignments).filter(([, group]) => group <= count),
  );
  return { ...draft, count, assignments };
}

/** By hand, a starting point: everyone not yet placed goes round the groups in turn. */
export function spread(draft: GroupDraft, students: ReadonlyArray<{ userId: string }>): GroupDraft {
  const assignments = { ...draft.assignments };
  let next = 0;
  for (const { userId } of students) {
    if (assignments[userId] !== undefined) continue;
    assignments[userId] = (next % draft.count) + 1;
    next += 1;
  }
  return { ...draft, assignments };
}

/** The draft as the server takes it for class `room`, or the first problem in its words. */
export function checkPlan(
  draft: GroupDraft,
  room: ClassroomRoom,
): { ok: true; value: ClassGroupPlan } | { ok: false; problem: string } {
  const typed = draft.minutes.trim();
  if (typed !== '' && !/^\d+$/.test(typed))
    return { ok: false, problem: ClassGroupText.minutesRange };
  const parsed = ClassGroupPlanSchema.safeParse({
    room,
    count: draft.count,
    mode: draft.mode,
    minutes: typed === '' ? null : Number(typed),
    // Only a plan by hand carries its places.
    assignments: draft.mode === 'manual' ? withCount(draft, draft.count).assignments : {},
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, problem: parsed.error.issues[0]?.message ?? ClassGroupText.countRange };
}

/** The group numbers 1 to `count`. */
export const groupNumbers = (count: number): number[] =>
  Array.from({ length: Math.max(0, count) }, (_, i) => i + 1);

// The dev preview's breakout-group scenes (issue 28 §4), shown by `?scene=groups-teacher-plan`,
// `?scene=groups-teacher-open`, `?scene=groups-student` and `?scene=groups-choose`.
import type { ClassroomClient } from '../engine/types.ts';
import { createFakeClassroomClient, fakeTile, joinedState } from './fakeClient.ts';
import { fakeGroups } from './fakeGroups.ts';

/** A plan by hand names students by account id, which the protocol checks to be a UUID. */
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const STUDENTS = [
  'Grace Hopper',
  'Alan Turing',
  'Ada Lovelace',
  'Katherine Johnson',
  'Tim Berners-Lee',
  'Noor Haddad',
].map((name, i) => ({ userId: uuid(41 + i), name }));
const student = (i: number) => STUDENTS[i]!;

const teacher = () => fakeTile(40, 'Ms Rivera', { self: true, role: 'teacher', hue: 250 });

/** Everyone in their group: 1 Grace and Alan, 2 Ada (calling) and Katherine, 3 Tim and Noor. */
const openGroups = (change: Parameters<typeof fakeGroups>[2] = {}) =>
  fakeGroups(
    'room-1',
    [
      [student(0), student(1)],
      [{ ...student(2), calling: true }, student(3)],
      [student(4), { ...student(5), present: false }],
    ],
    { minutes: 15, endsAt: Date.now() + 12 * 60_000 + 34_000, ...change },
  );

export const groupScenes: Array<{
  key: string;
  title: string;
  onRequest: boolean;
  make: () => ClassroomClient;
}> = [
  {
    key: 'groups-teacher-plan',
    title: 'Teacher: five students in class, no groups yet',
    onRequest: true,
    make: () =>
      createFakeClassroomClient(
        joinedState({
          host: true,
          tiles: [
            teacher(),
            ...STUDENTS.slice(0, 5).map((s, i) =>
              fakeTile(41 + i, s.name, { userId: s.userId, hasVideo: i % 2 === 0 }),
            ),
          ],
        }),
      ),
  },
  {
    key: 'groups-teacher-open',
    title: 'Teacher: three groups open, one student calling, two speaking',
    onRequest: true,
    make: () =>
      createFakeClassroomClient(
        joinedState({
          host: true,
          tiles: [teacher()],
          groups: openGroups(),
          // Grace and Tim speak (for as long as the preview is looked at).
          groupSpeaking: {
            [student(0).userId]: Date.now() + 3_600_000,
            [student(4).userId]: Date.now() + 3_600_000,
          },
        }),
      ),
  },
  {
    key: 'groups-student',
    title: 'Student: in group 2, with the countdown and the teacher’s message',
    onRequest: true,
    make: () =>
      createFakeClassroomClient(
        joinedState({
          room: 'room-1-g2',
          tiles: [
            fakeTile(43, 'Ada Lovelace', { self: true, userId: student(2).userId }),
            fakeTile(44, 'Katherine Johnson', { userId: student(3).userId, hue: 30 }),
          ],
          groups: fakeGroups(
            'room-1',
            [
              [student(0), student(1)],
              [student(2), student(3)],
              [student(4), student(5)],
            ],
            { minutes: 10, endsAt: Date.now() + 8 * 60_000 + 5_000 },
          ),
          groupNotice: {
            text: 'Five minutes left: write down your group’s answer.',
            from: 'Ms Rivera',
            at: Date.now() - 40_000,
          },
        }),
      ),
  },
  {
    key: 'groups-choose',
    title: 'Student: the teacher lets students choose their group',
    onRequest: true,
    make: () =>
      createFakeClassroomClient(
        joinedState({
          tiles: [fakeTile(46, 'Noor Haddad', { self: true, userId: student(5).userId, hue: 320 })],
          groups: fakeGroups('room-1', [[student(0), student(1)], [student(2)], []], {
            mode: 'choose',
          }),
        }),
      ),
  },
];

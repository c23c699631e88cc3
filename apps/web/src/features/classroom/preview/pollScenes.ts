// The dev preview's poll scenes (issue 28 §3), shown by `?scene=poll-teacher`,
// `?scene=poll-student` and `?scene=poll-results`.
import type { ClassroomClient } from '../engine/types.ts';
import { createFakeClassroomClient, fakeTile, joinedState } from './fakeClient.ts';
import { fakeTeacherPoll } from './fakePolls.ts';

const QUESTION = 'Which planet is the largest?';
const PLANETS = ['Mercury', 'Venus', 'Jupiter', 'Mars'];

const teacherTiles = () => [
  fakeTile(21, 'Ms Rivera', { self: true, role: 'teacher', hue: 250 }),
  fakeTile(22, 'Grace Hopper'),
  fakeTile(23, 'Alan Turing', { hue: 160 }),
  fakeTile(24, 'Ada Lovelace', { hasVideo: false, audioMuted: true }),
];

const studentTiles = () => [
  fakeTile(25, 'Sam Lee', { self: true }),
  fakeTile(26, 'Mr Okafor', { role: 'teacher', hue: 30 }),
  fakeTile(27, 'Priya Nair', { hasVideo: false }),
];

/** The class's poll from both sides: live results, a question to answer, shown results. */
export const pollScenes: Array<{
  key: string;
  title: string;
  onRequest: boolean;
  make: () => ClassroomClient;
}> = [
  {
    key: 'poll-teacher',
    title: 'Teacher: a poll open, answers coming in',
    onRequest: true,
    make: () =>
      createFakeClassroomClient(
        joinedState({
          host: true,
          tiles: teacherTiles(),
          poll: fakeTeacherPoll(QUESTION, PLANETS, [
            ['Grace Hopper', 2],
            ['Alan Turing', 2],
            ['Ada Lovelace', 1],
          ]),
        }),
      ),
  },
  {
    key: 'poll-student',
    title: 'Student: a poll to answer',
    onRequest: true,
    make: () =>
      createFakeClassroomClient(
        joinedState({
          room: 'room-2',
          tiles: studentTiles(),
          poll: {
            id: crypto.randomUUID(),
            question: QUESTION,
            options: PLANETS,
            anonymous: false,
            open: true,
            shown: false,
            mine: null,
          },
        }),
      ),
  },
  {
    key: 'poll-results',
    title: 'Student: the poll closed, results shown',
    onRequest: true,
    make: () =>
      createFakeClassroomClient(
        joinedState({
          room: 'room-2',
          tiles: studentTiles(),
          poll: {
            id: crypto.randomUUID(),
            question: QUESTION,
            options: PLANETS,
            anonymous: false,
            open: false,
            shown: true,
            counts: [1, 2, 9, 0],
            total: 12,
            mine: 2,
          },
        }),
      ),
  },
];

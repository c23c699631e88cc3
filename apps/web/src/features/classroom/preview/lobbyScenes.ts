// The dev preview's waiting-room scenes (issue 28 §1), shown by `?scene=lobby-teacher` and
// `?scene=lobby-student`.
import { IDLE_CLASSROOM } from '../panelModel.ts';
import type { ClassroomClient } from '../engine/types.ts';
import { createFakeClassroomClient, fakeTile, joinedState } from './fakeClient.ts';

export const lobbyScenes: Array<{
  key: string;
  title: string;
  onRequest: boolean;
  make: () => ClassroomClient;
}> = [
  {
    key: 'lobby-teacher',
    title: 'Teacher: ask to join, three students waiting',
    onRequest: true,
    make: () =>
      createFakeClassroomClient(
        joinedState({
          host: true,
          tiles: [
            fakeTile(31, 'Ms Rivera', { self: true, role: 'teacher', hue: 250 }),
            fakeTile(32, 'Grace Hopper'),
          ],
          lobby: {
            policy: 'ask',
            waiting: [
              { userId: 'user-33', name: 'Alan Turing', since: Date.now() - 80_000 },
              { userId: 'user-34', name: 'Ada Lovelace', since: Date.now() - 45_000 },
              { userId: 'user-35', name: 'Katherine Johnson', since: Date.now() - 5_000 },
            ],
          },
        }),
      ),
  },
  {
    key: 'lobby-student',
    title: 'Student: waiting to be let in',
    onRequest: true,
    make: () => createFakeClassroomClient({ ...IDLE_CLASSROOM, phase: 'waiting', room: 'room-1' }),
  },
];

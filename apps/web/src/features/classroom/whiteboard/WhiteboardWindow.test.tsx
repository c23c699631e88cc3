// @vitest-environment happy-dom
import type { RoomState } from '@atrium/protocol';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClassroomUiText as T } from '../texts.ts';
import { WhiteboardWindow, type WhiteboardWindowProps } from './WhiteboardWindow.tsx';

type Board = NonNullable<RoomState['whiteboard']>;
const board = (readonly: boolean, owner = 'teacher-id'): Board => ({
  owner,
  url: 'board-room-1-g2',
  readonly,
});

function show(props: Partial<WhiteboardWindowProps> & { whiteboard: Board }) {
  render(
    <WhiteboardWindow meId="student-id" users={[]} board={null} send={async () => {}} {...props} />,
  );
  return within(screen.getByRole('region', { name: T.whiteboardTitle }));
}

afterEach(cleanup);

// The controls mirror the room socket's rules (room.socket.ts); the server refuses the rest.
describe('the whiteboard window’s controls', () => {
  it('gives a class’s board’s controls to its owner alone', () => {
    const win = show({ whiteboard: board(false) });
    expect(win.queryByRole('button', { name: T.whiteboardClose })).toBeNull();
    expect(win.queryByRole('switch')).toBeNull();
    expect(win.getByText(T.whiteboardDrawNote)).toBeTruthy();
  });

  it('lets anyone in a breakout group change and close the group’s board, not lock it', () => {
    const win = show({ whiteboard: board(false), group: true });
    expect(win.getByRole('button', { name: T.whiteboardClose })).toBeTruthy();
    expect(win.getByRole('button', { name: T.whiteboardChangeUrl })).toBeTruthy();
    expect(win.queryByRole('switch')).toBeNull();
    expect(win.getByText(T.whiteboardGroupNote)).toBeTruthy();
  });

  it('keeps a group’s board the teacher’s once a teacher made it read-only', () => {
    const student = show({ whiteboard: board(true), group: true });
    expect(student.queryByRole('button', { name: T.whiteboardClose })).toBeNull();
    expect(student.getByText(T.whiteboardReadonlyNote)).toBeTruthy();
    cleanup();
    const teacher = show({ whiteboard: board(true), group: true, host: true, meId: 'other' });
    expect(teacher.getByRole('switch', { name: T.whiteboardDisallow })).toBeTruthy();
    expect(teacher.getByRole('button', { name: T.whiteboardClose })).toBeTruthy();
  });
});

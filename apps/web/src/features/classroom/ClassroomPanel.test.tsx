// @vitest-environment happy-dom
import { CLASSROOM_ROOMS } from '@atrium/protocol';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClassroomPanel } from './ClassroomPanel.tsx';
import {
  ClassroomContext,
  TileActionsContext,
  idleController,
  type ClassroomController,
  type PanelView,
} from './classroomContext.ts';
import type { ClassroomState } from './engine/types.ts';
import { IDLE_CLASSROOM } from './panelModel.ts';
import { fakeTile, joinedState } from './preview/fakeClient.ts';
import { ClassroomUiText as T } from './texts.ts';

const CALL = '0b6f2c1e-5d3a-4f7b-9c2d-1a2b3c4d5e6f_1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

/** The panel under a controller with `state`; the view (minimised, chat, grid) is live. */
function Panel({
  state,
  actions,
}: {
  state: ClassroomState;
  actions: Partial<ClassroomController>;
}) {
  const [view, setViewState] = useState<PanelView>(idleController.view);
  const controller: ClassroomController = {
    ...idleController,
    ...actions,
    state,
    view,
    setView: (change) => setViewState((v) => ({ ...v, ...change })),
  };
  return (
    <ClassroomContext.Provider value={controller}>
      <ClassroomPanel />
    </ClassroomContext.Provider>
  );
}

const show = (state: ClassroomState, actions: Partial<ClassroomController> = {}) =>
  render(<Panel state={state} actions={actions} />);

const people = [
  fakeTile(1, 'Ms Rivera', { self: true, role: 'teacher', hasVideo: false }),
  fakeTile(2, 'Alan Turing', { hasVideo: false }),
];

describe('the classroom panel’s states', () => {
  afterEach(cleanup);

  it('before a class: the quick-join buttons and join-with-settings', async () => {
    const user = userEvent.setup();
    const requestJoin = vi.fn();
    const joinWithSettings = vi.fn();
    show(IDLE_CLASSROOM, { requestJoin, joinWithSettings });
    expect(screen.getByRole('heading', { name: T.panelTitle })).toBeTruthy();
    expect(screen.getByText(T.notJoinedTitle)).toBeTruthy();
    for (const room of CLASSROOM_ROOMS) screen.getByRole('button', { name: room });
    await user.click(screen.getByRole('button', { name: 'room-2' }));
    expect(requestJoin).toHaveBeenCalledWith('room-2');
    await user.click(screen.getByRole('button', { name: T.joinWithSettings }));
    expect(joinWithSettings).toHaveBeenCalledWith('room-1');
    expect(screen.queryByRole('toolbar', { name: T.controls })).toBeNull();
  });

  it('joining: a status for a class, another for a call, and no join buttons', () => {
    const { rerender } = show({ ...IDLE_CLASSROOM, phase: 'joining', room: 'room-3' });
    expect(screen.getByRole('status').textContent).toBe(T.joining);
    expect(screen.getByRole('heading', { name: T.roomName('room-3') })).toBeTruthy();
    expect(screen.queryByText(T.notJoinedTitle)).toBeNull();
    rerender(<Panel state={{ ...IDLE_CLASSROOM, phase: 'joining', room: CALL }} actions={{}} />);
    expect(screen.getByRole('status').textContent).toBe(T.joiningCall);
  });

  it('joined: the count, the tiles, the controls, and the teacher row for a host only', () => {
    const { rerender } = show(joinedState({ room: 'room-1', host: true, tiles: people }));
    expect(screen.getByTestId('classroom-count').textContent).toBe(T.people(2));
    expect(
      within(screen.getByRole('list', { name: T.stream })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(screen.getByRole('toolbar', { name: T.controls })).toBeTruthy();
    expect(screen.getByRole('group', { name: T.teacherControls })).toBeTruthy();
    rerender(
      <Panel state={joinedState({ room: 'room-1', host: false, tiles: people })} actions={{}} />,
    );
    expect(screen.queryByRole('group', { name: T.teacherControls })).toBeNull();
  });

  it('a call’s room has no chat and no teacher row, even for a host', () => {
    show(joinedState({ room: CALL, host: true, tiles: people }));
    expect(screen.getByRole('heading', { name: T.roomName(CALL) })).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.chat })).toBeNull();
    expect(screen.queryByRole('group', { name: T.teacherControls })).toBeNull();
  });

  it('minimised: the stream and chat go, the controls stay', async () => {
    const user = userEvent.setup();
    show(joinedState({ room: 'room-1', tiles: people }));
    await user.click(screen.getByRole('button', { name: T.chat }));
    expect(screen.getByRole('complementary', { name: T.chat })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.minimize }));
    expect(screen.queryByRole('list', { name: T.stream })).toBeNull();
    expect(screen.queryByRole('complementary', { name: T.chat })).toBeNull();
    expect(screen.getByRole('toolbar', { name: T.controls })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.minimize }));
    expect(screen.getByRole('list', { name: T.stream })).toBeTruthy();
  });

  it('after a failed join: the join buttons again', () => {
    show({ ...IDLE_CLASSROOM, phase: 'failed', error: 'The class is full.' });
    expect(screen.getByText(T.notJoinedTitle)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'room-1' })).toBeTruthy();
  });
});

describe('what the panel says people really send (issue 27)', () => {
  afterEach(cleanup);

  it('shows a stopped camera as the avatar with a camera-off mark, and real mic badges', () => {
    show(
      joinedState({
        room: 'room-1',
        tiles: [
          fakeTile(1, 'Ms Rivera', { self: true, role: 'teacher' }),
          fakeTile(2, 'Alan Turing', { hasVideo: false, videoMuted: true, audioMuted: true }),
          fakeTile(3, 'Grace Hopper'),
        ],
      }),
    );
    const alan = screen.getByRole('listitem', { name: T.noVideoOf('Alan Turing') });
    expect(alan.dataset.camera).toBe('off');
    expect(alan.dataset.mic).toBe('off');
    within(alan).getByText(T.cameraMuted);
    within(alan).getByText(T.micMuted);
    const grace = screen.getByRole('listitem', { name: T.videoOf('Grace Hopper') });
    expect([grace.dataset.camera, grace.dataset.mic]).toEqual(['on', 'on']);
    expect(within(grace).queryByText(T.micMuted)).toBeNull();
  });

  it('says "Reconnecting…" while the connection is down, the tiles kept', () => {
    show(joinedState({ room: 'room-1', tiles: people, reconnecting: true }));
    expect(screen.getByRole('status').textContent).toBe(T.reconnecting);
    expect(screen.getByRole('list', { name: T.stream })).toBeTruthy();
  });

  it('counts the class’s own time, not the time since this person joined', () => {
    show(
      joinedState({
        room: 'room-1',
        tiles: people,
        joinedAt: Date.now(),
        startedAt: Date.now() - 161_000,
      }),
    );
    expect(screen.getByLabelText(T.elapsed).textContent).toBe('02:41');
  });

  it('announces who starts speaking in a polite live region, never the person themself', () => {
    const { rerender } = show(
      joinedState({
        room: 'room-1',
        tiles: [fakeTile(1, 'Me', { self: true, speaking: true }), fakeTile(2, 'Alan Turing')],
      }),
    );
    const region = screen.getByTestId('classroom-speaker');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    rerender(
      <Panel
        state={joinedState({
          room: 'room-1',
          tiles: [
            fakeTile(1, 'Me', { self: true }),
            fakeTile(2, 'Alan Turing', { speaking: true }),
          ],
        })}
        actions={{}}
      />,
    );
    return expect.poll(() => region.textContent).toBe(T.startsSpeaking('Alan Turing'));
  });

  it('gives a teacher Stop share on a sharing tile, and only a teacher', async () => {
    const user = userEvent.setup();
    const stopShareOf = vi.fn();
    const tiles = [
      fakeTile(1, 'Ms Rivera', { self: true, role: 'teacher' }),
      fakeTile(7, 'Grace Hopper', { sharingScreen: true }),
    ];
    const { rerender } = show(joinedState({ room: 'room-1', host: true, tiles }), { stopShareOf });
    await user.click(screen.getByRole('button', { name: T.tileMenu('Grace Hopper') }));
    await user.click(screen.getByRole('menuitem', { name: T.stopShareOf('Grace Hopper') }));
    expect(stopShareOf).toHaveBeenCalledWith(7);
    rerender(
      <Panel
        state={joinedState({ room: 'room-1', host: false, tiles })}
        actions={{ stopShareOf }}
      />,
    );
    await user.click(screen.getByRole('button', { name: T.tileMenu('Grace Hopper') }));
    expect(screen.queryByRole('menuitem', { name: T.stopShareOf('Grace Hopper') })).toBeNull();
  });

  it('offers Report in the tile menu when the social layer is there (issue 29)', async () => {
    const user = userEvent.setup();
    const report = vi.fn();
    const tiles = [fakeTile(1, 'Ms Rivera', { self: true }), fakeTile(7, 'Grace Hopper')];
    render(
      <TileActionsContext
        value={{ call: vi.fn(), addFriend: vi.fn(), addParticipant: vi.fn(), report }}
      >
        <Panel state={joinedState({ room: 'room-2', host: false, tiles })} actions={{}} />
      </TileActionsContext>,
    );
    await user.click(screen.getByRole('button', { name: T.tileMenu('Grace Hopper') }));
    await user.click(screen.getByRole('menuitem', { name: T.report }));
    expect(report).toHaveBeenCalledWith('Grace Hopper', 'room-2');
  });
});

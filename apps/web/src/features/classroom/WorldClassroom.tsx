import type { ClassroomRoom, WorldToHost } from '@atrium/protocol';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useClassroom } from './classroomContext.ts';
import { Icon } from './icons.tsx';
import { ClassroomUiText as T } from './texts.ts';
import './worldClassroom.css';

// The panel (and react-rnd) download when the panel first opens, not with the world.
const ClassroomWindow = lazy(() =>
  import('./ClassroomWindow.tsx').then((module) => ({ default: module.ClassroomWindow })),
);
const ClassroomPanel = lazy(() =>
  import('./ClassroomPanel.tsx').then((module) => ({ default: module.ClassroomPanel })),
);

export interface WorldClassroom {
  /** Handles the world's classroom messages (and ignores the others). */
  onBridge: (message: WorldToHost) => void;
  /** The toolbar's "Classroom" button. */
  button: ReactNode;
  /** The panel window and the "you are at a classroom" hint, over the stage. */
  overlay: ReactNode;
  /** SPEC §2: the mini-game video panel (the video room's tiles and controls, no chat). */
  miniGamePanel: ReactNode;
}

/**
 * The classroom on the metaverse page: a toolbar button opens the panel; walking into a
 * classroom building shows a hint, and E there (`classroom_join`) joins its class (SPEC §4).
 */
export function useWorldClassroom(): WorldClassroom {
  const classroom = useClassroom();
  const { panelOpen, setPanelOpen, requestJoin, state } = classroom;
  const [near, setNear] = useState<ClassroomRoom | null>(null);

  const onBridge = useCallback(
    (message: WorldToHost) => {
      if (message.type === 'classroom_near') {
        setNear(message.room);
        return;
      }
      if (message.type !== 'classroom_join') return;
      setPanelOpen(true);
      if (state.room !== message.room || state.phase !== 'joined') requestJoin(message.room);
    },
    [requestJoin, setPanelOpen, state.room, state.phase],
  );

  const inThatClass = near !== null && state.room === near && state.phase !== 'idle';
  const button = (
    <button
      type="button"
      className="button button--secondary"
      aria-pressed={panelOpen}
      aria-haspopup="dialog"
      data-control="open-classroom"
      onClick={() => setPanelOpen(!panelOpen)}
    >
      {state.phase === 'joined' && <span className="world-classroom__live" aria-hidden="true" />}
      {T.openClassroom}
    </button>
  );

  const overlay = (
    <>
      {near && !inThatClass && (
        <div className="world-classroom__hint" role="status">
          <Icon name="whiteboard" size={18} />
          <span>{T.nearClassroom(near)}</span>
          <button
            type="button"
            className="button button--primary world-classroom__join"
            onClick={() => {
              setPanelOpen(true);
              requestJoin(near);
            }}
          >
            {T.joinThisClass}
          </button>
        </div>
      )}
      {panelOpen && (
        <Suspense fallback={null}>
          <ClassroomWindow onClose={() => setPanelOpen(false)} />
        </Suspense>
      )}
    </>
  );

  const miniGamePanel = (
    <Suspense fallback={null}>
      <ClassroomPanel className="classroom-panel--side classroom-panel--game" />
    </Suspense>
  );

  return { onBridge, button, overlay, miniGamePanel };
}

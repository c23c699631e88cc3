import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { Rnd } from 'react-rnd';
import { useWindowStack } from '../../../shared/ui/windowStack.ts';
import { ClassroomPanel } from '../ClassroomPanel.tsx';
import { useClassroom } from '../classroomContext.ts';
import { Icon } from '../icons.tsx';
import '../classroomWindow.css';
import { ClassroomUiText as T } from '../texts.ts';
import { DebugJoin } from './DebugJoin.tsx';
import { hasJoinRoomDebug } from './debugJoin.ts';

/** SPEC §9: the side panel is at most 400 px wide. */
export const CONFERENCE_MAX_WIDTH = 400;
const MARGIN = 16;

/**
 * The side panel: the classroom panel at the right edge, at most 400 px wide, dragged by its
 * header; fullscreen fills the screen with it (and leaves the width cap behind).
 */
export function HomeConferencePanel({ onClose }: { onClose: () => void }) {
  const fullRef = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const [position, setPosition] = useState(() => ({
    x: window.innerWidth - CONFERENCE_MAX_WIDTH - MARGIN,
    y: 88,
  }));
  const { state, view } = useClassroom();
  // Stacked with the whiteboard and the pushed page: the last opened or clicked is on top.
  const stacking = useWindowStack();
  const debugJoin = hasJoinRoomDebug(useLocation().search) && state.phase !== 'joined';
  // In class the tiles need room; before it (or minimised) the panel is as tall as its content.
  const height =
    state.phase === 'joined' && !view.minimized
      ? Math.min(720, window.innerHeight - position.y - MARGIN)
      : undefined;

  useEffect(() => {
    const handleChange = () => setFullscreen(document.fullscreenElement === fullRef.current);
    document.addEventListener('fullscreenchange', handleChange);
    return () => document.removeEventListener('fullscreenchange', handleChange);
  }, []);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void fullRef.current?.requestFullscreen?.().catch(() => undefined);
  };

  const buttons = (
    <>
      <button
        type="button"
        className="classroom-icon-button"
        aria-label={T.fullscreen}
        title={fullscreen ? T.exitFullscreen : T.fullscreen}
        aria-pressed={fullscreen}
        onClick={toggleFullscreen}
      >
        <Icon name={fullscreen ? 'exitFullscreen' : 'fullscreen'} size={18} />
      </button>
      <button
        type="button"
        className="classroom-icon-button"
        aria-label={T.closePanel}
        title={T.closePanel}
        onClick={onClose}
      >
        <Icon name="close" size={18} />
      </button>
    </>
  );

  // In a fixed layer over the page: react-rnd measures from its parent, which is then the window.
  return createPortal(
    <div className="classroom-layer" {...stacking}>
      <Rnd
        className="home-conference"
        bounds="parent"
        position={position}
        size={{ width: CONFERENCE_MAX_WIDTH, height: 'auto' }}
        enableResizing={false}
        disableDragging={fullscreen}
        dragHandleClassName="classroom-panel__header--drag"
        cancel="button"
        onDragStop={(_event, data) => setPosition({ x: data.x, y: data.y })}
      >
        <div ref={fullRef} className="home-conference__frame" style={{ height }}>
          <ClassroomPanel
            className="classroom-panel--side"
            windowButtons={buttons}
            headerClassName="classroom-panel__header--drag"
          />
          {debugJoin && <DebugJoin />}
        </div>
      </Rnd>
    </div>,
    document.body,
  );
}

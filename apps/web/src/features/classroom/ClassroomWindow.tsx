import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Rnd } from 'react-rnd';
import { ClassroomPanel } from './ClassroomPanel.tsx';
import { useClassroom } from './classroomContext.ts';
import { Icon } from './icons.tsx';
import { ClassroomUiText as T } from './texts.ts';
import { PHONE_QUERY, useMediaQuery } from '../../shared/ui/useMediaQuery.ts';
import { useWindowStack } from '../../shared/ui/windowStack.ts';
import './classroomWindow.css';

const START = { width: 600, height: 500 };
const MARGIN = 24;

export interface ClassroomWindowProps {
  onClose: () => void;
  chat?: ReactNode;
}

/**
 * The classroom panel as a window over the page: dragged by its header and resized from its
 * edges (`react-rnd`). On a phone it is a full-width bottom sheet instead, not draggable.
 */
export function ClassroomWindow({ onClose, chat }: ClassroomWindowProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  // Stacked with the whiteboard and the pushed page: the last opened or clicked is on top.
  const stacking = useWindowStack();
  const { view, state } = useClassroom();
  // Before a class (or minimised) the window is as tall as its content; in class it is resizable.
  const compact = view.minimized || state.phase !== 'joined';
  const [position, setPosition] = useState(() => ({
    x: Math.max(MARGIN, window.innerWidth - START.width - MARGIN),
    // Below the page's toolbars, which stay usable while the panel is open.
    y: Math.max(MARGIN, Math.min(140, window.innerHeight - START.height - MARGIN)),
  }));
  const [size, setSize] = useState(() => ({
    width: Math.min(START.width, window.innerWidth - 2 * MARGIN),
    height: Math.min(START.height, window.innerHeight - 2 * MARGIN),
  }));

  const closeButton = (
    <button
      type="button"
      className="classroom-icon-button"
      aria-label={T.closePanel}
      title={T.closePanel}
      onClick={onClose}
    >
      <Icon name="close" size={18} />
    </button>
  );

  if (phone) {
    return (
      <div className="classroom-sheet" {...stacking}>
        <ClassroomPanel chat={chat} windowButtons={closeButton} />
      </div>
    );
  }

  // In a fixed layer over the page: react-rnd measures from its parent, which is then the window.
  return createPortal(
    <div className="classroom-layer" {...stacking}>
      <Rnd
        className="classroom-window"
        bounds="parent"
        position={position}
        size={compact ? { width: size.width, height: 'auto' } : size}
        minWidth={340}
        minHeight={compact ? undefined : 320}
        dragHandleClassName="classroom-panel__header--drag"
        cancel="button"
        enableResizing={!compact}
        onDragStop={(_event, data) => setPosition({ x: data.x, y: data.y })}
        onResizeStop={(_event, _direction, element, _delta, next) => {
          setSize({ width: element.offsetWidth, height: element.offsetHeight });
          setPosition(next);
        }}
      >
        <ClassroomPanel
          chat={chat}
          windowButtons={closeButton}
          headerClassName="classroom-panel__header--drag"
        />
      </Rnd>
    </div>,
    document.body,
  );
}

import { ChatText } from '@atrium/protocol';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Rnd } from 'react-rnd';
import { useWindowStack } from '../../shared/ui/windowStack.ts';
import { SecondChatPanel } from './SecondChatPanel.tsx';
import './secondChat.css';

const MARGIN = 16;
/** Clear of the classroom panel's tab on the right edge of a wide window. */
const RIGHT_CLEARANCE = 64;
const DEFAULT_SIZE = { width: 360, height: 520 };
/** Below this width the window is a sheet along the bottom, not dragged or resized. */
const SHEET_QUERY = '(max-width: 640px)';

const useSheet = () => {
  const [sheet, setSheet] = useState(() => window.matchMedia(SHEET_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(SHEET_QUERY);
    const handleChange = () => setSheet(query.matches);
    query.addEventListener('change', handleChange);
    return () => query.removeEventListener('change', handleChange);
  }, []);
  return sheet;
};

/** SPEC §2's draggable, resizable chat window around the second chat panel. */
export function SecondChatWindow({ onClose }: { onClose: () => void }) {
  const sheet = useSheet();
  // Stacked with the classroom's windows: the last opened or clicked is on top.
  const stacking = useWindowStack();
  const [box, setBox] = useState(() => ({
    x: Math.max(MARGIN, window.innerWidth - DEFAULT_SIZE.width - RIGHT_CLEARANCE),
    y: Math.max(MARGIN, window.innerHeight - DEFAULT_SIZE.height - MARGIN),
    ...DEFAULT_SIZE,
  }));

  const frame = (
    <div className="second-chat__frame" role="dialog" aria-label={ChatText.secondTitle}>
      <header className="second-chat__header">
        <h2 className="second-chat__title">{ChatText.secondTitle}</h2>
        <button
          type="button"
          className="second-chat__close"
          aria-label={ChatText.closeSecond}
          title={ChatText.closeSecond}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <SecondChatPanel />
    </div>
  );

  return createPortal(
    <div className="second-chat__layer" {...stacking}>
      {sheet ? (
        <div className="second-chat__sheet">{frame}</div>
      ) : (
        <Rnd
          className="second-chat__window"
          bounds="parent"
          position={{ x: box.x, y: box.y }}
          size={{ width: box.width, height: box.height }}
          minWidth={280}
          minHeight={320}
          dragHandleClassName="second-chat__header"
          cancel="button"
          onDragStop={(_event, data) => setBox((b) => ({ ...b, x: data.x, y: data.y }))}
          onResizeStop={(_event, _direction, ref, _delta, position) =>
            setBox({ ...position, width: ref.offsetWidth, height: ref.offsetHeight })
          }
        >
          {frame}
        </Rnd>
      )}
    </div>,
    document.body,
  );
}

import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Rnd } from 'react-rnd';
import { PHONE_QUERY, useMediaQuery } from '../../../shared/ui/useMediaQuery.ts';
import { useWindowStack } from '../../../shared/ui/windowStack.ts';
import { Icon } from '../icons.tsx';
import { ClassroomUiText as T } from '../texts.ts';
import { framedPage } from './framedPage.ts';
import '../classroomWindow.css';
import './popupBrowser.css';

export interface PopupBrowserProps {
  url: string;
}

const MARGIN = 24;
/** Down and right of the whiteboard's place, so the title bar of the one below stays in reach. */
const CASCADE = 48;
const START = { x: MARGIN + CASCADE, y: 84 + CASCADE, width: 880, height: 600 };

/**
 * SPEC §4: the page a teacher pushes to the members of the class, in a window that stacks with
 * the class's other windows (the last opened or clicked is on top). A page of the campus itself
 * runs in its own origin; any other runs in an opaque one (see {@link framedPage}). Many sites
 * refuse to be framed and show nothing; that cannot be told from here (the refusal is the other
 * origin's), so the window always offers the page in a new tab, and says why.
 */
export function PopupBrowser({ url }: PopupBrowserProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  // A new page pushed into the open window brings it forward again.
  const stacking = useWindowStack(true, url);
  // The frame takes no pointer events while the window moves, or it would swallow the drag.
  const [moving, setMoving] = useState(false);
  const page = framedPage(url, window.location.origin);
  const body = (
    <section
      className={`popup-browser${moving ? ' popup-browser--moving' : ''}`}
      aria-label={T.studentBrowserTitle}
    >
      <header className="popup-browser__bar">
        <Icon name="browser" size={18} />
        <span className="popup-browser__title">{T.studentBrowserTitle}</span>
        <span className="popup-browser__host" title={url}>
          {page.host}
        </span>
        <a className="popup-browser__tab" href={url} target="_blank" rel="noopener noreferrer">
          {T.openInNewTab}
        </a>
      </header>
      <iframe
        // A changed sandbox applies from the frame's next document only: a new page, a new frame.
        key={url}
        className="popup-browser__frame"
        src={url}
        title={T.studentBrowserFrame(page.host)}
        sandbox={page.sandbox}
        referrerPolicy="no-referrer"
      />
      <p className="popup-browser__note">{T.frameRefusedNote}</p>
    </section>
  );

  if (phone) {
    return createPortal(
      <div className="popup-browser-layer--phone" {...stacking}>
        {body}
      </div>,
      document.body,
    );
  }
  return createPortal(
    <div className="classroom-layer" {...stacking}>
      <Rnd
        className="popup-browser-window"
        bounds="parent"
        default={{
          x: START.x,
          y: Math.min(START.y, Math.max(0, window.innerHeight - START.height - MARGIN)),
          width: Math.min(START.width, window.innerWidth - START.x - MARGIN),
          height: Math.min(START.height, window.innerHeight - 2 * MARGIN),
        }}
        minWidth={360}
        minHeight={260}
        dragHandleClassName="popup-browser__bar"
        cancel="a"
        onDragStart={() => setMoving(true)}
        onDragStop={() => setMoving(false)}
        onResizeStart={() => setMoving(true)}
        onResizeStop={() => setMoving(false)}
      >
        {body}
      </Rnd>
    </div>,
    document.body,
  );
}

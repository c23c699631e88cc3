import { ClassroomUiText as T } from '../texts.ts';
import './popupBrowser.css';

export interface PopupBrowserProps {
  url: string;
}

/**
 * SPEC §4: the page a teacher pushes to the members of the class. The frame is sandboxed without
 * `allow-same-origin`, so even a page of our own origin cannot reach this app. Many sites refuse
 * to be framed and show nothing; that cannot be told from here (the refusal is the other
 * origin's), so the window always offers the page in a new tab, and says why.
 */
export function PopupBrowser({ url }: PopupBrowserProps) {
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // Shown as it is.
  }
  return (
    <section className="popup-browser" aria-label={T.studentBrowserTitle}>
      <header className="popup-browser__bar">
        <span className="popup-browser__title">{T.studentBrowserTitle}</span>
        <span className="popup-browser__host" title={url}>
          {host}
        </span>
        <a className="popup-browser__tab" href={url} target="_blank" rel="noopener noreferrer">
          {T.openInNewTab}
        </a>
      </header>
      <iframe
        className="popup-browser__frame"
        src={url}
        title={T.studentBrowserFrame(host)}
        sandbox="allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
      />
      <p className="popup-browser__note">{T.frameRefusedNote}</p>
    </section>
  );
}

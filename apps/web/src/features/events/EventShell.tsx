import { AppRoute } from '@atrium/protocol';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { EventsWebText } from './texts.ts';
import './events.css';

export interface EventShellProps {
  title: string;
  documentTitle: string;
  lead?: string;
  children: ReactNode;
  /** The landing page has no way back to itself. */
  back?: boolean;
  wide?: boolean;
}

/** The frame of every event page: the heading, the page, and the way back to the landing page. */
export function EventShell({
  title,
  documentTitle,
  lead,
  children,
  back = true,
  wide,
}: EventShellProps) {
  // As usePageTitle does; importing it would split it out of the entry chunk into one more file.
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <div className={`container event-page${wide ? '' : ' container--narrow'}`}>
      <PageHeader eyebrow={EventsWebText.eyebrow} title={title}>
        {lead && <p>{lead}</p>}
      </PageHeader>
      {children}
      {back && (
        <p className="event-page__back">
          <Link to={AppRoute.event}>
            <span aria-hidden="true">← </span>
            {EventsWebText.backToEvent}
          </Link>
        </p>
      )}
    </div>
  );
}

/** A loading line, or a failure with a retry button, for the pages that fetch. */
export function LoadState({
  failed,
  loadingText,
  failedText,
  onRetry,
}: {
  failed: boolean;
  loadingText: string;
  failedText: string;
  onRetry: () => void;
}) {
  if (!failed) {
    return (
      <p className="event-status" role="status">
        <span className="spinner" aria-hidden="true" /> {loadingText}
      </p>
    );
  }
  return (
    <div className="event-status event-status--error" role="alert">
      <p>{failedText}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {EventsWebText.retry}
      </button>
    </div>
  );
}

import { useId, type ReactNode } from 'react';
import { LoadProblem } from '../dashboard/LoadProblem.tsx';
import { ContentText as T } from './texts.ts';

export interface ContentSectionProps {
  /** The section's anchor, for the page's "On this page" links. */
  id: string;
  title: string;
  intro: string;
  /** A button beside the title (Add). */
  action?: ReactNode;
  children: ReactNode;
}

/** One part of the content page: its title, one line on what it is, then its list or form. */
export function ContentSection({ id, title, intro, action, children }: ContentSectionProps) {
  const titleId = useId();
  return (
    <section id={id} className="admin-section content-section" aria-labelledby={titleId}>
      <div className="admin-section__head">
        <div className="content-section__lead">
          <h3 id={titleId} className="admin-section__title">
            {title}
          </h3>
          <p className="admin-muted">{intro}</p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

interface LoadedQuery<D> {
  data: D | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface WhenLoadedProps<D> {
  query: LoadedQuery<D>;
  /** What could not be loaded, e.g. "The gallery could not be loaded." */
  failed: string;
  /** The form, once the data is read: it starts from it. */
  children: (data: D) => ReactNode;
}

/** A form's place while its data loads, fails (with Try again), or once it is read. */
export function WhenLoaded<D>({ query, failed, children }: WhenLoadedProps<D>) {
  if (query.isPending) return <p role="status">{T.loading}</p>;
  if (query.isError || query.data === undefined) {
    return (
      <LoadProblem
        message={failed}
        error={query.error}
        retryLabel={T.retry}
        onRetry={() => query.refetch()}
      />
    );
  }
  return children(query.data);
}

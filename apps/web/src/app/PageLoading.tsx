import { ShellText } from '../shared/texts.ts';

/** Shown in <main> while a page's code is downloading (first visit to a lazy page). */
export function PageLoading() {
  return (
    <div className="container page-loading" role="status">
      <span className="page-loading__spinner" aria-hidden="true" />
      {ShellText.pageLoading}
    </div>
  );
}

import { AppRoute } from '@atrium/protocol';
import { Link } from 'react-router';
import { PageTitle } from '../../shared/texts.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { usePageTitle } from '../../shared/ui/usePageTitle.ts';
import './NotFoundPage.css';

/** Any path the app does not know. The server answers these with status 404. */
export function NotFoundPage() {
  usePageTitle(PageTitle.notFound);
  return (
    <div className="container container--narrow not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <PageHeader title="Page not found">
        <p>The page you are looking for does not exist, or it has moved.</p>
      </PageHeader>
      <div className="button-row">
        <Link className="button button--primary" to={AppRoute.home}>
          Go to the home page
        </Link>
        <Link className="button button--secondary" to={AppRoute.metaverse}>
          Enter the metaverse
        </Link>
      </div>
    </div>
  );
}

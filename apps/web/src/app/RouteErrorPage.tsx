import { AppRoute } from '@atrium/protocol';
import { Link } from 'react-router';
import { PageHeader } from '../shared/ui/PageHeader.tsx';
import { usePageTitle } from '../shared/ui/usePageTitle.ts';
import { PageTitle, ShellText } from '../shared/texts.ts';

/**
 * Shown inside the layout when a page fails to render or its code fails to download (an old tab
 * after a deploy, say): reloading fetches the current build.
 */
export function RouteErrorPage() {
  usePageTitle(PageTitle.error);

  const handleReload = () => {
    window.location.reload();
  };

  return (
    <div className="container">
      <PageHeader title={ShellText.errorTitle}>
        <p>{ShellText.unknownError}</p>
      </PageHeader>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={handleReload}>
          Reload the page
        </button>
        <Link className="button button--secondary" to={AppRoute.home}>
          Go to the home page
        </Link>
      </div>
    </div>
  );
}

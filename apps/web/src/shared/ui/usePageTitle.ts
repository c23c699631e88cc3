import { useEffect } from 'react';

/** Sets `document.title` while the page is shown; every page sets its own, so no restore. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

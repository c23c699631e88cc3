import { isAppRoute } from '@atrium/protocol';

/**
 * The URL the dev server should serve for a request: the app shell for the spec's `.html` page
 * routes (which exist only as client routes), nothing for anything else. The query string is kept
 * because pages read flags from it (`?token=`, `?skip-countdown=1`).
 */
export function shellUrlFor(url: string): string | undefined {
  const queryStart = url.search(/[?#]/);
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  if (pathname === '/' || !isAppRoute(pathname)) return undefined;
  return `/index.html${queryStart === -1 ? '' : url.slice(queryStart)}`;
}

import { AppRoute, PublicSetting, SettingsApi } from '@atrium/protocol';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../shared/api/useApi.ts';

/** Where Leave goes: a route of this app, or another site's address. */
export type ExitTarget = { kind: 'route'; path: string } | { kind: 'url'; href: string };

const HOME: ExitTarget = { kind: 'route', path: AppRoute.home };

/**
 * SPEC §2 "A configured home page is the exit target": the `site.home_page` setting as a place to
 * go. A path on this site (or an address on this origin) stays inside the app; another http(s)
 * address is a full page load; anything else (missing, `javascript:`, `//host`) is the home page.
 */
export function exitTarget(value: unknown, origin: string): ExitTarget {
  if (typeof value !== 'string' || value.trim() === '') return HOME;
  const text = value.trim();
  // `//host/…` looks like a path but is another site.
  if (text.startsWith('//') || text.startsWith('\\')) return HOME;
  let url: URL;
  try {
    url = new URL(text, origin);
  } catch {
    return HOME;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return HOME;
  if (url.origin === origin)
    return { kind: 'route', path: `${url.pathname}${url.search}${url.hash}` };
  return { kind: 'url', href: url.href };
}

/** The configured home page, read once per visit; the home route until it is known. */
export function useExitTarget(): ExitTarget {
  const client = useApi();
  const setting = useQuery({
    queryKey: ['settings', PublicSetting.homePage],
    queryFn: async () =>
      (
        await client.call(
          SettingsApi.customSetting,
          { query: { key: PublicSetting.homePage } },
          { auth: false },
        )
      ).data.value,
    staleTime: Infinity,
    retry: false,
  });
  return exitTarget(setting.data, window.location.origin);
}

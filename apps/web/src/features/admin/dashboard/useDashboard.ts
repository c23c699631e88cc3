import { AdminApi } from '@atrium/protocol';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../shared/api/useApi.ts';
import { adminKeys } from '../useAdmin.ts';

/** How often the dashboard asks again while its tab is shown. */
export const DASHBOARD_REFRESH_MS = 5000;

export const dashboardKey = [...adminKeys.all, 'dashboard'] as const;

/**
 * The dashboard, read again every 5 s. TanStack Query pauses the interval while the tab is
 * hidden (`refetchIntervalInBackground` is false) and reads at once when it is shown again. A
 * failed refresh keeps the last figures on screen.
 */
export function useDashboard() {
  const client = useApi();
  return useQuery({
    queryKey: dashboardKey,
    queryFn: async () => (await client.call(AdminApi.dashboard)).data,
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
    retry: false,
  });
}

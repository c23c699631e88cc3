import { SystemApi, type HealthResponse } from '@atrium/protocol';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../shared/api/useApi.ts';

/**
 * The server's liveness probe, so the page can say whether the campus server is reachable. The
 * answer is checked against the shared schema (types are not validation). No abort signal: the
 * answer is tiny, and cancelling it on unmount (StrictMode mounts twice in development) would
 * only show up as failed requests.
 */
export function useServerHealth() {
  const client = useApi();
  return useQuery({
    queryKey: ['system', 'health'],
    queryFn: async (): Promise<HealthResponse['data']> =>
      (await client.call(SystemApi.health, {}, { auth: false })).data,
  });
}

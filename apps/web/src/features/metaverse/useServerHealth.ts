import { SystemApi, type HealthResponse } from '@atrium/protocol';
import { useQuery } from '@tanstack/react-query';
import { createApiClient } from '../../shared/api/client.ts';

// No abort signal: the answer is tiny, and cancelling it on unmount (StrictMode mounts twice in
// development) would only show up as failed requests.
const client = createApiClient({ fetch: (input, init) => window.fetch(input, init) });

/** The answer is checked against the shared schema: types are not validation. */
async function fetchHealth(): Promise<HealthResponse['data']> {
  return (await client.call(SystemApi.health, {}, { auth: false })).data;
}

/** The server's liveness probe, so the page can say whether the campus server is reachable. */
export function useServerHealth() {
  return useQuery({
    queryKey: ['system', 'health'],
    queryFn: fetchHealth,
  });
}

import { HealthResponseSchema, type HealthResponse } from '@atrium/protocol';
import { useQuery } from '@tanstack/react-query';

async function fetchHealth(): Promise<HealthResponse['data']> {
  // No abort signal: the answer is tiny, and cancelling it on unmount (StrictMode mounts twice in
  // development) would only show up as failed requests.
  const response = await fetch('/api/health', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/health answered ${response.status}`);
  // Types are not validation: check the answer against the shared schema.
  return HealthResponseSchema.parse(await response.json()).data;
}

/** The server's liveness probe, so the page can say whether the campus server is reachable. */
export function useServerHealth() {
  return useQuery({
    queryKey: ['system', 'health'],
    queryFn: fetchHealth,
  });
}

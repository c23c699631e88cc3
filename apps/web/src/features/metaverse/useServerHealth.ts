import { HealthResponseSchema, type HealthResponse } from '@atrium/protocol';
import { useQuery } from '@tanstack/react-query';

async function fetchHealth(signal: AbortSignal): Promise<HealthResponse['data']> {
  const response = await fetch('/api/health', { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/health answered ${response.status}`);
  // Types are not validation: check the answer against the shared schema.
  return HealthResponseSchema.parse(await response.json()).data;
}

/** The server's liveness probe, so the page can say whether the campus server is reachable. */
export function useServerHealth() {
  return useQuery({
    queryKey: ['system', 'health'],
    queryFn: ({ signal }) => fetchHealth(signal),
  });
}

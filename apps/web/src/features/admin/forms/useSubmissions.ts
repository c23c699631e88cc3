import { EventsApi, routeUrl, type EventFormKind } from '@atrium/protocol';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../../shared/api/useApi.ts';
import { saveBlob } from '../../../shared/saveBlob.ts';
import { adminKeys } from '../useAdmin.ts';

export const submissionsKey = (kind: EventFormKind) =>
  [...adminKeys.all, 'submissions', kind] as const;

/** Every submission of one form, oldest first (the route sends them all; the page pages them). */
export function useSubmissions(kind: EventFormKind) {
  const client = useApi();
  return useQuery({
    queryKey: submissionsKey(kind),
    queryFn: async () => (await client.call(EventsApi.submissions, { query: { kind } })).data,
    staleTime: 0,
    retry: false,
  });
}

/**
 * Downloads one form's submissions as CSV. The route wants the bearer token, so the file comes
 * through the session's client.
 */
export function useSubmissionsCsv(): (kind: EventFormKind) => Promise<void> {
  const client = useApi();
  return useCallback(
    async (kind) => {
      const blob = await client.blob(routeUrl(EventsApi.submissionsCsv, { query: { kind } }));
      saveBlob(blob, `${kind}-submissions-${new Date().toISOString().slice(0, 10)}.csv`);
    },
    [client],
  );
}

import { AdminApi, type ReportCreate } from '@atrium/protocol';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../api/useApi.ts';

/** Sends a member's report to the admins; resolves with the server's thanks. */
export function useReport() {
  const client = useApi();
  return useMutation({
    mutationFn: async (body: ReportCreate) =>
      (await client.call(AdminApi.report, { body })).message,
  });
}

import { SharesApi, type ShareInput } from '@atrium/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../shared/api/useApi.ts';
import { adminKeys } from '../useAdmin.ts';
import { SharesText as T } from './texts.ts';

export const sharesKey = [...adminKeys.all, 'shares'] as const;

export type ShareChange = Partial<Omit<ShareInput, 'id'>>;

/** Every share. */
export function useShares() {
  const client = useApi();
  return useQuery({
    queryKey: sharesKey,
    queryFn: async () => (await client.call(SharesApi.list)).data,
    staleTime: 0,
    retry: false,
  });
}

/** Create, change and remove shares; each reloads the list and the audit log. */
export function useShareMutations() {
  const client = useApi();
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sharesKey }),
      queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] }),
    ]);
  const create = useMutation({
    mutationFn: async (body: ShareInput) => {
      await client.call(SharesApi.create, { body });
      return T.saved;
    },
    onSuccess,
  });
  const update = useMutation({
    mutationFn: async ({ id, body }: { id: string; body: ShareChange }) => {
      await client.call(SharesApi.update, { params: { shareId: id }, body });
      return T.saved;
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: async (id: string) =>
      (await client.call(SharesApi.remove, { params: { shareId: id } })).message,
    onSuccess,
  });
  return { create, update, remove };
}

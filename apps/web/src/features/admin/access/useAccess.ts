import {
  AdminApi,
  SettingsApi,
  type AccessPolicy,
  type LimitSettings,
  type WalletSettings,
} from '@atrium/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../shared/api/useApi.ts';
import { adminKeys } from '../useAdmin.ts';

export const accessKeys = {
  policy: [...adminKeys.all, 'access'] as const,
  limits: [...adminKeys.all, 'settings', 'limits'] as const,
  wallet: [...adminKeys.all, 'settings', 'wallet'] as const,
};

// A form is filled from the first read; reading again under it would not change what it shows.
const formOptions = { staleTime: 0, retry: false, refetchOnWindowFocus: false } as const;

/** Sign-up and guest entry: self-registration, allowed mail domains, guests. */
export function useAccessPolicy() {
  const client = useApi();
  return useQuery({
    queryKey: accessKeys.policy,
    queryFn: async () => (await client.call(AdminApi.access)).data,
    ...formOptions,
  });
}

/** The account limits in force. */
export function useLimitSettings() {
  const client = useApi();
  return useQuery({
    queryKey: accessKeys.limits,
    queryFn: async () => (await client.call(SettingsApi.limits)).data,
    ...formOptions,
  });
}

/** The wallet's audience. */
export function useWalletSettings() {
  const client = useApi();
  return useQuery({
    queryKey: accessKeys.wallet,
    queryFn: async () => (await client.call(SettingsApi.wallet)).data,
    ...formOptions,
  });
}

/**
 * The three saves. Each resolves with what the server now holds, which becomes its query's data;
 * the audit log, which records each change, is read again.
 */
export function useAccessMutations() {
  const client = useApi();
  const queryClient = useQueryClient();
  const saved =
    <T>(key: readonly unknown[]) =>
    (data: T) => {
      queryClient.setQueryData(key, data);
      return queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] });
    };
  const savePolicy = useMutation({
    mutationFn: async (body: Partial<AccessPolicy>) =>
      (await client.call(AdminApi.updateAccess, { body })).data,
    onSuccess: saved<AccessPolicy>(accessKeys.policy),
  });
  const saveLimits = useMutation({
    mutationFn: async (body: Partial<LimitSettings>) =>
      (await client.call(SettingsApi.updateLimits, { body })).data,
    onSuccess: saved<LimitSettings>(accessKeys.limits),
  });
  const saveWallet = useMutation({
    mutationFn: async (body: WalletSettings) =>
      (await client.call(SettingsApi.updateWallet, { body })).data,
    onSuccess: saved<WalletSettings>(accessKeys.wallet),
  });
  return { savePolicy, saveLimits, saveWallet };
}

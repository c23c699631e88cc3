import {
  WalletApi,
  type WalletAudience,
  type WalletConfig,
  type WalletLink,
} from '@atrium/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError } from '../../shared/api/client.ts';
import { useApi } from '../../shared/api/useApi.ts';
import { useSessionState, useSessionStore } from '../../shared/session/SessionContext.tsx';
import { linkWallet, walletErrorMessage, type LinkServer } from './chainClient.ts';
import { walletWords, type WalletWords } from './texts.ts';
import { linkedAddress } from './walletSession.ts';

/** React Query keys of the wallet's server data. */
export const walletKeys = {
  config: ['wallet', 'config'] as const,
  catalogue: ['wallet', 'catalogue'] as const,
  holdings: ['wallet', 'holdings'] as const,
};

/** The server's words for an API failure, else the wallet's message. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return walletErrorMessage(error);
}

/** `GET /api/wallet/config`, one request shared by every wallet screen. */
function useWalletConfig(enabled: boolean) {
  const client = useApi();
  return useQuery({
    queryKey: walletKeys.config,
    queryFn: async (): Promise<WalletConfig> => (await client.call(WalletApi.config)).data,
    enabled,
    staleTime: 60_000,
  });
}

/**
 * Who this campus's wallet speaks to (issue 27): its config's audience, and a school's (the
 * server's default) until the config is there.
 */
export function useWalletAudience(): WalletAudience {
  const { user } = useSessionState();
  return useWalletConfig(!(user?.is_guest ?? true)).data?.audience ?? 'school';
}

/** The wallet's words for this campus's audience. */
export function useWalletWords(): WalletWords {
  return walletWords(useWalletAudience());
}

/**
 * The wallet's data for the signed-in account: chain settings, the linked address, holdings
 * (read from the chain by the server) and the catalogue; and linking a wallet by signing in.
 * A screen that shows no holdings or catalogue turns them off: every read is work for the chain
 * that the screen's own transaction would wait behind.
 */
export function useWallet({ holdings: wantHoldings = true, catalogue: wantCatalogue = true } = {}) {
  const store = useSessionStore();
  const client = useApi();
  const { user } = useSessionState();
  const queryClient = useQueryClient();
  const isGuest = user?.is_guest ?? true;
  const linked = linkedAddress(user);

  const config = useWalletConfig(!isGuest);
  const enabled = config.data?.enabled === true;
  const holdings = useQuery({
    queryKey: [...walletKeys.holdings, linked],
    queryFn: async () => (await client.call(WalletApi.holdings)).data,
    enabled: wantHoldings && enabled && linked !== null,
    retry: 1,
  });
  const catalogue = useQuery({
    queryKey: walletKeys.catalogue,
    queryFn: async () => (await client.call(WalletApi.catalogue)).data,
    enabled: wantCatalogue && enabled,
    staleTime: 60_000,
  });

  const [linkError, setLinkError] = useState<string | null>(null);

  /** Signs in with the wallet (SIWE) and keeps the answer in the session's user. */
  const { mutateAsync: linkWith, isPending: linking } = useMutation({
    mutationFn: (chain: WalletConfig) => {
      const server: LinkServer = {
        nonce: async () => (await client.call(WalletApi.nonce)).data,
        link: async (message, signature) =>
          (await client.call(WalletApi.link, { body: { message, signature } })).data,
      };
      return linkWallet(server, chain);
    },
    onSuccess: async (data) => {
      const current = store.getSnapshot().user;
      if (current) store.updateUser({ ...current, data: { ...current.data, ...data } });
      await queryClient.invalidateQueries({ queryKey: walletKeys.holdings });
    },
  });
  const link = useCallback(async (): Promise<WalletLink | null> => {
    if (!config.data || !store.getSnapshot().user) return null;
    setLinkError(null);
    try {
      return await linkWith(config.data);
    } catch (error) {
      setLinkError(failureText(error));
      return null;
    }
  }, [config.data, linkWith, store]);

  const { mutateAsync: unlinkAccount } = useMutation({
    mutationFn: () => client.call(WalletApi.unlink),
    onSuccess: () => {
      const current = store.getSnapshot().user;
      if (!current) return;
      const rest = { ...current.data };
      delete rest.address_account;
      delete rest.auth_data;
      store.updateUser({ ...current, data: rest });
    },
  });
  const unlink = useCallback(async () => {
    if (!store.getSnapshot().user) return;
    await unlinkAccount();
  }, [store, unlinkAccount]);

  /** Reads balances and items again (after a transaction). */
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: walletKeys.holdings }),
    [queryClient],
  );

  return {
    user,
    isGuest,
    linked,
    config,
    holdings,
    catalogue,
    link,
    linking,
    linkError,
    clearLinkError: () => setLinkError(null),
    unlink,
    refresh,
  };
}
export type WalletModel = ReturnType<typeof useWallet>;

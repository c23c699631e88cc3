import type { WalletLink } from '@atrium/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { ApiError } from '../../shared/api/client.ts';
import { useSessionState, useSessionStore } from '../../shared/session/SessionContext.tsx';
import { walletApi, walletKeys } from './walletApi.ts';
import { linkWallet, walletErrorMessage } from './walletClient.ts';
import { linkedAddress } from './walletSession.ts';

/** The server's words for an API failure, else the wallet's message. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return walletErrorMessage(error);
}

/**
 * The wallet's data for the signed-in account: chain settings, the linked address, holdings
 * (read from the chain by the server) and the catalogue; and linking a wallet by signing in.
 * A screen that shows no holdings or catalogue turns them off: every read is work for the chain
 * that the screen's own transaction would wait behind.
 */
export function useWallet({ holdings: wantHoldings = true, catalogue: wantCatalogue = true } = {}) {
  const store = useSessionStore();
  const { user } = useSessionState();
  const server = useMemo(() => walletApi(store.client), [store.client]);
  const queryClient = useQueryClient();
  const isGuest = user?.is_guest ?? true;
  const linked = linkedAddress(user);

  const config = useQuery({
    queryKey: walletKeys.config,
    queryFn: server.config,
    enabled: !isGuest,
    staleTime: 60_000,
  });
  const enabled = config.data?.enabled === true;
  const holdings = useQuery({
    queryKey: [...walletKeys.holdings, linked],
    queryFn: server.holdings,
    enabled: wantHoldings && enabled && linked !== null,
    retry: 1,
  });
  const catalogue = useQuery({
    queryKey: walletKeys.catalogue,
    queryFn: server.catalogue,
    enabled: wantCatalogue && enabled,
    staleTime: 60_000,
  });

  const [linking, setLinking] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(null);

  /** Signs in with the wallet (SIWE) and keeps the answer in the session's user. */
  const link = useCallback(async (): Promise<WalletLink | null> => {
    const current = store.getSnapshot().user;
    if (!config.data || !current) return null;
    setLinking(true);
    setLinkError(null);
    try {
      const data = await linkWallet(server, config.data);
      store.updateUser({ ...current, data: { ...current.data, ...data } });
      await queryClient.invalidateQueries({ queryKey: walletKeys.holdings });
      return data;
    } catch (error) {
      setLinkError(failureText(error));
      return null;
    } finally {
      setLinking(false);
    }
  }, [config.data, queryClient, server, store]);

  const unlink = useCallback(async () => {
    const current = store.getSnapshot().user;
    if (!current) return;
    await server.unlink();
    const rest = { ...current.data };
    delete rest.address_account;
    delete rest.auth_data;
    store.updateUser({ ...current, data: rest });
  }, [server, store]);

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

import { WalletApi, type WalletConfig } from '@atrium/protocol';
import type { ApiClient } from '../../shared/api/client.ts';

/** The server's wallet routes (`WalletApi`), typed; the answers' `data`. */
export function walletApi(client: ApiClient) {
  return {
    config: async (): Promise<WalletConfig> => (await client.call(WalletApi.config)).data,
    catalogue: async () => (await client.call(WalletApi.catalogue)).data,
    holdings: async () => (await client.call(WalletApi.holdings)).data,
    nonce: async () => (await client.call(WalletApi.nonce)).data,
    link: async (message: string, signature: string) =>
      (await client.call(WalletApi.link, { body: { message, signature } })).data,
    unlink: async () => client.call(WalletApi.unlink),
  };
}
export type WalletServer = ReturnType<typeof walletApi>;

/** React Query keys of the wallet's server data. */
export const walletKeys = {
  config: ['wallet', 'config'] as const,
  catalogue: ['wallet', 'catalogue'] as const,
  holdings: ['wallet', 'holdings'] as const,
};

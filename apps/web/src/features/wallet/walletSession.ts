import type { CurrentUser } from '@atrium/protocol';
import { onLogout } from '../../shared/auth/logoutHooks.ts';
import { createStore } from '../../shared/store.ts';

/** The EIP-1193 provider the browser's wallet injects (MetaMask and the like). */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
}

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

/** The injected provider, or null when the browser has no wallet. */
export function injectedProvider(): Eip1193Provider | null {
  const candidate = typeof window === 'undefined' ? undefined : window.ethereum;
  return candidate && typeof candidate.request === 'function' ? candidate : null;
}

/** What this tab knows of the wallet: the account it connected, once it did. */
export interface WalletSessionState {
  account: string | null;
}

/** The wallet's session in this tab (no viem here: this module ships with the navigation). */
export const walletSession = createStore<WalletSessionState>({ account: null });

/** The linked address in the user's `data` (SPEC §3 `address_account`), if any. */
export function linkedAddress(user: CurrentUser | null | undefined): string | null {
  const value = (user?.data as { address_account?: unknown } | undefined)?.address_account;
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * SPEC §4: logout also logs out of the wallet provider. The tab forgets the connected account,
 * and the wallet is asked to drop this site's permission (EIP-2255), where it supports that.
 */
export async function forgetWalletSession(user: CurrentUser | null): Promise<void> {
  const used = walletSession.get().account !== null || linkedAddress(user) !== null;
  walletSession.set({ account: null });
  const provider = injectedProvider();
  if (!provider || !used) return;
  try {
    await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] });
  } catch {
    // Older wallets have no revoke: the site forgets the account all the same.
  }
}

onLogout(forgetWalletSession);

// An EIP-1193 wallet injected into a page, the way MetaMask injects `window.ethereum`. The page's
// requests go to Node through `page.exposeFunction`; Node signs with a viem account (the local
// chain's funded demo key) and sends everything else to the app's own chain RPC (/api/chain/rpc),
// so the app under test talks to the real local chain through the real server.
import { DEV_ACCOUNTS } from '@atrium/chain';
import { WalletApi } from '@atrium/protocol';
import type { Page } from 'playwright-core';
import { createWalletClient, defineChain, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export interface InjectedWalletOptions {
  /** The app's origin; the wallet's RPC is `${baseURL}/api/chain/rpc`. */
  baseURL: string;
  /** Defaults to the demo wallet's key. */
  privateKey?: Hex;
  /** The chain the wallet is on at first (the local chain is 1337). */
  chainId?: number;
  /** The wallet refuses to switch networks (code 4001). */
  refuseSwitch?: boolean;
  /** The person denies every signature and transaction (code 4001). */
  rejectSignatures?: boolean;
}

export interface InjectedWallet {
  address: Hex;
  /** Every method the page asked, in order. */
  calls: string[];
  /** Reads the chain directly (through the app's RPC proxy). */
  rpc(method: string, params?: unknown[]): Promise<unknown>;
}

interface RpcError {
  code: number;
  message: string;
}
type Answer = { result: unknown } | { error: RpcError };

/** `window.ethereum` in the page: each request goes to Node through the exposed function. */
const PROVIDER_SCRIPT = `(() => {
  const provider = {
    isMetaMask: true,
    async request({ method, params }) {
      const answer = JSON.parse(await window.__atriumWalletRequest(JSON.stringify({ method, params })));
      if (answer.error) {
        throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
      }
      return answer.result;
    },
    on() {},
    removeListener() {},
  };
  Object.defineProperty(window, 'ethereum', { value: provider, configurable: true });
})();`;

const REJECTED: RpcError = { code: 4001, message: 'User rejected the request.' };

/** Installs `window.ethereum` in every document the page loads from now on. */
export async function injectWallet(
  page: Page,
  options: InjectedWalletOptions,
): Promise<InjectedWallet> {
  const account = privateKeyToAccount(options.privateKey ?? DEV_ACCOUNTS.demo.privateKey);
  const rpcUrl = `${options.baseURL}${WalletApi.rpc.path}`;
  const localChain = defineChain({
    id: 1337,
    name: 'Atrium local chain',
    nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const signer = createWalletClient({ account, chain: localChain, transport: http(rpcUrl) });
  let chainId = options.chainId ?? 1337;
  let nextId = 1;
  const calls: string[] = [];

  const rpc = async (method: string, params: unknown[] = []): Promise<Answer> => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: RpcError };
    return body.error ? { error: body.error } : { result: body.result ?? null };
  };

  const handle = async (method: string, params: unknown[]): Promise<Answer> => {
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return { result: [account.address] };
      case 'eth_chainId':
        return { result: `0x${chainId.toString(16)}` };
      case 'net_version':
        return { result: String(chainId) };
      case 'wallet_switchEthereumChain': {
        if (options.refuseSwitch) return { error: REJECTED };
        const wanted = (params[0] as { chainId: string }).chainId;
        chainId = Number(wanted);
        return { result: null };
      }
      case 'wallet_addEthereumChain':
        return options.refuseSwitch ? { error: REJECTED } : { result: null };
      case 'wallet_revokePermissions':
        return { result: null };
      case 'personal_sign': {
        if (options.rejectSignatures) return { error: REJECTED };
        const raw = params[0] as Hex;
        return { result: await account.signMessage({ message: { raw } }) };
      }
      case 'eth_sendTransaction': {
        if (options.rejectSignatures) return { error: REJECTED };
        if (chainId !== 1337) return { error: { code: -32000, message: 'wrong chain' } };
        const tx = params[0] as { to: Hex; data?: Hex; value?: Hex; gas?: Hex };
        const hash = await signer.sendTransaction({
          to: tx.to,
          ...(tx.data ? { data: tx.data } : {}),
          ...(tx.value ? { value: BigInt(tx.value) } : {}),
          ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
        });
        return { result: hash };
      }
      default:
        return rpc(method, params);
    }
  };

  await page.exposeFunction('__atriumWalletRequest', async (json: string) => {
    const { method, params } = JSON.parse(json) as { method: string; params?: unknown[] };
    calls.push(method);
    try {
      return JSON.stringify(await handle(method, params ?? []));
    } catch (error) {
      // Like a real wallet, a short message: viem's own messages run to pages.
      const viemError = error as { details?: string; shortMessage?: string; message?: string };
      const message = viemError.details || viemError.shortMessage || String(viemError.message);
      return JSON.stringify({ error: { code: -32603, message } });
    }
  });
  // A plain script, not a function: bundlers that add helpers (esbuild's `__name`) would break a
  // serialized function in the page.
  await page.addInitScript({ content: PROVIDER_SCRIPT });

  return {
    address: account.address,
    calls,
    async rpc(method, params) {
      const answer = await rpc(method, params);
      if ('error' in answer) throw new Error(answer.error.message);
      return answer.result;
    },
  };
}

/**
 * Waits until the app's chain answers: `npm start` serves at once and starts the embedded chain
 * in the background (the wallet's routes answer 503 until then).
 */
export async function waitForChain(baseURL: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`${baseURL}${WalletApi.catalogue.path}`)
      .then((r) => r.status)
      .catch(() => 0);
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`the chain did not come up (last status ${status})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

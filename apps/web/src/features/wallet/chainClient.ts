import { WalletText, type WalletConfig, type WalletLink } from '@atrium/protocol';
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  getAddress,
  type Address,
  type Chain,
  type Hash,
} from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { atriumItemsAbi } from './contract.ts';
import { WalletWebText } from './texts.ts';
import { injectedProvider, walletSession, type Eip1193Provider } from './walletSession.ts';

/** A failure the user should read as is (the spec's texts, or the wallet's own message). */
export class WalletError extends Error {
  override readonly name = 'WalletError';
}

/** EIP-1193: the user rejected the request. */
const USER_REJECTED = 4001;
/** EIP-3326: the wallet does not know the chain yet. */
const UNKNOWN_CHAIN = 4902;

function errorCode(error: unknown): number | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'number') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * SPEC §5: a denied confirmation says 'You rejected the confirmation.'; any other wallet error is
 * shown with its own message (viem's short one, or the contract's revert reason).
 */
export function walletErrorMessage(error: unknown): string {
  if (error instanceof WalletError) return error.message;
  if (errorCode(error) === USER_REJECTED) return WalletText.rejected;
  if (error instanceof BaseError) {
    const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (revert instanceof ContractFunctionRevertedError) {
      const reason = revert.reason ?? revert.data?.errorName;
      if (reason) return WalletWebText.reverted(tidy(reason));
    }
    const inner = error.walk() as { details?: string; shortMessage?: string };
    return tidy(inner.details || inner.shortMessage || error.shortMessage);
  }
  if (error instanceof Error && error.message) return tidy(error.message);
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? tidy(message) : WalletWebText.txFailed;
}

/** Wallets and nodes answer with pages of detail: the first line, cut to a readable length. */
function tidy(text: string): string {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '');
  if (!line) return WalletWebText.txFailed;
  return line.length > MESSAGE_MAX ? `${line.slice(0, MESSAGE_MAX - 1)}…` : line;
}
const MESSAGE_MAX = 200;

/** The provider, or SPEC §5's 'Please install MetaMask…' when the browser has none. */
export function requireProvider(): Eip1193Provider {
  const provider = injectedProvider();
  if (!provider) throw new WalletError(WalletText.noWallet);
  return provider;
}

/** The browser's JSON-RPC URL as an absolute address (the local chain's is our own proxy). */
function absoluteRpcUrl(config: WalletConfig): string {
  return new URL(config.rpc_url, window.location.origin).href;
}

/** viem's chain for the server's configuration. */
export function chainOf(config: WalletConfig): Chain {
  return defineChain({
    id: config.chain_id,
    name: config.chain_name,
    nativeCurrency: { name: config.native_symbol, symbol: config.native_symbol, decimals: 18 },
    rpcUrls: { default: { http: [absoluteRpcUrl(config)] } },
    ...(config.explorer_url
      ? { blockExplorers: { default: { name: 'Explorer', url: config.explorer_url } } }
      : {}),
  });
}

/** `eth_requestAccounts`: the wallet's current account (asks for permission the first time). */
export async function connect(provider: Eip1193Provider): Promise<Address> {
  const accounts = await provider.request({ method: 'eth_requestAccounts' });
  const first: unknown = Array.isArray(accounts) ? (accounts as unknown[])[0] : undefined;
  if (typeof first !== 'string') throw new WalletError(WalletWebText.txFailed);
  const account = getAddress(first);
  walletSession.set({ account });
  return account;
}

async function currentChainId(provider: Eip1193Provider): Promise<number> {
  return Number(await provider.request({ method: 'eth_chainId' }));
}

/**
 * Puts the wallet on the configured chain: `wallet_switchEthereumChain`, and when the wallet
 * does not know it, `wallet_addEthereumChain` with our RPC. Anything else is the wrong chain.
 */
export async function ensureChain(provider: Eip1193Provider, config: WalletConfig): Promise<void> {
  if ((await currentChainId(provider)) === config.chain_id) return;
  const chainId = `0x${config.chain_id.toString(16)}`;
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  } catch (error) {
    if (errorCode(error) !== UNKNOWN_CHAIN)
      throw new WalletError(WalletText.wrongChain(config.chain_name));
    try {
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId,
            chainName: config.chain_name,
            nativeCurrency: {
              name: config.native_symbol,
              symbol: config.native_symbol,
              decimals: 18,
            },
            rpcUrls: [absoluteRpcUrl(config)],
            ...(config.explorer_url ? { blockExplorerUrls: [config.explorer_url] } : {}),
          },
        ],
      });
      // Some wallets switch as they add; the others are asked again.
      if ((await currentChainId(provider)) !== config.chain_id) {
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
      }
    } catch {
      throw new WalletError(WalletText.wrongChain(config.chain_name));
    }
  }
  if ((await currentChainId(provider)) !== config.chain_id) {
    throw new WalletError(WalletText.wrongChain(config.chain_name));
  }
}

/** The server's half of linking a wallet: a nonce to sign, then the signed message to check. */
export interface LinkServer {
  nonce(): Promise<{ nonce: string }>;
  link(message: string, signature: string): Promise<WalletLink>;
}

/**
 * Sign-In with Ethereum (EIP-4361): the server's nonce, a message for this site signed with
 * `personal_sign`, and the server checks it and links the address to the account.
 */
export async function linkWallet(server: LinkServer, config: WalletConfig): Promise<WalletLink> {
  const provider = requireProvider();
  const account = await connect(provider);
  await ensureChain(provider, config);
  const { nonce } = await server.nonce();
  const message = createSiweMessage({
    domain: window.location.host,
    uri: window.location.origin,
    statement: WalletText.signInStatement,
    address: account,
    chainId: config.chain_id,
    nonce,
    version: '1',
    issuedAt: new Date(),
  });
  const wallet = createWalletClient({ account, transport: custom(provider) });
  const signature = await wallet.signMessage({ account, message });
  return server.link(message, signature);
}

/** A contract call the wallet can send. */
export type ItemCall =
  | { fn: 'buyItem'; id: number; amount: number }
  | { fn: 'meltItem'; id: number; amount: number }
  | { fn: 'freeGetItem'; id: number }
  | { fn: 'mintAvatar'; id: number };

/** What a transaction does, step by step, for the pending state. */
export type TxStep = { step: 'wallet' } | { step: 'confirming'; hash: Hash };

interface Prepared {
  provider: Eip1193Provider;
  account: Address;
  chain: Chain;
}

/** Connects, checks the account is the linked one, and puts the wallet on our chain. */
async function prepare(config: WalletConfig, linked: string | null): Promise<Prepared> {
  if (!config.enabled) throw new WalletError(WalletText.walletOff);
  const provider = requireProvider();
  const account = await connect(provider);
  if (!linked) throw new WalletError(WalletText.notLinked);
  if (account.toLowerCase() !== linked.toLowerCase()) {
    throw new WalletError(WalletWebText.otherAccount(linked));
  }
  await ensureChain(provider, config);
  return { provider, account, chain: chainOf(config) };
}

/** Waits for the receipt; a reverted transaction is a failure with its hash. */
async function confirm(prepared: Prepared, hash: Hash): Promise<Hash> {
  const reader = createPublicClient({
    chain: prepared.chain,
    transport: custom(prepared.provider),
  });
  // An instant-mining chain (the local one) has it at once: ask before polling for blocks.
  const receipt =
    (await reader.getTransactionReceipt({ hash }).catch(() => null)) ??
    (await reader.waitForTransactionReceipt({ hash, pollingInterval: 250 }));
  if (receipt.status !== 'success') throw new WalletError(WalletWebText.txFailed);
  return hash;
}

/** Sends one of the contract's item calls and waits until the chain has it. */
export async function sendItemCall(
  config: WalletConfig,
  linked: string | null,
  call: ItemCall,
  onStep: (step: TxStep) => void,
): Promise<Hash> {
  onStep({ step: 'wallet' });
  const prepared = await prepare(config, linked);
  if (!config.contract_address) throw new WalletError(WalletText.walletOff);
  const wallet = createWalletClient({
    account: prepared.account,
    chain: prepared.chain,
    transport: custom(prepared.provider),
  });
  const address = getAddress(config.contract_address);
  const id = BigInt(call.id);
  const hash =
    call.fn === 'buyItem' || call.fn === 'meltItem'
      ? await wallet.writeContract({
          address,
          abi: atriumItemsAbi,
          functionName: call.fn,
          args: [id, BigInt(call.amount)],
        })
      : await wallet.writeContract({
          address,
          abi: atriumItemsAbi,
          functionName: call.fn,
          args: [id],
        });
  onStep({ step: 'confirming', hash });
  return confirm(prepared, hash);
}

/** A native coin transfer (SPEC §7 "native coin transfer"), confirmed on the chain. */
export async function sendNative(
  config: WalletConfig,
  linked: string | null,
  to: Address,
  value: bigint,
  onStep: (step: TxStep) => void,
): Promise<Hash> {
  onStep({ step: 'wallet' });
  const prepared = await prepare(config, linked);
  const wallet = createWalletClient({
    account: prepared.account,
    chain: prepared.chain,
    transport: custom(prepared.provider),
  });
  const hash = await wallet.sendTransaction({ to, value });
  onStep({ step: 'confirming', hash });
  return confirm(prepared, hash);
}

/** The explorer's page of a transaction, when the chain has an explorer. */
export function explorerTxUrl(config: WalletConfig, hash: string): string | null {
  return config.explorer_url ? `${config.explorer_url.replace(/\/$/, '')}/tx/${hash}` : null;
}

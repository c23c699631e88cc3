import { CHAINS } from '@atrium/protocol';
import type { KnownChainId } from '@atrium/protocol';
import { createPublicClient, defineChain, http } from 'viem';
import type { Address, PublicClient } from 'viem';
import type { Config } from '../config/config.ts';

/**
 * The chain the wallet works on, once it can be reached: the embedded local chain (WALLET=local,
 * started by `main.ts` in the background) or a public one such as Polygon Amoy (WALLET=remote).
 */
export interface ChainConnection {
  readonly kind: 'local' | 'remote';
  readonly chainId: number;
  /** The upstream JSON-RPC the server reads from; for the local chain, what the proxy forwards to. */
  readonly rpcUrl: string;
  readonly contractAddress: Address;
  /** SPEC §3's developer address: the contract's deployer and owner, when known. */
  readonly developerAddress: Address | null;
  readonly client: PublicClient;
}

/** The chain as it stands now: null while the local chain starts, or for good when it failed. */
export type ChainAccess = () => ChainConnection | null;

/** A viem chain for an id of the chain table (SPEC §9), or a bare one for another id. */
export function chainDefinition(chainId: number, rpcUrl: string) {
  const known = CHAINS[chainId as KnownChainId] as (typeof CHAINS)[KnownChainId] | undefined;
  return defineChain({
    id: chainId,
    name: known?.name ?? `Chain ${chainId}`,
    nativeCurrency: { name: known?.native ?? 'ETH', symbol: known?.native ?? 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

/** A read client for a chain; requests time out rather than hold a route for long. */
export function connectChain(options: {
  kind: 'local' | 'remote';
  chainId: number;
  rpcUrl: string;
  contractAddress: Address;
  developerAddress: Address | null;
}): ChainConnection {
  const client = createPublicClient({
    chain: chainDefinition(options.chainId, options.rpcUrl),
    transport: http(options.rpcUrl, { timeout: 10_000, retryCount: 1 }),
  });
  return { ...options, client };
}

/** The remote chain of WALLET=remote (the config check made sure every part is set). */
export function remoteChain(config: Config): ChainConnection | null {
  if (
    config.WALLET !== 'remote' ||
    !config.CHAIN_RPC_URL ||
    !config.CHAIN_ID ||
    !config.CHAIN_CONTRACT_ADDRESS
  ) {
    return null;
  }
  return connectChain({
    kind: 'remote',
    chainId: config.CHAIN_ID,
    rpcUrl: config.CHAIN_RPC_URL,
    contractAddress: config.CHAIN_CONTRACT_ADDRESS as Address,
    developerAddress: null,
  });
}

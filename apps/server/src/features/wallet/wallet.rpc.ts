import { WalletText } from '@atrium/protocol';
import type { WalletAudience } from '@atrium/protocol';
import { isHex, parseTransaction, type Address } from 'viem';
import type { ChainConnection } from '../../chain/chain.ts';

/**
 * What the browser may ask the local chain: reads, fee data and transactions it signed itself.
 * Never methods that use the chain's unlocked dev keys (eth_sendTransaction, eth_sign,
 * personal_*), nor the test-chain controls (evm_*, miner_*, debug_*).
 */
export const RPC_ALLOWED_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'net_version',
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBalance',
  'eth_getCode',
  'eth_getTransactionCount',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getLogs',
  'eth_sendRawTransaction',
]);

/** JSON-RPC error codes (EIP-1474). */
const METHOD_NOT_ALLOWED = -32601;
const RESOURCE_UNAVAILABLE = -32002;
const TRANSACTION_REJECTED = -32003;

interface RpcRequest {
  jsonrpc: '2.0';
  id?: number | string | null | undefined;
  method: string;
  params?: unknown[] | undefined;
}

const failure = (id: RpcRequest['id'], code: number, message: string) => ({
  jsonrpc: '2.0' as const,
  id: id ?? null,
  error: { code, message },
});

const UPSTREAM_TIMEOUT_MS = 15_000;

/**
 * Whether a school may send this: anything but a signed transaction, or one that calls the item
 * contract and carries no native coin. A native transfer to another address (issue 27) is not.
 */
export function schoolMaySend(request: RpcRequest, contract: Address): boolean {
  if (request.method !== 'eth_sendRawTransaction') return true;
  const raw = request.params?.[0];
  if (typeof raw !== 'string' || !isHex(raw)) return false;
  try {
    const tx = parseTransaction(raw);
    return tx.to?.toLowerCase() === contract.toLowerCase() && (tx.value ?? 0n) === 0n;
  } catch {
    return false;
  }
}

async function forward(chain: ChainConnection, request: RpcRequest): Promise<unknown> {
  const res = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: request.id ?? null,
      method: request.method,
      params: request.params ?? [],
    }),
    signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`chain answered HTTP ${res.status}`);
  return res.json();
}

/**
 * Answers one JSON-RPC request or a batch for the local chain: allowed methods are forwarded,
 * others get a JSON-RPC error with `WalletText.rpcMethodDenied`; at a school (`audience`, asked
 * only when a signed transaction comes), a transaction other than an item contract call gets
 * `WalletText.schoolMode`. HTTP 503 when the chain is not (yet) running.
 */
export async function proxyChainRpc(
  chain: ChainConnection | null,
  body: RpcRequest | RpcRequest[],
  audience: () => Promise<WalletAudience>,
): Promise<{ status: number; body: unknown }> {
  const requests = Array.isArray(body) ? body : [body];
  if (!chain) {
    const answers = requests.map((r) =>
      failure(r.id, RESOURCE_UNAVAILABLE, WalletText.chainUnavailable),
    );
    return { status: 503, body: Array.isArray(body) ? answers : answers[0] };
  }
  const answers = await Promise.all(
    requests.map(async (request) => {
      if (!RPC_ALLOWED_METHODS.has(request.method)) {
        return failure(request.id, METHOD_NOT_ALLOWED, WalletText.rpcMethodDenied);
      }
      if (!schoolMaySend(request, chain.contractAddress) && (await audience()) === 'school') {
        return failure(request.id, TRANSACTION_REJECTED, WalletText.schoolMode);
      }
      try {
        return await forward(chain, request);
      } catch {
        return failure(request.id, RESOURCE_UNAVAILABLE, WalletText.chainUnavailable);
      }
    }),
  );
  return { status: 200, body: Array.isArray(body) ? answers : answers[0] };
}

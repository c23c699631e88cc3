import { WalletText } from '@atrium/protocol';
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
 * others get a JSON-RPC error with `WalletText.rpcMethodDenied`. HTTP 503 when the chain is not
 * (yet) running.
 */
export async function proxyChainRpc(
  chain: ChainConnection | null,
  body: RpcRequest | RpcRequest[],
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
      try {
        return await forward(chain, request);
      } catch {
        return failure(request.id, RESOURCE_UNAVAILABLE, WalletText.chainUnavailable);
      }
    }),
  );
  return { status: 200, body: Array.isArray(body) ? answers : answers[0] };
}

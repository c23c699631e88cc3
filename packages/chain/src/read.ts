import {
  BaseError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { COIN_ID } from './constants.ts';
import { atriumItemsAbi } from './generated/atrium-items.ts';

/** What the reads need of a viem public client. */
export type ChainReader = Pick<PublicClient, 'readContract' | 'getBalance'>;

export interface ChainItem {
  id: number;
  price: bigint;
  meltValue: bigint;
  category: number;
  avatar: boolean;
  free: boolean;
}

export interface Holdings {
  /** Native coin (ETH on the local chain, POL on Amoy), in wei. */
  native: bigint;
  /** Coins (token id 7), 18 decimals. */
  coins: bigint;
  /** Every listed item the account holds (the NFT lookup), amounts > 0. */
  items: Array<{ id: number; amount: bigint }>;
}

/** The account's native balance, coins and items, read from the chain. */
export async function readHoldings(
  client: ChainReader,
  contract: Address,
  account: Address,
): Promise<Holdings> {
  const [native, coins, [ids, amounts]] = await Promise.all([
    client.getBalance({ address: account }),
    client.readContract({
      address: contract,
      abi: atriumItemsAbi,
      functionName: 'balanceOf',
      args: [account, COIN_ID],
    }),
    client.readContract({
      address: contract,
      abi: atriumItemsAbi,
      functionName: 'itemsOf',
      args: [account],
    }),
  ]);
  return {
    native,
    coins,
    items: ids.map((id, i) => ({ id: Number(id), amount: amounts[i] ?? 0n })),
  };
}

/** Every item listed on the contract, in listing order. */
export async function readCatalogue(client: ChainReader, contract: Address): Promise<ChainItem[]> {
  const ids = await client.readContract({
    address: contract,
    abi: atriumItemsAbi,
    functionName: 'itemIds',
  });
  return Promise.all(
    ids.map(async (id) => {
      const [price, meltValue, category, avatar, free] = await client.readContract({
        address: contract,
        abi: atriumItemsAbi,
        functionName: 'item',
        args: [id],
      });
      return { id: Number(id), price, meltValue, category, avatar, free };
    }),
  );
}

/** A decoded revert of the contract: its custom error's name and arguments. */
export interface ChainErrorDetails {
  errorName: string;
  args: readonly unknown[];
}

/**
 * The contract's custom error (with its arguments) behind a viem error, when there is one: from
 * viem's own decoding, or from revert data anywhere in the error's causes (ganache answers a
 * reverted call with code -32000, which viem does not read as a revert).
 */
export function chainErrorOf(err: unknown): ChainErrorDetails | undefined {
  if (err instanceof BaseError) {
    const reverted = err.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName) {
      return { errorName: reverted.data.errorName, args: reverted.data.args ?? [] };
    }
  }
  const data = findRevertData(err);
  if (!data) return undefined;
  try {
    const decoded = decodeErrorResult({ abi: atriumItemsAbi, data });
    return { errorName: decoded.errorName, args: decoded.args ?? [] };
  } catch {
    return undefined; // Not one of the contract's errors.
  }
}

/**
 * The contract's custom error name (`InsufficientCoins`, `AlreadyTaken`, OpenZeppelin's
 * `ERC1155InsufficientBalance`, ...) from a viem error, or, when there is none, the error's short
 * message.
 */
export function decodeChainError(err: unknown): string {
  const details = chainErrorOf(err);
  if (details) return details.errorName;
  if (err instanceof BaseError) return err.shortMessage;
  if (err instanceof Error) return err.message;
  return String(err);
}

/** Revert data (a 4-byte selector or more) somewhere in an error's chain of causes. */
function findRevertData(err: unknown): Hex | undefined {
  let current: unknown = err;
  for (let depth = 0; current && typeof current === 'object' && depth < 10; depth++) {
    const { data, cause } = current as { data?: unknown; cause?: unknown };
    // A hex string (eth_call), or an object holding it: `{ data }` (most nodes) or `{ result }`
    // (ganache's eth_estimateGas).
    const nested = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
    for (const candidate of [data, nested.data, nested.result]) {
      if (typeof candidate === 'string' && /^0x[0-9a-fA-F]{8,}$/.test(candidate)) {
        return candidate as Hex;
      }
    }
    current = cause;
  }
  return undefined;
}

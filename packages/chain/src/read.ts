import {
  BaseError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
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

const COIN = 7n;

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
      args: [account, COIN],
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

/**
 * The contract's custom error name (`InsufficientCoins`, `AlreadyTaken`, OpenZeppelin's
 * `ERC1155InsufficientBalance`, ...) from a viem error, or, when there is none, the error's short
 * message.
 */
export function decodeChainError(err: unknown): string {
  if (err instanceof BaseError) {
    const reverted = err.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName) {
      return reverted.data.errorName;
    }
  }
  const data = findRevertData(err);
  if (data) {
    try {
      return decodeErrorResult({ abi: atriumItemsAbi, data }).errorName;
    } catch {
      // Not one of the contract's errors: fall through to the message.
    }
  }
  if (err instanceof BaseError) return err.shortMessage;
  if (err instanceof Error) return err.message;
  return String(err);
}

/** Revert data (a 4-byte selector or more) somewhere in an error's chain of causes. */
function findRevertData(err: unknown): Hex | undefined {
  let current: unknown = err;
  for (let depth = 0; current && typeof current === 'object' && depth < 10; depth++) {
    const { data, cause } = current as { data?: unknown; cause?: unknown };
    const candidate =
      typeof data === 'string'
        ? data
        : data && typeof data === 'object' && typeof (data as { data?: unknown }).data === 'string'
          ? (data as { data: string }).data
          : undefined;
    if (candidate && /^0x[0-9a-fA-F]{8,}$/.test(candidate)) return candidate as Hex;
    current = cause;
  }
  return undefined;
}

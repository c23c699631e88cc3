import { CATALOGUE, COIN_TOKEN_ID, ItemCategory } from '@atrium/protocol';
import type { CatalogueItem, ItemCategoryName, OwnedItem, WalletHoldings } from '@atrium/protocol';
import { parseAbi, parseUnits } from 'viem';
import type { Address } from 'viem';
import type { ChainConnection } from './chain.ts';

/** The views of AtriumItems the server reads (a subset of `@atrium/chain`'s ABI). */
export const itemsReadAbi = parseAbi([
  'function item(uint256 id) view returns (uint256 price, uint256 meltValue, uint8 category, bool avatar, bool free, bool listed)',
  'function itemIds() view returns (uint256[])',
  'function itemsOf(address account) view returns (uint256[] ids, uint256[] amounts)',
  'function balanceOf(address account, uint256 id) view returns (uint256)',
  'function owner() view returns (address)',
]);

/** One item as the contract lists it; amounts in coin base units (18 decimals). */
export interface ChainItem {
  id: number;
  price: bigint;
  meltValue: bigint;
  category: number;
  avatar: boolean;
  free: boolean;
}

const categoryNames = Object.fromEntries(
  Object.entries(ItemCategory).map(([name, value]) => [value, name]),
) as Record<number, ItemCategoryName>;

/** The catalogue entry for an id, or a placeholder for an item listed on the chain only. */
function describe(id: number, onChain: ChainItem | undefined): CatalogueItem {
  const known = CATALOGUE.find((item) => item.id === id);
  if (known) return known;
  return {
    id,
    name: `Item #${id}`,
    description: '',
    category: categoryNames[onChain?.category ?? -1] ?? 'collectible',
    price: 0,
    meltValue: 0,
    free: false,
  };
}

/** Every listed item of the contract, with its on-chain price, melt value and flags. */
export async function readChainItems(chain: ChainConnection): Promise<ChainItem[]> {
  const { client, contractAddress: address } = chain;
  const ids = await client.readContract({ address, abi: itemsReadAbi, functionName: 'itemIds' });
  const items = await Promise.all(
    ids.map((id) =>
      client.readContract({ address, abi: itemsReadAbi, functionName: 'item', args: [id] }),
    ),
  );
  return ids
    .map((id, i) => {
      const [price, meltValue, category, avatar, free, listed] = items[i]!;
      return { id: Number(id), price, meltValue, category, avatar, free, listed };
    })
    .filter((item) => item.listed && item.id !== COIN_TOKEN_ID)
    .map(({ listed: _listed, ...item }) => item);
}

/** A catalogue entry of the wallet API: our names and texts, the chain's numbers. */
export function toOwnedItem(item: ChainItem, amount: bigint): OwnedItem {
  const known = describe(item.id, item);
  return {
    id: item.id,
    amount: amount.toString(),
    name: known.name,
    description: known.description,
    category: categoryNames[item.category] ?? known.category,
    price: item.price.toString(),
    melt_value: item.meltValue.toString(),
    unlocks_look: known.unlocksLook ?? null,
  };
}

/** The holdings of an address: native balance, coins, and the items and avatars it owns. */
export async function readHoldings(
  chain: ChainConnection,
  account: Address,
): Promise<WalletHoldings> {
  const { client, contractAddress: address } = chain;
  const [nativeBalance, coins, [ids, amounts], items] = await Promise.all([
    client.getBalance({ address: account }),
    client.readContract({
      address,
      abi: itemsReadAbi,
      functionName: 'balanceOf',
      args: [account, BigInt(COIN_TOKEN_ID)],
    }),
    client.readContract({ address, abi: itemsReadAbi, functionName: 'itemsOf', args: [account] }),
    readChainItems(chain),
  ]);
  const byId = new Map(items.map((item) => [item.id, item]));
  const owned = ids.flatMap((id, i) => {
    const item = byId.get(Number(id));
    return item && Number(id) !== COIN_TOKEN_ID ? [{ item, amount: amounts[i]! }] : [];
  });
  return {
    address: account,
    native_balance: nativeBalance.toString(),
    coin_balance: coins.toString(),
    items: owned
      .filter(({ item }) => !item.avatar)
      .map(({ item, amount }) => toOwnedItem(item, amount)),
    avatars: owned
      .filter(({ item }) => item.avatar)
      .map(({ item, amount }) => toOwnedItem(item, amount)),
  };
}

/** The avatar token ids an address owns. */
export async function readOwnedAvatarIds(
  chain: ChainConnection,
  account: Address,
): Promise<number[]> {
  const holdings = await readHoldings(chain, account);
  return holdings.avatars.map((avatar) => avatar.id);
}

/** The contract's owner (SPEC §3 developer address). */
export function readOwner(chain: ChainConnection): Promise<Address> {
  return chain.client.readContract({
    address: chain.contractAddress,
    abi: itemsReadAbi,
    functionName: 'owner',
  });
}

/** The protocol catalogue as the contract's `setItem` takes it (coin amounts times 10^18). */
export function catalogueForChain(): ChainItem[] {
  return CATALOGUE.map((item) => ({
    id: item.id,
    price: parseUnits(String(item.price), 18),
    meltValue: parseUnits(String(item.meltValue), 18),
    category: ItemCategory[item.category],
    avatar: item.category === 'avatar',
    free: item.free,
  }));
}

import { CATALOGUE, COIN_TOKEN_ID, ItemCategory, WalletApi } from '@atrium/protocol';
import type {
  CatalogueEntry,
  CatalogueItem,
  ItemCategoryName,
  OwnedItem,
  WalletHoldings,
} from '@atrium/protocol';
import { atriumItemsAbi, readCatalogue, readHoldings as readChainHoldings } from '@atrium/chain';
import type { ChainItem } from '@atrium/chain';
import { parseUnits } from 'viem';
import type { Address } from 'viem';
import type { ChainConnection } from './chain.ts';

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

/** Every item listed on the contract except the coin, with its on-chain numbers. */
export async function readChainItems(chain: ChainConnection): Promise<ChainItem[]> {
  const items = await readCatalogue(chain.client, chain.contractAddress);
  return items.filter((item) => item.id !== COIN_TOKEN_ID);
}

/** A catalogue entry of the wallet API: our names and texts, the chain's numbers. */
export function toCatalogueEntry(item: ChainItem): CatalogueEntry {
  return { ...itemFields(item), free: item.free };
}

/** An owned item: its catalogue fields and the amount held (a decimal string). */
export function toOwnedItem(item: ChainItem, amount: bigint): OwnedItem {
  return { ...itemFields(item), amount: amount.toString() };
}

function itemFields(item: ChainItem): Omit<OwnedItem, 'amount'> {
  const known = describe(item.id, item);
  return {
    id: item.id,
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
  const [holdings, items] = await Promise.all([
    readChainHoldings(chain.client, chain.contractAddress, account),
    readChainItems(chain),
  ]);
  const byId = new Map(items.map((item) => [item.id, item]));
  const owned = holdings.items.flatMap(({ id, amount }) => {
    const item = byId.get(id);
    return item ? [{ item, amount }] : [];
  });
  return {
    address: account,
    native_balance: holdings.native.toString(),
    coin_balance: holdings.coins.toString(),
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
    abi: atriumItemsAbi,
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

/**
 * The contract's metadata URLs on this site: items by ERC-1155's `{id}` (which wallets replace
 * with 64 hex digits), the coin by its own URL.
 */
export function metadataUris(publicUrl: string): { itemUri: string; coinUri: string } {
  const base = `${publicUrl}${WalletApi.metadata.path}`;
  return {
    itemUri: base.replace(':id', '{id}'),
    coinUri: base.replace(':id', String(COIN_TOKEN_ID)),
  };
}

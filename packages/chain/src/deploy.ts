import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  isAddress,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { atriumItemsAbi, atriumItemsBytecode } from './generated/atrium-items.ts';
import type { ChainItem } from './read.ts';

export type CatalogueEntry = ChainItem;

export interface DeployOptions {
  rpcUrl: string;
  /** The owner's key: it deploys, lists the items and mints the coins. */
  deployerKey: Hex;
  /** The ERC-1155 metadata URL for items (`{id}` is replaced by the client). */
  itemUri: string;
  /** The coin's (token id 7) metadata URL. */
  coinUri: string;
  /** Prices and melt values in coin units, 18 decimals. */
  catalogue: CatalogueEntry[];
  /** Coins minted to each address when the contract is deployed (not on reuse). */
  fund: Array<{ address: Address; coins: bigint }>;
  /** JSON file remembering the deployment, e.g. `<dataDir>/chain/deployment.json`. */
  stateFile?: string;
}

export interface Deployment {
  contractAddress: Address;
  /** true when this call deployed the contract, false when it reused the one in `stateFile`. */
  deployed: boolean;
}

interface StateFile {
  contractAddress: Address;
  chainId: number;
}

/**
 * Deploys AtriumItems, lists the catalogue and funds the given addresses, or, when `stateFile`
 * names a contract that is on this chain, reuses it and lists any catalogue item that is missing or
 * differs (idempotent).
 */
export async function deployAndSeed(options: DeployOptions): Promise<Deployment> {
  const account = privateKeyToAccount(options.deployerKey);
  const transport = http(options.rpcUrl);
  const publicClient = createPublicClient({ transport });
  const walletClient = createWalletClient({ account, transport });
  const chainId = await publicClient.getChainId();
  // Without a chain object, viem asks the node for the chain id on every write; give it once.
  const chain = {
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  } as const;

  const wait = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`Transaction ${hash} reverted`);
    return receipt;
  };

  const listItems = async (contractAddress: Address) => {
    for (const entry of options.catalogue) {
      const [price, meltValue, category, avatar, free, listed] = await publicClient.readContract({
        address: contractAddress,
        abi: atriumItemsAbi,
        functionName: 'item',
        args: [BigInt(entry.id)],
      });
      const same =
        listed &&
        price === entry.price &&
        meltValue === entry.meltValue &&
        category === entry.category &&
        avatar === entry.avatar &&
        free === entry.free;
      if (same) continue;
      await wait(
        await walletClient.writeContract({
          chain,
          address: contractAddress,
          abi: atriumItemsAbi,
          functionName: 'setItem',
          args: [
            BigInt(entry.id),
            entry.price,
            entry.meltValue,
            entry.category,
            entry.avatar,
            entry.free,
          ],
        }),
      );
    }
  };

  const previous = options.stateFile ? readState(options.stateFile) : undefined;
  if (previous && previous.chainId === chainId) {
    const code = await publicClient.getCode({ address: previous.contractAddress });
    if (code && code !== '0x') {
      await listItems(previous.contractAddress);
      return { contractAddress: previous.contractAddress, deployed: false };
    }
  }

  const receipt = await wait(
    await walletClient.deployContract({
      chain,
      abi: atriumItemsAbi,
      bytecode: atriumItemsBytecode,
      args: [account.address, options.itemUri, options.coinUri],
    }),
  );
  if (!receipt.contractAddress) throw new Error('The deployment receipt has no contract address');
  const contractAddress = getAddress(receipt.contractAddress);
  await listItems(contractAddress);
  for (const { address, coins } of options.fund) {
    if (coins <= 0n) continue;
    await wait(
      await walletClient.writeContract({
        chain,
        address: contractAddress,
        abi: atriumItemsAbi,
        functionName: 'mintCoins',
        args: [address, coins],
      }),
    );
  }
  if (options.stateFile) {
    mkdirSync(dirname(options.stateFile), { recursive: true });
    const state: StateFile = { contractAddress, chainId };
    writeFileSync(options.stateFile, `${JSON.stringify(state, null, 2)}\n`);
  }
  return { contractAddress, deployed: true };
}

function readState(file: string): StateFile | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<StateFile>;
    if (typeof parsed.contractAddress !== 'string' || !isAddress(parsed.contractAddress)) {
      return undefined;
    }
    if (typeof parsed.chainId !== 'number') return undefined;
    return { contractAddress: getAddress(parsed.contractAddress), chainId: parsed.chainId };
  } catch {
    return undefined;
  }
}

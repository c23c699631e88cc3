import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DEV_ACCOUNTS, deployAndSeed, startLocalChain } from '@atrium/chain';
import { parseUnits } from 'viem';
import type { Address } from 'viem';
import type { Config } from '../config/config.ts';
import { connectChain } from './chain.ts';
import type { ChainConnection } from './chain.ts';
import { catalogueForChain, metadataUris } from './reader.ts';

/** Coins the demo wallet starts with on a new local chain. */
export const DEMO_WALLET_COINS = 500;

export interface LocalChain {
  connection: ChainConnection;
  /** The funded demo wallet (its key is ganache's well-known dev key: never use it elsewhere). */
  demoAddress: Address;
  deployed: boolean;
  close(): Promise<void>;
}

interface ChainLog {
  debug(obj: object, msg?: string): void;
}

/**
 * The embedded dev chain of WALLET=local: ganache in this process with its state under
 * DATA_DIR/chain, the contract deployed and seeded with the catalogue on the first start, and the
 * demo wallet funded. Later starts find the contract in the state file.
 */
export async function startEmbeddedChain(config: Config, log?: ChainLog): Promise<LocalChain> {
  const dataDir = path.join(config.dataDir, 'chain');
  await mkdir(dataDir, { recursive: true });
  // ganache keeps its state under DATA_DIR/chain/db.
  const chain = await startLocalChain({
    dataDir: config.dataDir,
    ...(log ? { log: (line: string) => log.debug({ chain: line }, 'local chain') } : {}),
  });
  try {
    const { contractAddress, deployed } = await deployAndSeed({
      rpcUrl: chain.rpcUrl,
      deployerKey: DEV_ACCOUNTS.deployer.privateKey,
      ...metadataUris(config.publicUrl),
      catalogue: catalogueForChain(),
      fund: [
        {
          address: DEV_ACCOUNTS.demo.address,
          coins: parseUnits(String(DEMO_WALLET_COINS), 18),
        },
      ],
      stateFile: path.join(dataDir, 'deployment.json'),
    });
    return {
      connection: connectChain({
        kind: 'local',
        chainId: chain.chainId,
        rpcUrl: chain.rpcUrl,
        contractAddress,
        developerAddress: DEV_ACCOUNTS.deployer.address,
      }),
      demoAddress: DEV_ACCOUNTS.demo.address,
      deployed,
      close: () => chain.close(),
    };
  } catch (err) {
    await chain.close();
    throw err;
  }
}

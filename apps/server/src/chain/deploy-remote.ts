import path from 'node:path';
import { deployAndSeed } from '@atrium/chain';
import type { Deployment } from '@atrium/chain';
import { createPublicClient, http, isHex } from 'viem';
import type { Config } from '../config/config.ts';
import { catalogueForChain, metadataUris } from './reader.ts';

/**
 * `npm run admin -- deploy-contract`: deploys AtriumItems to a public chain (Polygon Amoy) with
 * the operator's key, lists the catalogue, and remembers the deployment under DATA_DIR/chain so a
 * second run only updates listings. No coins are minted (the owner mints them later).
 */
export async function deployToChain(
  config: Config,
  options: { rpcUrl: string; deployerKey: string },
): Promise<Deployment & { chainId: number }> {
  const key = options.deployerKey.trim();
  if (!isHex(key) || key.length !== 66) {
    throw new Error('The deployer key must be a 0x private key of 64 hex digits.');
  }
  const chainId = await createPublicClient({ transport: http(options.rpcUrl) }).getChainId();
  const deployment = await deployAndSeed({
    rpcUrl: options.rpcUrl,
    deployerKey: key,
    ...metadataUris(config.publicUrl),
    catalogue: catalogueForChain(),
    fund: [],
    stateFile: path.join(config.dataDir, 'chain', `deployment-${chainId}.json`),
  });
  return { ...deployment, chainId };
}

import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { atriumItemsAbi, DEV_ACCOUNTS, startLocalChain } from '@atrium/chain';
import type { LocalChain } from '@atrium/chain';
import { WalletApi } from '@atrium/protocol';
import { createPublicClient, http, parseUnits } from 'viem';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUp } from '../paths.ts';

const root = path.dirname(findUp('package-lock.json') as string);
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const script = path.join(root, 'apps/server/src/cli/admin.ts');

// The Amoy deployment path, against a real chain that stands in for Amoy (ganache, chain 1337).
describe('npm run admin -- deploy-contract', () => {
  let dataDir: string;
  let chainDir: string;
  let chain: LocalChain;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-deploy-'));
    chainDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-deploy-chain-'));
    chain = await startLocalChain({ dataDir: chainDir });
  }, 60_000);
  afterAll(async () => {
    await chain?.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(chainDir, { recursive: true, force: true });
  });

  const admin = (args: string[], stdin: string) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        tsx,
        [script, ...args],
        {
          env: { PATH: process.env.PATH, DATA_DIR: dataDir, PUBLIC_URL: 'https://campus.test' },
          cwd: root,
        },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end(stdin);
    });

  it('deploys with the key from stdin, lists the catalogue, and reuses the contract next time', async () => {
    const first = await admin(
      ['deploy-contract', '--rpc-url', chain.rpcUrl],
      `${DEV_ACCOUNTS.deployer.privateKey}\n`,
    );
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const address = /Deployed AtriumItems at (0x[0-9a-fA-F]{40}) on chain 1337/.exec(
      first.stdout,
    )?.[1] as Address | undefined;
    expect(address, first.stdout).toBeDefined();
    expect(first.stdout).toContain(`CHAIN_CONTRACT_ADDRESS=${address}`);
    expect(first.stdout).toContain('CHAIN_ID=1337');

    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    const [price] = await client.readContract({
      address: address!,
      abi: atriumItemsAbi,
      functionName: 'item',
      args: [101n],
    });
    expect(price).toBe(parseUnits('25', 18));
    const coinUri = await client.readContract({
      address: address!,
      abi: atriumItemsAbi,
      functionName: 'uri',
      args: [7n],
    });
    expect(coinUri).toBe(`https://campus.test${WalletApi.metadata.path.replace(':id', '7')}`);

    const again = await admin(
      ['deploy-contract', '--rpc-url', chain.rpcUrl],
      `${DEV_ACCOUNTS.deployer.privateKey}\n`,
    );
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Reused AtriumItems at ${address}`);
  }, 120_000);

  it('refuses a malformed key and a missing RPC URL', async () => {
    const bad = await admin(['deploy-contract', '--rpc-url', chain.rpcUrl], 'not a key\n');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('The deployer key must be a 0x private key of 64 hex digits.');
    const usage = await admin(['deploy-contract'], '');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('deploy-contract needs --rpc-url');
  }, 60_000);
});

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, createWalletClient, http, parseEther, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import {
  atriumItemsAbi,
  DEV_ACCOUNTS,
  deployAndSeed,
  LOCAL_CHAIN_ID,
  readCatalogue,
  readHoldings,
  startLocalChain,
  type CatalogueEntry,
  type LocalChain,
} from './index.ts';

// The embedded dev chain as the server runs it: a ganache JSON-RPC server in this process, its
// state on disk under the data directory, and the contract deployed once and reused.

const coins = (whole: number) => parseUnits(String(whole), 18);
const CATALOGUE: CatalogueEntry[] = [
  { id: 101, price: coins(10), meltValue: coins(4), category: 1, avatar: false, free: false },
  { id: 111, price: 0n, meltValue: coins(1), category: 2, avatar: false, free: true },
  { id: 201, price: coins(25), meltValue: 0n, category: 4, avatar: true, free: false },
];
const dirs: string[] = [];
const chains: LocalChain[] = [];

function tempDataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-chain-'));
  dirs.push(dir);
  return dir;
}

async function start(dataDir: string) {
  const chain = await startLocalChain({ dataDir });
  chains.push(chain);
  return chain;
}

async function close(chain: LocalChain) {
  await chain.close();
  chains.splice(chains.indexOf(chain), 1);
}

const seed = (rpcUrl: string, dataDir: string, catalogue = CATALOGUE) =>
  deployAndSeed({
    rpcUrl,
    deployerKey: DEV_ACCOUNTS.deployer.privateKey,
    itemUri: 'http://127.0.0.1/chain/items/{id}.json',
    coinUri: 'http://127.0.0.1/chain/coin.json',
    catalogue,
    fund: [{ address: DEV_ACCOUNTS.demo.address, coins: coins(100) }],
    stateFile: join(dataDir, 'chain', 'deployment.json'),
  });

afterAll(async () => {
  for (const chain of chains) await chain.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('DEV_ACCOUNTS', () => {
  it('are the well-known dev keys #0 and #1, each key matching its address', () => {
    expect(privateKeyToAccount(DEV_ACCOUNTS.deployer.privateKey).address).toBe(
      DEV_ACCOUNTS.deployer.address,
    );
    expect(privateKeyToAccount(DEV_ACCOUNTS.demo.privateKey).address).toBe(
      DEV_ACCOUNTS.demo.address,
    );
    expect(DEV_ACCOUNTS.deployer.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(DEV_ACCOUNTS.demo.address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  });
});

describe('startLocalChain and deployAndSeed', () => {
  it('deploys on a fresh directory, then reuses the contract and keeps balances across a restart', async () => {
    const dataDir = tempDataDir();
    const first = await start(dataDir);
    expect(first.chainId).toBe(LOCAL_CHAIN_ID);
    expect(first.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(existsSync(join(dataDir, 'chain', 'db'))).toBe(true);
    let client = createPublicClient({ transport: http(first.rpcUrl), cacheTime: 0 });
    expect(await client.getChainId()).toBe(LOCAL_CHAIN_ID);
    // Both dev accounts are funded with native coin at genesis.
    expect(await client.getBalance({ address: DEV_ACCOUNTS.demo.address })).toBe(
      parseEther('1000'),
    );

    // The node holds the dev keys locked: it signs nothing for a caller.
    const unsigned = await fetch(first.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_sendTransaction',
        params: [
          { from: DEV_ACCOUNTS.deployer.address, to: DEV_ACCOUNTS.demo.address, value: '0x1' },
        ],
      }),
    });
    expect(((await unsigned.json()) as { error?: { message: string } }).error?.message).toMatch(
      /signer account is locked|authentication needed/i,
    );

    const deployment = await seed(first.rpcUrl, dataDir);
    expect(deployment.deployed).toBe(true);
    const state = JSON.parse(readFileSync(join(dataDir, 'chain', 'deployment.json'), 'utf8'));
    expect(state).toEqual({ contractAddress: deployment.contractAddress, chainId: LOCAL_CHAIN_ID });
    expect(await readCatalogue(client, deployment.contractAddress)).toEqual(CATALOGUE);
    expect(
      await readHoldings(client, deployment.contractAddress, DEV_ACCOUNTS.demo.address),
    ).toEqual({ native: parseEther('1000'), coins: coins(100), items: [] });

    // The demo wallet buys a poster and sends some native coin: state to survive the restart.
    const demo = createWalletClient({
      account: privateKeyToAccount(DEV_ACCOUNTS.demo.privateKey),
      transport: http(first.rpcUrl),
    });
    const chain = {
      id: LOCAL_CHAIN_ID,
      name: 'local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [first.rpcUrl] } },
    } as const;
    const bought = await demo.writeContract({
      chain,
      address: deployment.contractAddress,
      abi: atriumItemsAbi,
      functionName: 'buyItem',
      args: [101n, 2n],
    });
    expect((await client.waitForTransactionReceipt({ hash: bought })).status).toBe('success');
    const sent = await demo.sendTransaction({
      chain,
      to: DEV_ACCOUNTS.deployer.address,
      value: parseEther('1'),
    });
    const sentReceipt = await client.waitForTransactionReceipt({ hash: sent });
    const before = await readHoldings(
      client,
      deployment.contractAddress,
      DEV_ACCOUNTS.demo.address,
    );
    expect(before.coins).toBe(coins(80));
    expect(before.items).toEqual([{ id: 101, amount: 2n }]);
    expect(before.native).toBeLessThan(parseEther('999'));
    const blockBefore = await client.getBlockNumber();
    await close(first);

    const second = await start(dataDir);
    client = createPublicClient({ transport: http(second.rpcUrl), cacheTime: 0 });
    expect(await client.getBlockNumber()).toBe(blockBefore);
    expect((await client.getTransactionReceipt({ hash: sent })).blockHash).toBe(
      sentReceipt.blockHash,
    );
    const again = await seed(second.rpcUrl, dataDir);
    expect(again).toEqual({ contractAddress: deployment.contractAddress, deployed: false });
    // Reuse sends nothing when the catalogue is already listed, and mints no more coins.
    expect(await client.getBlockNumber()).toBe(blockBefore);
    expect(
      await readHoldings(client, deployment.contractAddress, DEV_ACCOUNTS.demo.address),
    ).toEqual(before);

    // A changed or added catalogue entry is listed on reuse (idempotently).
    const changed: CatalogueEntry[] = [
      ...CATALOGUE.slice(0, 2),
      { ...CATALOGUE[2]!, price: coins(30) },
      { id: 121, price: coins(2), meltValue: coins(1), category: 5, avatar: false, free: false },
    ];
    expect((await seed(second.rpcUrl, dataDir, changed)).deployed).toBe(false);
    expect(await client.getBlockNumber()).toBe(blockBefore + 2n);
    expect(await readCatalogue(client, deployment.contractAddress)).toEqual(changed);
    await seed(second.rpcUrl, dataDir, changed);
    expect(await client.getBlockNumber()).toBe(blockBefore + 2n);
    await close(second);
  });

  it('deploys again when the state file names no contract on this chain', async () => {
    const dataDir = tempDataDir();
    const chain = await start(dataDir);
    writeFileSync(
      join(dataDir, 'chain', 'deployment.json'),
      JSON.stringify({
        contractAddress: '0x000000000000000000000000000000000000dEaD',
        chainId: LOCAL_CHAIN_ID,
      }),
    );
    const deployment = await seed(chain.rpcUrl, dataDir);
    expect(deployment.deployed).toBe(true);
    expect(deployment.contractAddress).not.toBe('0x000000000000000000000000000000000000dEaD');
    const client = createPublicClient({ transport: http(chain.rpcUrl), cacheTime: 0 });
    expect(
      await readHoldings(client, deployment.contractAddress, DEV_ACCOUNTS.demo.address),
    ).toMatchObject({
      coins: coins(100),
    });
    await close(chain);
  });

  it('binds to the port asked for', async () => {
    const dataDir = tempDataDir();
    const probe = await start(dataDir);
    const port = Number(new URL(probe.rpcUrl).port);
    await close(probe);
    const fixed = await startLocalChain({ dataDir: tempDataDir(), port });
    chains.push(fixed);
    expect(fixed.rpcUrl).toBe(`http://127.0.0.1:${port}`);
    await close(fixed);
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { atriumItemsAbi, DEV_ACCOUNTS } from '@atrium/chain';
import {
  CATALOGUE,
  CharacterApi,
  LOCAL_CHAIN_ID,
  SettingsApi,
  WalletApi,
  WalletText,
} from '@atrium/protocol';
import { createWalletClient, http, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainDefinition } from '../../chain/chain.ts';
import { DEMO_WALLET_COINS, startEmbeddedChain } from '../../chain/local-chain.ts';
import type { LocalChain } from '../../chain/local-chain.ts';
import { loadConfig } from '../../config/config.ts';
import { createTestDatabase } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { AccessTokens } from '../../security/access-tokens.ts';
import {
  call,
  issueNonce,
  JWT_SECRET,
  linkWallet,
  newWallet,
  signedInMember,
  signIn,
} from '../../../test/people.ts';
import { WalletRepository } from './wallet.repository.ts';
import { WalletService } from './wallet.service.ts';

const PUBLIC_URL = 'http://campus.test';
const coins = (n: number) => parseUnits(String(n), 18).toString();

// One real local chain for the file (ganache in process, as `npm start` runs it), deployed and
// seeded by the same code, on a temporary DATA_DIR.
describe('the wallet on the local chain', () => {
  let dataDir: string;
  let chain: LocalChain;
  let database: TestDatabase;
  let server: TestApp;
  const demo = privateKeyToAccount(DEV_ACCOUNTS.demo.privateKey);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'atrium-wallet-'));
    chain = await startEmbeddedChain(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL }));
    database = await createTestDatabase('pglite');
    server = await startTestApp(
      database,
      { PUBLIC_URL, WALLET: 'local', DATA_DIR: dataDir, JWT_SECRET },
      undefined,
      { chain: () => chain.connection },
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.dispose();
    await chain?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The demo wallet writing to the chain directly (not through our server). */
  const direct = () =>
    createWalletClient({
      account: demo,
      chain: chainDefinition(LOCAL_CHAIN_ID, chain.connection.rpcUrl),
      transport: http(chain.connection.rpcUrl),
    });

  const rpc = (body: unknown) =>
    call(server.url, WalletApi.rpc.method, WalletApi.rpc.path, { body });

  it('deploys the contract and funds the demo wallet on a new DATA_DIR', async () => {
    expect(chain.deployed).toBe(true);
    expect(chain.connection.chainId).toBe(LOCAL_CHAIN_ID);
    expect(chain.demoAddress).toBe(DEV_ACCOUNTS.demo.address);
  });

  it('tells the browser the local chain, our RPC proxy and the contract', async () => {
    const res = await call(server.url, WalletApi.config.method, WalletApi.config.path);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      enabled: true,
      chain_id: LOCAL_CHAIN_ID,
      chain_name: 'Atrium local chain',
      rpc_url: `${PUBLIC_URL}${WalletApi.rpc.path}`,
      contract_address: chain.connection.contractAddress,
      explorer_url: null,
      native_symbol: 'ETH',
      coin_token_id: 7,
      coin_decimals: 18,
      coin_symbol: 'ATC',
      marketplace_url: null,
      developer_address: DEV_ACCOUNTS.deployer.address,
      audience: 'school',
    });
  });

  it('lists the catalogue with prices read from the chain, in coin base units', async () => {
    const res = await call(server.url, WalletApi.catalogue.method, WalletApi.catalogue.path);
    expect(res.status).toBe(200);
    const entries = res.json.data as Array<Record<string, unknown>>;
    expect(entries.map((e) => e.id)).toEqual(CATALOGUE.map((item) => item.id));
    expect(entries.find((e) => e.id === 101)).toEqual({
      id: 101,
      name: 'The Atrium Plaza',
      description: 'Poster NFT from the gallery hall.',
      category: 'poster',
      price: coins(25),
      melt_value: coins(20),
      unlocks_look: null,
      free: false,
    });
    expect(entries.find((e) => e.id === 203)).toMatchObject({
      category: 'avatar',
      price: coins(50),
      unlocks_look: 'wizard',
    });
    expect(entries.find((e) => e.id === 111)).toMatchObject({ free: true, price: '0' });
  });

  it("shows the linked wallet's items and avatars as the chain holds them", async () => {
    const member = await signedInMember(database, server.url);
    const linked = await linkWallet(
      server.url,
      member.token,
      await signIn(demo, await issueNonce(server.url, member.token)),
    );
    expect(linked.status).toBe(200);
    const holdings = async () => {
      const res = await call(server.url, WalletApi.holdings.method, WalletApi.holdings.path, {
        token: member.token,
      });
      expect(res.status).toBe(200);
      return res.json.data as {
        address: string;
        coin_balance: string;
        native_balance: string;
        items: Array<{ id: number; amount: string; name: string }>;
        avatars: Array<{ id: number; amount: string; unlocks_look: string | null }>;
      };
    };
    const before = await holdings();
    expect(before.address).toBe(demo.address);
    expect(before.coin_balance).toBe(coins(DEMO_WALLET_COINS));
    expect(before.items).toEqual([]);
    expect(before.avatars).toEqual([]);
    expect(BigInt(before.native_balance)).toBeGreaterThan(0n);

    const wallet = direct();
    const { contractAddress: address } = chain.connection;
    await wallet.writeContract({
      address,
      abi: atriumItemsAbi,
      functionName: 'buyItem',
      args: [101n, 2n],
    });
    await wallet.writeContract({
      address,
      abi: atriumItemsAbi,
      functionName: 'mintAvatar',
      args: [202n],
    });

    const after = await holdings();
    expect(after.coin_balance).toBe(coins(DEMO_WALLET_COINS - 2 * 25 - 30));
    expect(after.items).toEqual([
      expect.objectContaining({ id: 101, amount: '2', name: 'The Atrium Plaza' }),
    ]);
    expect(after.avatars).toEqual([
      expect.objectContaining({ id: 202, amount: '1', unlocks_look: 'robot' }),
    ]);

    // The character customiser unlocks the robot look through FeatureDeps.wallet, end to end.
    const look = await call(server.url, CharacterApi.get.method, CharacterApi.get.path, {
      token: member.token,
    });
    expect(look.status).toBe(200);
    expect(look.json.unlocked).toEqual(['robot']);

    // What the character feature is given (FeatureDeps.wallet.ownedAvatarIds).
    const service = new WalletService({
      config: loadConfig({ WALLET: 'local', PUBLIC_URL }),
      repo: new WalletRepository(database.db),
      chain: () => chain.connection,
      audience: () => Promise.resolve('school'),
      log: { warn: () => {} },
    });
    expect(await service.ownedAvatarIds(member.id)).toEqual([202]);
    const stranger = await signedInMember(database, server.url);
    expect(await service.ownedAvatarIds(stranger.id)).toEqual([]);
    const down = new WalletService({
      config: loadConfig({ WALLET: 'local', PUBLIC_URL }),
      repo: new WalletRepository(database.db),
      chain: () => null,
      audience: () => Promise.resolve('school'),
      log: { warn: () => {} },
    });
    expect(await down.ownedAvatarIds(member.id)).toEqual([]);
  });

  it('proxies reads and signed transactions to the local chain', async () => {
    const chainId = await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' });
    expect(chainId.status).toBe(200);
    expect(chainId.json).toEqual({ jsonrpc: '2.0', id: 1, result: '0x539' });

    // A wallet whose only RPC is our proxy: viem fills nonce and fees, signs locally and sends
    // eth_sendRawTransaction, then polls for the receipt, all through /api/chain/rpc.
    const proxied = createWalletClient({
      account: demo,
      chain: chainDefinition(LOCAL_CHAIN_ID, `${server.url}${WalletApi.rpc.path}`),
      transport: http(`${server.url}${WalletApi.rpc.path}`),
    });
    const hash = await proxied.writeContract({
      address: chain.connection.contractAddress,
      abi: atriumItemsAbi,
      functionName: 'freeGetItem',
      args: [111n],
    });
    const receipt = await rpc({
      jsonrpc: '2.0',
      id: 'r',
      method: 'eth_getTransactionReceipt',
      params: [hash],
    });
    expect((receipt.json.result as { status: string }).status).toBe('0x1');

    const held = await chain.connection.client.readContract({
      address: chain.connection.contractAddress,
      abi: atriumItemsAbi,
      functionName: 'balanceOf',
      args: [demo.address, 111n],
    });
    expect(held).toBe(1n);
  });

  it('at a school (the default) sends only item contract calls: a native transfer is refused', async () => {
    const proxied = createWalletClient({
      account: demo,
      chain: chainDefinition(LOCAL_CHAIN_ID, `${server.url}${WalletApi.rpc.path}`),
      transport: http(`${server.url}${WalletApi.rpc.path}`),
    });
    const to = newWallet().address;
    const { client, contractAddress } = chain.connection;
    // A pupil's edited page sends coins to any address, or coins along with a contract call.
    // (With a gas limit, so the wallet does not ask the chain to estimate a call it would refuse.)
    for (const tx of [
      { to, value: 1000n },
      { to: contractAddress, value: 1000n, gas: 100_000n },
    ]) {
      await expect(proxied.sendTransaction(tx)).rejects.toMatchObject({
        details: WalletText.schoolMode,
      });
    }
    const junk = await rpc({
      jsonrpc: '2.0',
      id: 9,
      method: 'eth_sendRawTransaction',
      params: ['0x1234'],
    });
    expect(junk.json).toMatchObject({
      id: 9,
      error: { code: -32003, message: WalletText.schoolMode },
    });
    expect(await client.getBalance({ address: to })).toBe(0n);

    // An admin turns the campus public: the same transfer goes through.
    const admin = await new AccessTokens(JWT_SECRET).sign({
      sub: randomUUID(),
      username: 'head',
      role: 'admin',
    });
    const setAudience = (audience: string) =>
      call(server.url, SettingsApi.updateWallet.method, SettingsApi.updateWallet.path, {
        body: { audience },
        token: admin,
      });
    expect((await setAudience('public')).status).toBe(200);
    const hash = await proxied.sendTransaction({ to, value: 1000n });
    await client.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    expect(await client.getBalance({ address: to })).toBe(1000n);
    expect((await setAudience('school')).status).toBe(200);
  });

  it("refuses every method that would use the chain's own keys or controls", async () => {
    const before = await chain.connection.client.getBlockNumber();
    for (const [method, params] of [
      [
        'eth_sendTransaction',
        [{ from: DEV_ACCOUNTS.deployer.address, to: demo.address, value: '0x1' }],
      ],
      ['evm_mine', []],
      ['evm_setAccountBalance', [demo.address, '0x1']],
      ['eth_accounts', []],
      ['personal_sign', ['0x00', DEV_ACCOUNTS.deployer.address]],
      ['eth_sign', [DEV_ACCOUNTS.deployer.address, '0x00']],
      ['miner_start', []],
    ] as const) {
      const res = await rpc({ jsonrpc: '2.0', id: 7, method, params });
      expect(res.status, method).toBe(200);
      expect(res.json, method).toEqual({
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32601, message: WalletText.rpcMethodDenied },
      });
    }
    expect(await chain.connection.client.getBlockNumber()).toBe(before);

    // In a batch, each request is answered on its own.
    const batch = await rpc([
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' },
      { jsonrpc: '2.0', id: 2, method: 'evm_mine' },
    ]);
    expect(batch.json).toEqual([
      { jsonrpc: '2.0', id: 1, result: `0x${before.toString(16)}` },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: WalletText.rpcMethodDenied } },
    ]);

    // Not JSON-RPC at all: the usual 400.
    for (const body of [{ method: 'eth_chainId' }, [], { jsonrpc: '2.0', method: '' }]) {
      const res = await rpc(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('answers "cannot be reached" while the chain is not there', async () => {
    const waiting = await startTestApp(database, { PUBLIC_URL, WALLET: 'local' }, undefined, {
      chain: () => null,
    });
    try {
      const catalogue = await call(
        waiting.url,
        WalletApi.catalogue.method,
        WalletApi.catalogue.path,
      );
      expect(catalogue.status).toBe(503);
      expect(catalogue.json.message).toBe(WalletText.chainUnavailable);
      const res = await call(waiting.url, WalletApi.rpc.method, WalletApi.rpc.path, {
        body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      });
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject({ error: { message: WalletText.chainUnavailable } });
    } finally {
      await waiting.close();
    }
  });

  it('works the same on a remote chain (the local one standing in for Amoy)', async () => {
    const remote = await startTestApp(database, {
      PUBLIC_URL,
      WALLET: 'remote',
      CHAIN_RPC_URL: chain.connection.rpcUrl,
      CHAIN_ID: String(LOCAL_CHAIN_ID),
      CHAIN_CONTRACT_ADDRESS: chain.connection.contractAddress,
      CHAIN_EXPLORER_URL: 'https://explorer.test',
    });
    try {
      const config = await call(remote.url, WalletApi.config.method, WalletApi.config.path);
      expect(config.json.data).toMatchObject({
        enabled: true,
        rpc_url: chain.connection.rpcUrl,
        contract_address: chain.connection.contractAddress,
        explorer_url: 'https://explorer.test',
        // Read from the contract's owner().
        developer_address: DEV_ACCOUNTS.deployer.address,
      });
      const catalogue = await call(
        remote.url,
        WalletApi.catalogue.method,
        WalletApi.catalogue.path,
      );
      expect(catalogue.status).toBe(200);
      expect((catalogue.json.data as unknown[]).length).toBe(CATALOGUE.length);
      // The browser talks to a remote chain directly: no proxy.
      const rpcAnswer = await call(remote.url, WalletApi.rpc.method, WalletApi.rpc.path, {
        body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      });
      expect(rpcAnswer.status).toBe(404);
    } finally {
      await remote.close();
    }
  });

  it('keeps its state: a second start on the same DATA_DIR reuses the contract', async () => {
    const { contractAddress } = chain.connection;
    await chain.close();
    chain = await startEmbeddedChain(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL }));
    expect(chain.deployed).toBe(false);
    expect(chain.connection.contractAddress).toBe(contractAddress);
    const held = await chain.connection.client.readContract({
      address: contractAddress,
      abi: atriumItemsAbi,
      functionName: 'balanceOf',
      args: [demo.address, 101n],
    });
    expect(held).toBe(2n);
  });
});

import { WalletText, type WalletConfig } from '@atrium/protocol';
import { UserRejectedRequestError } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureChain, explorerTxUrl, walletErrorMessage } from './chainClient.ts';
import type { Eip1193Provider } from './walletSession.ts';

const config: WalletConfig = {
  enabled: true,
  chain_id: 1337,
  chain_name: 'Atrium local chain',
  rpc_url: '/api/chain/rpc',
  contract_address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  explorer_url: null,
  native_symbol: 'ETH',
  coin_token_id: 7,
  coin_decimals: 18,
  coin_symbol: 'ATC',
  marketplace_url: null,
  developer_address: null,
  audience: 'public',
};

/** A wallet on `chainId` that answers switch and add as told, recording every request. */
function fakeWallet(
  chainId: number,
  answers: { switch?: number | null; add?: number | null } = {},
): Eip1193Provider & { calls: { method: string; params?: unknown }[] } {
  let current = chainId;
  const calls: { method: string; params?: unknown }[] = [];
  const fail = (code: number) => Object.assign(new Error(`failed ${code}`), { code });
  return {
    calls,
    request({ method, params }) {
      calls.push({ method, params });
      if (method === 'eth_chainId') return Promise.resolve(`0x${current.toString(16)}`);
      if (method === 'wallet_switchEthereumChain') {
        if (answers.switch) return Promise.reject(fail(answers.switch));
        current = Number((params as [{ chainId: string }])[0].chainId);
        return Promise.resolve(null);
      }
      if (method === 'wallet_addEthereumChain') {
        if (answers.add) return Promise.reject(fail(answers.add));
        answers.switch = null;
        return Promise.resolve(null);
      }
      return Promise.reject(fail(4200));
    },
  };
}

beforeAll(() => {
  // ensureChain makes our RPC address absolute with the page's origin.
  (globalThis as { window?: unknown }).window ??= { location: { origin: 'https://campus.test' } };
});

describe('wallet errors', () => {
  it('says a denied confirmation in the spec’s words, wherever the code 4001 sits', () => {
    expect(walletErrorMessage({ code: 4001, message: 'User denied' })).toBe(WalletText.rejected);
    const wrapped = new UserRejectedRequestError(new Error('denied'));
    expect(walletErrorMessage(wrapped)).toBe(WalletText.rejected);
    expect(walletErrorMessage(new Error('x', { cause: { code: 4001 } }))).toBe(WalletText.rejected);
  });

  it('shows any other wallet error’s own message', () => {
    expect(walletErrorMessage({ code: -32603, message: 'insufficient funds' })).toBe(
      'insufficient funds',
    );
    expect(walletErrorMessage(new Error('Ledger locked'))).toBe('Ledger locked');
  });

  it('keeps a long answer to its first line and a readable length', () => {
    const page = `Execution reverted: not enough coins.\n\nRequest body: ${'0'.repeat(5000)}`;
    expect(walletErrorMessage({ code: -32603, message: page })).toBe(
      'Execution reverted: not enough coins.',
    );
    const line = walletErrorMessage(new Error('x'.repeat(1000)));
    expect(line.length).toBeLessThanOrEqual(200);
    expect(line.endsWith('…')).toBe(true);
  });

  it('links a transaction to the explorer only when the chain has one', () => {
    expect(explorerTxUrl(config, '0xabc')).toBeNull();
    expect(
      explorerTxUrl({ ...config, explorer_url: 'https://amoy.polygonscan.com/' }, '0xabc'),
    ).toBe('https://amoy.polygonscan.com/tx/0xabc');
  });
});

describe('the wallet’s network', () => {
  it('asks nothing when the wallet is on the configured chain', async () => {
    const wallet = fakeWallet(1337);
    await ensureChain(wallet, config);
    expect(wallet.calls.map((c) => c.method)).toEqual(['eth_chainId']);
  });

  it('switches a wallet on another chain', async () => {
    const wallet = fakeWallet(1);
    await ensureChain(wallet, config);
    expect(wallet.calls[1]).toEqual({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x539' }],
    });
  });

  it('adds the chain with our RPC when the wallet does not know it (4902)', async () => {
    const wallet = fakeWallet(1, { switch: 4902 });
    await ensureChain(wallet, config);
    const add = wallet.calls.find((c) => c.method === 'wallet_addEthereumChain');
    expect(add?.params).toMatchObject([
      { chainId: '0x539', rpcUrls: ['https://campus.test/api/chain/rpc'] },
    ]);
  });

  it('refuses with the wrong-chain text when the wallet will not switch', async () => {
    await expect(ensureChain(fakeWallet(1, { switch: 4001 }), config)).rejects.toThrow(
      WalletText.wrongChain('Atrium local chain'),
    );
    await expect(ensureChain(fakeWallet(1, { switch: 4902, add: 4001 }), config)).rejects.toThrow(
      WalletText.wrongChain('Atrium local chain'),
    );
  });
});

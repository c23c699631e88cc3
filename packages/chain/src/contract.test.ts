import ganache from 'ganache';
import {
  createPublicClient,
  createWalletClient,
  custom,
  getAddress,
  parseEventLogs,
  parseUnits,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compileContracts } from '../scripts/solc.mjs';
import {
  atriumItemsAbi,
  atriumItemsBytecode,
  chainErrorOf,
  COIN_ID,
  decodeChainError,
  LOCAL_CHAIN_ID,
} from './index.ts';

// The contract on an in-process ganache (the same EVM as the local dev chain: Shanghai), one chain
// for the file, each test starting from the same snapshot.

const ITEM_URI = 'https://atrium.test/chain/items/{id}.json';
const COIN_URI = 'https://atrium.test/chain/coin.json';
const coins = (whole: number) => parseUnits(String(whole), 18);

const POSTER = 101n; // price 10, melts for 4
const PIN = 111n; // free, melts for 1
const TROPHY = 112n; // price 0 (not for sale), melt 0
const ASTRONAUT = 201n; // avatar, price 25
const ROBOT = 202n; // avatar, price 0

// Six funded accounts with fresh keys, signing locally (viem sends raw transactions).
const keys = Array.from({ length: 6 }, () => generatePrivateKey());
const accounts = keys.map((key) => privateKeyToAccount(key));
const signer = (address: Address) => accounts.find((a) => a.address === address)!;
const [owner, admin, alice, bob, stranger, newOwner] = accounts.map((a) => a.address) as [
  Address,
  Address,
  Address,
  Address,
  Address,
  Address,
];
const provider = ganache.provider({
  chain: { chainId: LOCAL_CHAIN_ID, hardfork: 'shanghai' },
  logging: { quiet: true },
  miner: { instamine: 'eager' },
  wallet: { accounts: keys.map((secretKey) => ({ secretKey, balance: '0x3635c9adc5dea00000' })) },
});
// ganache answers a method it lacks (viem now tries eth_fillTransaction first) with code -1, which
// viem retries with backoff (a second per transaction); as -32601 viem remembers and moves on.
const transport = custom({
  request: async (args: { method: string; params?: unknown }) => {
    try {
      return await (provider as unknown as { request(a: unknown): Promise<unknown> }).request(args);
    } catch (error) {
      if (error instanceof Error && /does not exist\/is not available/.test(error.message)) {
        throw Object.assign(new Error(error.message), { code: -32601 });
      }
      throw error;
    }
  },
});
// Receipts are there as the hash returns (instamine): poll fast.
const client = createPublicClient({ transport, pollingInterval: 50 });
const wallet = createWalletClient({ transport, pollingInterval: 50 });
const chain = {
  id: LOCAL_CHAIN_ID,
  name: 'local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
} as const;

let items: Address;
let receiver: Address;
let receiverAbi: Abi;
let snapshot: Hex;

async function mined(hash: Hex) {
  const receipt = await client.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return receipt;
}

// The helpers below take any function name, so they see the ABI as a plain Abi.
const itemsAbi: Abi = atriumItemsAbi;

/** Sends an AtriumItems transaction from `from` and waits for it to be mined. */
async function send(from: Address, functionName: string, args: readonly unknown[] = []) {
  // Simulated first (eth_call), as the clients do: a revert comes back decoded, with its arguments.
  const { request } = await client.simulateContract({
    chain,
    account: signer(from),
    address: items,
    abi: itemsAbi,
    functionName,
    args,
  });
  return mined(await wallet.writeContract(request));
}

async function read<T>(functionName: string, args: readonly unknown[] = []): Promise<T> {
  return (await client.readContract({
    address: items,
    abi: itemsAbi,
    functionName,
    args,
  })) as T;
}

const balance = (account: Address, id: bigint) => read<bigint>('balanceOf', [account, id]);

/** Expects the call to revert with the custom error `name` (and these arguments, when given). */
async function expectRevert(call: Promise<unknown>, name: string, args?: readonly unknown[]) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected a revert with ${name}`).toBeDefined();
  expect(decodeChainError(error)).toBe(name);
  if (args) expect(chainErrorOf(error)?.args).toEqual(args);
}

beforeAll(async () => {
  const deployed = await mined(
    await wallet.deployContract({
      chain,
      account: signer(owner),
      abi: atriumItemsAbi,
      bytecode: atriumItemsBytecode,
      args: [owner, ITEM_URI, COIN_URI],
    }),
  );
  items = getAddress(deployed.contractAddress!);
  await send(owner, 'setAdmin', [admin, true]);
  await send(owner, 'setItem', [POSTER, coins(10), coins(4), 1, false, false]);
  await send(owner, 'setItem', [PIN, 0n, coins(1), 2, false, true]);
  await send(admin, 'setItem', [TROPHY, 0n, 0n, 3, false, false]);
  await send(admin, 'setItem', [ASTRONAUT, coins(25), 0n, 4, true, false]);
  await send(admin, 'setItem', [ROBOT, 0n, 0n, 4, true, false]);
  await send(owner, 'mintCoins', [alice, coins(100)]);
  await send(owner, 'mintCoins', [bob, coins(5)]);

  const { ReentrantReceiver } = compileContracts(['contracts/test/ReentrantReceiver.sol']);
  if (!ReentrantReceiver) throw new Error('ReentrantReceiver did not compile');
  receiverAbi = ReentrantReceiver.abi;
  const receiverDeployed = await mined(
    await wallet.deployContract({
      chain,
      account: signer(owner),
      abi: receiverAbi,
      bytecode: ReentrantReceiver.bytecode,
      args: [items],
    }),
  );
  receiver = getAddress(receiverDeployed.contractAddress!);
  snapshot = (await provider.request({ method: 'evm_snapshot', params: [] })) as Hex;
});

beforeEach(async () => {
  // evm_revert consumes the snapshot: take a new one after each revert.
  snapshot ??= (await provider.request({ method: 'evm_snapshot', params: [] })) as Hex;
});

afterEach(async () => {
  expect(await provider.request({ method: 'evm_revert', params: [snapshot] })).toBe(true);
  snapshot = (await provider.request({ method: 'evm_snapshot', params: [] })) as Hex;
});

afterAll(async () => {
  await provider.disconnect();
});

describe('deployment and views', () => {
  it('has the owner, the coin id, the item and coin metadata URLs', async () => {
    expect(await read('owner')).toBe(owner);
    expect(await read('COIN')).toBe(COIN_ID);
    expect(await read('uri', [COIN_ID])).toBe(COIN_URI);
    expect(await read('uri', [POSTER])).toBe(ITEM_URI);
    expect(await read('uri', [999n])).toBe(ITEM_URI);
  });

  it('lists the catalogue: itemIds in listing order and item(id)', async () => {
    expect(await read('itemIds')).toEqual([POSTER, PIN, TROPHY, ASTRONAUT, ROBOT]);
    expect(await read('item', [POSTER])).toEqual([coins(10), coins(4), 1, false, false, true]);
    expect(await read('item', [PIN])).toEqual([0n, coins(1), 2, false, true, true]);
    expect(await read('item', [ASTRONAUT])).toEqual([coins(25), 0n, 4, true, false, true]);
    expect(await read('item', [999n])).toEqual([0n, 0n, 0, false, false, false]);
  });

  it('supports the ERC-1155, metadata URI and ERC-165 interfaces', async () => {
    expect(await read('supportsInterface', ['0xd9b67a26'])).toBe(true); // ERC-1155
    expect(await read('supportsInterface', ['0x0e89341c'])).toBe(true); // metadata URI
    expect(await read('supportsInterface', ['0x01ffc9a7'])).toBe(true); // ERC-165
    expect(await read('supportsInterface', ['0xffffffff'])).toBe(false);
  });

  it('itemsOf lists the listed items held, with amounts, and never the coin', async () => {
    expect(await read('itemsOf', [alice])).toEqual([[], []]);
    await send(admin, 'getItem', [alice, POSTER, 3n]);
    await send(alice, 'freeGetItem', [PIN]);
    await send(alice, 'mintAvatar', [ASTRONAUT]);
    expect(await read('itemsOf', [alice])).toEqual([
      [POSTER, PIN, ASTRONAUT],
      [3n, 1n, 1n],
    ]);
    expect(await balance(alice, COIN_ID)).toBe(coins(75));
    expect(await read('itemsOf', [stranger])).toEqual([[], []]);
    expect(
      await read('balanceOfBatch', [
        [alice, alice, bob],
        [POSTER, COIN_ID, POSTER],
      ]),
    ).toEqual([3n, coins(75), 0n]);
  });
});

describe('admin roles: owner, admins, strangers', () => {
  it('the owner adds and removes admins; the admins list follows', async () => {
    expect(await read('admins')).toEqual([admin]);
    const receipt = await send(owner, 'setAdmin', [alice, true]);
    expect(
      parseEventLogs({ abi: atriumItemsAbi, logs: receipt.logs, eventName: 'AdminChanged' })[0]
        ?.args,
    ).toEqual({ account: alice, isAdmin: true });
    await send(owner, 'setAdmin', [bob, true]);
    await send(owner, 'setAdmin', [bob, true]); // again: no duplicate
    expect(await read('admins')).toEqual([admin, alice, bob]);
    expect(await read('isAdmin', [alice])).toBe(true);
    await send(owner, 'setAdmin', [admin, false]); // the first of three: the last takes its place
    expect(await read('admins')).toEqual([bob, alice]);
    expect(await read('isAdmin', [admin])).toBe(false);
    await send(owner, 'setAdmin', [stranger, false]); // not an admin: nothing changes
    expect(await read('admins')).toEqual([bob, alice]);
  });

  it('the owner counts as an admin without being listed', async () => {
    expect(await read('isAdmin', [owner])).toBe(true);
    expect(await read('isAdmin', [stranger])).toBe(false);
    expect(await read('admins')).not.toContain(owner);
  });

  it('only the owner sets admins: OwnableUnauthorizedAccount for an admin and a stranger', async () => {
    await expectRevert(send(admin, 'setAdmin', [stranger, true]), 'OwnableUnauthorizedAccount', [
      admin,
    ]);
    await expectRevert(send(stranger, 'setAdmin', [stranger, true]), 'OwnableUnauthorizedAccount', [
      stranger,
    ]);
    expect(await read('admins')).toEqual([admin]);
  });

  it('a removed admin loses the admin functions', async () => {
    await send(owner, 'setAdmin', [admin, false]);
    await expectRevert(send(admin, 'mintCoins', [admin, coins(1)]), 'NotAdmin', [admin]);
  });

  it('transferOwnership hands the admin list to the new owner; the old owner loses it', async () => {
    await expectRevert(
      send(stranger, 'transferOwnership', [stranger]),
      'OwnableUnauthorizedAccount',
      [stranger],
    );
    await send(owner, 'transferOwnership', [newOwner]);
    expect(await read('owner')).toBe(newOwner);
    await expectRevert(send(owner, 'setAdmin', [bob, true]), 'OwnableUnauthorizedAccount', [owner]);
    await send(newOwner, 'setAdmin', [bob, true]);
    expect(await read('isAdmin', [bob])).toBe(true);
    await expectRevert(send(owner, 'transferOwnership', [owner]), 'OwnableUnauthorizedAccount', [
      owner,
    ]);
  });

  it('renounceOwnership leaves no owner; only the owner may do it', async () => {
    await expectRevert(send(admin, 'renounceOwnership'), 'OwnableUnauthorizedAccount', [admin]);
    await send(owner, 'renounceOwnership');
    expect(await read('owner')).toBe('0x0000000000000000000000000000000000000000');
    await expectRevert(send(owner, 'setAdmin', [bob, true]), 'OwnableUnauthorizedAccount', [owner]);
  });
});

describe('catalogue and coins (admins)', () => {
  it('setItem: owner and admins list and update; strangers get NotAdmin', async () => {
    const receipt = await send(admin, 'setItem', [121n, coins(2), coins(1), 5, false, false]);
    expect(
      parseEventLogs({ abi: atriumItemsAbi, logs: receipt.logs, eventName: 'ItemListed' })[0]?.args,
    ).toEqual({
      id: 121n,
      price: coins(2),
      meltValue: coins(1),
      category: 5,
      avatar: false,
      free: false,
    });
    await send(owner, 'setItem', [121n, coins(3), coins(1), 6, false, true]); // an update, not a second listing
    expect(await read('itemIds')).toEqual([POSTER, PIN, TROPHY, ASTRONAUT, ROBOT, 121n]);
    expect(await read('item', [121n])).toEqual([coins(3), coins(1), 6, false, true, true]);
    await expectRevert(send(stranger, 'setItem', [122n, 1n, 0n, 1, false, false]), 'NotAdmin', [
      stranger,
    ]);
    expect(await read('itemIds')).toHaveLength(6);
  });

  it('setItem refuses the coin id: CoinIsNotAnItem', async () => {
    await expectRevert(
      send(owner, 'setItem', [COIN_ID, 1n, 0n, 1, false, false]),
      'CoinIsNotAnItem',
      [],
    );
  });

  it('mintCoins: admins mint; strangers get NotAdmin; zero is ZeroAmount', async () => {
    await send(admin, 'mintCoins', [bob, coins(7)]);
    expect(await balance(bob, COIN_ID)).toBe(coins(12));
    await expectRevert(send(stranger, 'mintCoins', [stranger, coins(1)]), 'NotAdmin', [stranger]);
    await expectRevert(send(admin, 'mintCoins', [bob, 0n]), 'ZeroAmount', []);
    expect(await balance(stranger, COIN_ID)).toBe(0n);
  });

  it('getItem: admins give listed items; NotAdmin, UnknownItem, ZeroAmount, CoinIsNotAnItem refused', async () => {
    const receipt = await send(admin, 'getItem', [bob, POSTER, 2n]);
    expect(
      parseEventLogs({ abi: atriumItemsAbi, logs: receipt.logs, eventName: 'ItemGiven' })[0]?.args,
    ).toEqual({ to: bob, id: POSTER, amount: 2n });
    expect(await balance(bob, POSTER)).toBe(2n);
    await expectRevert(send(stranger, 'getItem', [stranger, POSTER, 1n]), 'NotAdmin', [stranger]);
    await expectRevert(send(admin, 'getItem', [bob, 999n, 1n]), 'UnknownItem', [999n]);
    await expectRevert(send(admin, 'getItem', [bob, POSTER, 0n]), 'ZeroAmount', []);
    await expectRevert(send(admin, 'getItem', [bob, COIN_ID, 1n]), 'UnknownItem', [COIN_ID]);
    expect(await balance(bob, POSTER)).toBe(2n);
  });
});

describe('buyItem', () => {
  it('burns price × amount coins and mints the items', async () => {
    const receipt = await send(alice, 'buyItem', [POSTER, 3n]);
    expect(await balance(alice, COIN_ID)).toBe(coins(70));
    expect(await balance(alice, POSTER)).toBe(3n);
    expect(
      parseEventLogs({ abi: atriumItemsAbi, logs: receipt.logs, eventName: 'ItemBought' })[0]?.args,
    ).toEqual({
      buyer: alice,
      id: POSTER,
      amount: 3n,
      cost: coins(30),
    });
  });

  it('InsufficientCoins(needed, held) when the coins do not cover it; nothing changes', async () => {
    await expectRevert(send(bob, 'buyItem', [POSTER, 1n]), 'InsufficientCoins', [
      coins(10),
      coins(5),
    ]);
    await expectRevert(send(alice, 'buyItem', [POSTER, 11n]), 'InsufficientCoins', [
      coins(110),
      coins(100),
    ]);
    expect(await balance(bob, COIN_ID)).toBe(coins(5));
    expect(await balance(bob, POSTER)).toBe(0n);
  });

  it('refuses: NotForSale (price 0), IsAnAvatar, UnknownItem, CoinIsNotAnItem, ZeroAmount', async () => {
    await expectRevert(send(alice, 'buyItem', [TROPHY, 1n]), 'NotForSale', [TROPHY]);
    await expectRevert(send(alice, 'buyItem', [PIN, 1n]), 'NotForSale', [PIN]);
    await expectRevert(send(alice, 'buyItem', [ASTRONAUT, 1n]), 'IsAnAvatar', [ASTRONAUT]);
    await expectRevert(send(alice, 'buyItem', [999n, 1n]), 'UnknownItem', [999n]);
    await expectRevert(send(alice, 'buyItem', [COIN_ID, 1n]), 'CoinIsNotAnItem', []);
    await expectRevert(send(alice, 'buyItem', [POSTER, 0n]), 'ZeroAmount', []);
    expect(await balance(alice, COIN_ID)).toBe(coins(100));
  });
});

describe('freeGetItem', () => {
  it('gives one free item per address, once: AlreadyTaken the second time', async () => {
    expect(await read('freeTaken', [PIN, alice])).toBe(false);
    await send(alice, 'freeGetItem', [PIN]);
    expect(await balance(alice, PIN)).toBe(1n);
    expect(await read('freeTaken', [PIN, alice])).toBe(true);
    await expectRevert(send(alice, 'freeGetItem', [PIN]), 'AlreadyTaken', [PIN, alice]);
    // Still once after giving the pin away.
    await send(alice, 'safeTransferFrom', [alice, bob, PIN, 1n, '0x']);
    await expectRevert(send(alice, 'freeGetItem', [PIN]), 'AlreadyTaken', [PIN, alice]);
    // Another address takes its own; it costs no coins (a stranger has none).
    await send(stranger, 'freeGetItem', [PIN]);
    expect(await balance(stranger, PIN)).toBe(1n);
    expect(await read('freeTaken', [PIN, bob])).toBe(false);
  });

  it('refuses: NotFree, UnknownItem, CoinIsNotAnItem', async () => {
    await expectRevert(send(alice, 'freeGetItem', [POSTER]), 'NotFree', [POSTER]);
    await expectRevert(send(alice, 'freeGetItem', [999n]), 'UnknownItem', [999n]);
    await expectRevert(send(alice, 'freeGetItem', [COIN_ID]), 'CoinIsNotAnItem', []);
  });
});

describe('meltItem', () => {
  it('burns the items and pays meltValue × amount coins', async () => {
    await send(admin, 'getItem', [bob, POSTER, 3n]);
    const receipt = await send(bob, 'meltItem', [POSTER, 2n]);
    expect(await balance(bob, POSTER)).toBe(1n);
    expect(await balance(bob, COIN_ID)).toBe(coins(5 + 8));
    expect(
      parseEventLogs({ abi: atriumItemsAbi, logs: receipt.logs, eventName: 'ItemMelted' })[0]?.args,
    ).toEqual({
      holder: bob,
      id: POSTER,
      amount: 2n,
      coins: coins(8),
    });
    await send(alice, 'freeGetItem', [PIN]);
    await send(alice, 'meltItem', [PIN, 1n]);
    expect(await balance(alice, COIN_ID)).toBe(coins(101));
  });

  it('ERC1155InsufficientBalance when melting more than held; nothing changes', async () => {
    await send(admin, 'getItem', [bob, POSTER, 1n]);
    await expectRevert(send(bob, 'meltItem', [POSTER, 2n]), 'ERC1155InsufficientBalance', [
      bob,
      1n,
      2n,
      POSTER,
    ]);
    await expectRevert(send(stranger, 'meltItem', [POSTER, 1n]), 'ERC1155InsufficientBalance', [
      stranger,
      0n,
      1n,
      POSTER,
    ]);
    expect(await balance(bob, POSTER)).toBe(1n);
    expect(await balance(bob, COIN_ID)).toBe(coins(5));
  });

  it('refuses: NotMeltable (melt value 0), UnknownItem, CoinIsNotAnItem, ZeroAmount', async () => {
    await send(admin, 'getItem', [bob, TROPHY, 1n]);
    await expectRevert(send(bob, 'meltItem', [TROPHY, 1n]), 'NotMeltable', [TROPHY]);
    await expectRevert(send(bob, 'meltItem', [999n, 1n]), 'UnknownItem', [999n]);
    await expectRevert(send(bob, 'meltItem', [COIN_ID, 1n]), 'CoinIsNotAnItem', []);
    await expectRevert(send(bob, 'meltItem', [POSTER, 0n]), 'ZeroAmount', []);
    expect(await balance(bob, TROPHY)).toBe(1n);
  });
});

describe('mintAvatar', () => {
  it('pays the price and mints one avatar per address: AlreadyTaken the second time', async () => {
    const receipt = await send(alice, 'mintAvatar', [ASTRONAUT]);
    expect(
      parseEventLogs({ abi: atriumItemsAbi, logs: receipt.logs, eventName: 'AvatarMinted' })[0]
        ?.args,
    ).toEqual({ holder: alice, id: ASTRONAUT });
    expect(await balance(alice, ASTRONAUT)).toBe(1n);
    expect(await balance(alice, COIN_ID)).toBe(coins(75));
    await expectRevert(send(alice, 'mintAvatar', [ASTRONAUT]), 'AlreadyTaken', [ASTRONAUT, alice]);
    expect(await balance(alice, COIN_ID)).toBe(coins(75));
    // A free avatar costs nothing, and another avatar is a separate mint.
    await send(stranger, 'mintAvatar', [ROBOT]);
    expect(await balance(stranger, ROBOT)).toBe(1n);
    await expectRevert(send(stranger, 'mintAvatar', [ROBOT]), 'AlreadyTaken', [ROBOT, stranger]);
  });

  it('refuses: InsufficientCoins, NotAnAvatar, UnknownItem, CoinIsNotAnItem', async () => {
    await expectRevert(send(bob, 'mintAvatar', [ASTRONAUT]), 'InsufficientCoins', [
      coins(25),
      coins(5),
    ]);
    await expectRevert(send(alice, 'mintAvatar', [POSTER]), 'NotAnAvatar', [POSTER]);
    await expectRevert(send(alice, 'mintAvatar', [999n]), 'UnknownItem', [999n]);
    await expectRevert(send(alice, 'mintAvatar', [COIN_ID]), 'CoinIsNotAnItem', []);
    expect(await balance(bob, ASTRONAUT)).toBe(0n);
  });
});

describe('ERC-1155 transfers and approvals', () => {
  it('safeTransferFrom moves coins and items; ERC1155InsufficientBalance beyond the balance', async () => {
    await send(alice, 'safeTransferFrom', [alice, bob, COIN_ID, coins(20), '0x']);
    expect(await balance(bob, COIN_ID)).toBe(coins(25));
    await expectRevert(
      send(bob, 'safeTransferFrom', [bob, alice, COIN_ID, coins(26), '0x']),
      'ERC1155InsufficientBalance',
      [bob, coins(25), coins(26), COIN_ID],
    );
  });

  it('moving someone else’s tokens needs setApprovalForAll: ERC1155MissingApprovalForAll', async () => {
    await expectRevert(
      send(stranger, 'safeTransferFrom', [alice, stranger, COIN_ID, 1n, '0x']),
      'ERC1155MissingApprovalForAll',
      [stranger, alice],
    );
    await send(alice, 'setApprovalForAll', [stranger, true]);
    expect(await read('isApprovedForAll', [alice, stranger])).toBe(true);
    await send(stranger, 'safeBatchTransferFrom', [alice, stranger, [COIN_ID], [coins(1)], '0x']);
    expect(await balance(stranger, COIN_ID)).toBe(coins(1));
    await send(alice, 'setApprovalForAll', [stranger, false]);
    expect(await read('isApprovedForAll', [alice, stranger])).toBe(false);
  });
});

describe('reentrancy: a receiver calling back during melt and buy', () => {
  const receiverCall = async (functionName: 'buy' | 'melt', args: readonly unknown[]) =>
    // No simulation here: the transaction itself goes to the node, which refuses it when its
    // gas estimate reverts (the nested revert data comes back from eth_estimateGas).
    mined(
      await wallet.writeContract({
        chain,
        account: signer(stranger),
        address: receiver,
        abi: receiverAbi,
        functionName,
        args,
      }),
    );
  const NONE = 0;
  const BUY = 1;
  const MELT = 2;

  beforeEach(async () => {
    await send(admin, 'mintCoins', [receiver, coins(50)]);
    await send(admin, 'getItem', [receiver, POSTER, 2n]);
  });

  it('without the callback the receiver buys and melts (the setup works)', async () => {
    await receiverCall('buy', [POSTER, 1n, NONE, POSTER]);
    await receiverCall('melt', [POSTER, 1n, NONE, POSTER]);
    expect(await balance(receiver, POSTER)).toBe(2n);
    expect(await balance(receiver, COIN_ID)).toBe(coins(50 - 10 + 4));
  });

  it('buyItem → onERC1155Received → buyItem: ReentrancyGuardReentrantCall, the whole tx reverts', async () => {
    await expectRevert(
      receiverCall('buy', [POSTER, 1n, BUY, POSTER]),
      'ReentrancyGuardReentrantCall',
    );
    await expectRevert(
      receiverCall('buy', [POSTER, 1n, MELT, POSTER]),
      'ReentrancyGuardReentrantCall',
    );
    expect(await balance(receiver, COIN_ID)).toBe(coins(50));
    expect(await balance(receiver, POSTER)).toBe(2n);
  });

  it('meltItem → onERC1155Received → meltItem: ReentrancyGuardReentrantCall, the whole tx reverts', async () => {
    await expectRevert(
      receiverCall('melt', [POSTER, 1n, MELT, POSTER]),
      'ReentrancyGuardReentrantCall',
    );
    await expectRevert(
      receiverCall('melt', [POSTER, 1n, BUY, POSTER]),
      'ReentrancyGuardReentrantCall',
    );
    expect(await balance(receiver, COIN_ID)).toBe(coins(50));
    expect(await balance(receiver, POSTER)).toBe(2n);
    const reentered = await client.readContract({
      address: receiver,
      abi: receiverAbi,
      functionName: 'reentered',
    });
    expect(reentered).toBe(0n);
  });
});

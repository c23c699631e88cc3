import type { Address, Hex } from 'viem';

/** The coin's token id in the collection (SPEC §9): fungible, 18 decimals. */
export const COIN_ID = 7n;

/** The local dev chain's id (ganache's usual one). */
export const LOCAL_CHAIN_ID = 1337;

/**
 * Hardhat's and anvil's well-known development keys #0 and #1. They are public knowledge (printed by
 * every `npx hardhat node`): use them on the local chain only, never on a real network.
 */
export const DEV_ACCOUNTS = {
  deployer: {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address,
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as Hex,
  },
  demo: {
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address,
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as Hex,
  },
} as const;

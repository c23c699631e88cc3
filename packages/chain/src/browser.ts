/**
 * The browser-safe part of @atrium/chain (`@atrium/chain/browser`): the contract's ABI, the
 * constants, the reads and the error decoding; no ganache, no node:fs.
 */
export { atriumItemsAbi } from './generated/atrium-items.ts';
export { COIN_ID, LOCAL_CHAIN_ID } from './constants.ts';
export { chainErrorOf, decodeChainError, readCatalogue, readHoldings } from './read.ts';
export type { ChainErrorDetails, ChainItem, ChainReader, Holdings } from './read.ts';

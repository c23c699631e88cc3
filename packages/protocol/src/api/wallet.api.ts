import { OkMessageSchema } from '../envelope.ts';
import { defineRoute } from '../http/route.ts';
import {
  CatalogueResponseSchema,
  ChainRpcBodySchema,
  SiweNonceResponseSchema,
  SiweVerifyRequestSchema,
  TokenMetadataParamsSchema,
  TokenMetadataSchema,
  WalletConfigResponseSchema,
  WalletHoldingsResponseSchema,
  WalletLinkResponseSchema,
} from '../wallet.ts';

const tags = ['wallet'] as const;

/** Issue 18: the wallet's chain settings, sign-in with a wallet (EIP-4361) and holdings. */
export const WalletApi = {
  config: defineRoute({
    method: 'GET',
    path: '/api/wallet/config',
    response: WalletConfigResponseSchema,
    tags,
    errors: [],
    summary: 'The chain, RPC URL, contract address and explorer the wallet uses',
  }),
  catalogue: defineRoute({
    method: 'GET',
    path: '/api/wallet/catalogue',
    response: CatalogueResponseSchema,
    tags,
    errors: [404, 503],
    summary: 'Items and avatars of the contract, with prices read from the chain',
  }),
  nonce: defineRoute({
    method: 'GET',
    path: '/api/wallet/nonce',
    response: SiweNonceResponseSchema,
    tags,
    errors: [401, 403, 404, 429],
    summary: 'A one-use nonce for a Sign-In with Ethereum message (signed-in accounts)',
  }),
  link: defineRoute({
    method: 'POST',
    path: '/api/wallet/siwe',
    body: SiweVerifyRequestSchema,
    response: WalletLinkResponseSchema,
    tags,
    errors: [401, 403, 404, 409],
    summary: 'Check a signed SIWE message and link its address to the account',
  }),
  unlink: defineRoute({
    method: 'DELETE',
    path: '/api/wallet/siwe',
    response: OkMessageSchema,
    tags,
    errors: [401, 403],
    summary: 'Forget the wallet linked to the account',
  }),
  holdings: defineRoute({
    method: 'GET',
    path: '/api/wallet/items',
    response: WalletHoldingsResponseSchema,
    tags,
    errors: [401, 403, 404, 409, 503],
    summary: "The linked address's balances, items and avatars, read from the chain",
  }),
  /**
   * ERC-1155 metadata of a token (the contract's `uri`): `{id}` is the id as 64 hex digits, as
   * wallets substitute it, or decimal. The coin (7) has its own.
   */
  metadata: defineRoute({
    method: 'GET',
    path: '/api/wallet/metadata/:id',
    params: TokenMetadataParamsSchema,
    response: TokenMetadataSchema,
    tags,
    errors: [404],
    summary: 'ERC-1155 metadata JSON of an item, an avatar or the coin',
  }),
  /** JSON-RPC in and out; only the local chain is proxied. */
  rpc: defineRoute({
    method: 'POST',
    path: '/api/chain/rpc',
    body: ChainRpcBodySchema,
    tags,
    errors: [404, 429],
    summary: "The local chain's JSON-RPC (reads and signed transactions only)",
  }),
};

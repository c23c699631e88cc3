import { z } from 'zod';
import { okEnvelope, okWith } from './envelope.ts';
import { WalletAudienceSchema } from './settings.ts';
import { lineText, multilineText } from './text.ts';

/**
 * Issue 18: the wallet, the digital-item contract's catalogue and sign-in with a wallet.
 * Every user-visible wallet text lives here (SPEC §5 and §8 copied letter for letter).
 */
export const WalletText = {
  /** SPEC §5: no EIP-1193 provider in the browser. */
  noWallet: 'Please install MetaMask on your browser in order to use this feature.',
  /** SPEC §5: the user denied the signature (EIP-1193 code 4001). */
  rejected: 'You rejected the confirmation.',
  /** SPEC §8: the NFT purchase popup. */
  purchasing: 'Purchasing NFT with your digital wallet',
  successTitle: 'Success',
  successBody: 'The item has been bought successfully',
  failedTitle: 'Failed',
  failedBody: 'Unable to buy this item due to error',
  /** SPEC §5: the fixed login text the wallet signs (SIWE's statement). */
  signInStatement: 'Sign in to Atrium with your digital wallet.',
  // Server refusals.
  guest: 'You need to register before using this feature',
  nonceInvalid: 'This sign-in request has expired or was already used. Please try again.',
  signatureInvalid: 'The signature does not match this wallet address.',
  /** Names the network (issue 27: the dialogs that said "the network shown" showed none). */
  wrongChain: (network: string) =>
    `Your wallet is on another network. Switch it to ${network} and try again.`,
  wrongDomain: 'This sign-in message was made for another site.',
  addressTaken: 'This wallet address is already linked to another account.',
  accountHasAddress: 'Your account is already linked to another wallet address. Unlink it first.',
  notLinked: 'Link a digital wallet first.',
  walletOff: 'The digital wallet is turned off on this campus.',
  chainUnavailable: 'The blockchain network cannot be reached right now. Please try again later.',
  rpcMethodDenied: 'This wallet request is not allowed.',
  tooManyRequests: 'Too many wallet requests. Please wait a moment and try again.',
  messageInvalid: 'This sign-in message is not a valid Sign-In with Ethereum message.',
  /** Issue 27: in school mode the local chain takes only the item contract's calls. */
  schoolMode: 'In school mode the wallet can only buy, collect and trade in items.',
  // Server answers.
  linked: 'Your digital wallet is linked to your account.',
  unlinked: 'Your digital wallet is no longer linked to your account.',
} as const;

/** SPEC §9: the coin is token id 7 with 18 decimals. */
export const COIN_TOKEN_ID = 7;
export const COIN_DECIMALS = 18;
export const COIN_SYMBOL = 'ATC';
export const COIN_NAME = 'Atrium Coin';
export const COIN_DESCRIPTION =
  'The coin of the Atrium campus: buys items and avatars, and melting items pays it back.';

/** SPEC §9's chain-id table, kept, with Mumbai retired and Amoy and the local chain added. */
export const CHAINS = {
  1: { name: 'Ethereum', explorer: 'https://etherscan.io', native: 'ETH', retired: false },
  137: { name: 'Polygon', explorer: 'https://polygonscan.com', native: 'POL', retired: false },
  80001: {
    name: 'Polygon Mumbai (retired in 2024)',
    explorer: null,
    native: 'MATIC',
    retired: true,
  },
  80002: {
    name: 'Polygon Amoy',
    explorer: 'https://amoy.polygonscan.com',
    native: 'POL',
    retired: false,
  },
  3: { name: 'Ropsten (retired)', explorer: null, native: 'ETH', retired: true },
  4: { name: 'Rinkeby (retired)', explorer: null, native: 'ETH', retired: true },
  5: { name: 'Goerli (retired)', explorer: null, native: 'ETH', retired: true },
  42: { name: 'Kovan (retired)', explorer: null, native: 'ETH', retired: true },
  1337: { name: 'Atrium local chain', explorer: null, native: 'ETH', retired: false },
} as const satisfies Record<
  number,
  { name: string; explorer: string | null; native: string; retired: boolean }
>;
export type KnownChainId = keyof typeof CHAINS;
/** The local dev chain's id (the embedded default). */
export const LOCAL_CHAIN_ID = 1337;

/** Item categories as the contract stores them (uint8). */
export const ItemCategory = { poster: 0, collectible: 1, wearable: 2, avatar: 3 } as const;
export type ItemCategoryName = keyof typeof ItemCategory;

export interface CatalogueItem {
  id: number;
  name: string;
  description: string;
  category: ItemCategoryName;
  /** Whole coins (the contract stores it times 10^18). */
  price: number;
  /** Whole coins paid back per item melted; 0 cannot be melted. */
  meltValue: number;
  /** free-get: anyone may take one, once. */
  free: boolean;
  /** For avatars: the look id it unlocks in the character customiser. */
  unlocksLook?: string;
}

/**
 * The seeded catalogue. The poster items' ids and prices match the gallery's posters (the seed
 * gives "The Atrium Plaza" token 101 at 25 and "Harbour Lights" token 104 at 40).
 */
export const CATALOGUE: readonly CatalogueItem[] = [
  {
    id: 101,
    name: 'The Atrium Plaza',
    description: 'Poster NFT from the gallery hall.',
    category: 'poster',
    price: 25,
    meltValue: 20,
    free: false,
  },
  {
    id: 104,
    name: 'Harbour Lights',
    description: 'Poster NFT from the gallery hall.',
    category: 'poster',
    price: 40,
    meltValue: 32,
    free: false,
  },
  {
    id: 111,
    name: 'Campus Pin',
    description: 'A free pin for every visitor.',
    category: 'collectible',
    price: 0,
    meltValue: 1,
    free: true,
  },
  {
    id: 112,
    name: 'Golden Ticket',
    description: 'Opens the VIP rows at events.',
    category: 'collectible',
    price: 10,
    meltValue: 8,
    free: false,
  },
  {
    id: 121,
    name: 'Explorer Cap',
    description: 'A cap for campus explorers.',
    category: 'wearable',
    price: 15,
    meltValue: 12,
    free: false,
  },
  {
    id: 201,
    name: 'Astronaut',
    description: 'Avatar: unlocks the astronaut suit.',
    category: 'avatar',
    price: 30,
    meltValue: 0,
    free: false,
    unlocksLook: 'astronaut',
  },
  {
    id: 202,
    name: 'Robot',
    description: 'Avatar: unlocks the chrome robot finish.',
    category: 'avatar',
    price: 30,
    meltValue: 0,
    free: false,
    unlocksLook: 'robot',
  },
  {
    id: 203,
    name: 'Wizard',
    description: 'Avatar: unlocks the wizard robe.',
    category: 'avatar',
    price: 50,
    meltValue: 0,
    free: false,
    unlocksLook: 'wizard',
  },
];

export const catalogueItem = (id: number): CatalogueItem | undefined =>
  CATALOGUE.find((item) => item.id === id);

/** A 0x address, checked for shape (the checksum is checked by the server with viem). */
export const AddressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address of 40 hex digits');
export const TxHashSchema = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a transaction hash');

/** `GET /api/wallet/config`: what the browser needs to talk to the chain. */
export const WalletConfigSchema = z
  .object({
    enabled: z.boolean(),
    chain_id: z.number().int(),
    chain_name: z.string(),
    /** JSON-RPC for the browser: our proxy for the local chain, else the public RPC. */
    rpc_url: z.string(),
    contract_address: z.string().nullable(),
    explorer_url: z.string().nullable(),
    native_symbol: z.string(),
    coin_token_id: z.number().int(),
    coin_decimals: z.number().int(),
    coin_symbol: z.string(),
    marketplace_url: z.string().nullable(),
    /** SPEC §3: the developer address fixed per environment (the contract owner). */
    developer_address: z.string().nullable(),
    /** Issue 27: the admin's `wallet.audience`; a school sees no native coin. */
    audience: WalletAudienceSchema,
  })
  .meta({ id: 'WalletConfig' });
export type WalletConfig = z.infer<typeof WalletConfigSchema>;
export const WalletConfigResponseSchema = okEnvelope(WalletConfigSchema);

/** `GET /api/wallet/nonce`: a one-use SIWE nonce for the signed-in account (5 minutes). */
export const SiweNonceResponseSchema = okEnvelope(
  z.object({
    nonce: z.string(),
    domain: z.string(),
    uri: z.string(),
    chain_id: z.number().int(),
    statement: z.string(),
  }),
);

/** `POST /api/wallet/siwe`: the EIP-4361 message and its signature. */
export const SiweVerifyRequestSchema = z.strictObject({
  message: multilineText().min(1).max(4000),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]{130,}$/, 'must be a hex signature')
    .max(2000),
});
export type SiweVerifyRequest = z.infer<typeof SiweVerifyRequestSchema>;

/** SPEC §3: what `data` of the current user holds after a wallet login. */
export const WalletLinkSchema = z.object({
  address_account: z.string(),
  auth_data: z.object({
    chain_id: z.number().int(),
    issued_at: z.string(),
    signature: z.string(),
  }),
});
export type WalletLink = z.infer<typeof WalletLinkSchema>;
export const WalletLinkResponseSchema = okWith({ message: z.string(), data: WalletLinkSchema });

/**
 * One owned token as the chain reports it. Every number that is a uint256 on the chain is a
 * decimal string: `amount` counts tokens; `price` and `melt_value` are coin base units (18
 * decimals, like wei: "25000000000000000000" is 25 coins; format with viem's `formatUnits`).
 */
export const OwnedItemSchema = z.object({
  id: z.number().int(),
  amount: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  /** Coin base units (18 decimals), decimal string. */
  price: z.string(),
  /** Coin base units (18 decimals) paid back per item melted, decimal string. */
  melt_value: z.string(),
  unlocks_look: z.string().nullable(),
});
export type OwnedItem = z.infer<typeof OwnedItemSchema>;

/** `GET /api/wallet/items`: the linked address's holdings, read from the chain. */
export const WalletHoldingsSchema = z.object({
  address: z.string(),
  /** Wei, decimal string. */
  native_balance: z.string(),
  /** Coin (token 7) units, decimal string with 18 decimals. */
  coin_balance: z.string(),
  items: z.array(OwnedItemSchema),
  avatars: z.array(OwnedItemSchema),
});
export type WalletHoldings = z.infer<typeof WalletHoldingsSchema>;
export const WalletHoldingsResponseSchema = okEnvelope(WalletHoldingsSchema);

/** `GET /api/wallet/catalogue`: what can be bought, taken free or minted, with on-chain prices. */
export const CatalogueEntrySchema = OwnedItemSchema.omit({ amount: true }).extend({
  free: z.boolean(),
});
export type CatalogueEntry = z.infer<typeof CatalogueEntrySchema>;
export const CatalogueResponseSchema = okEnvelope(z.array(CatalogueEntrySchema));

/** `POST /api/chain/rpc`: the local chain's JSON-RPC for the browser (read and send-raw only). */
export const JsonRpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number(), z.string(), z.null()]).optional(),
  method: lineText().min(1).max(64),
  params: z.array(z.unknown()).max(8).optional(),
});
export const ChainRpcBodySchema = z.union([
  JsonRpcRequestSchema,
  z.array(JsonRpcRequestSchema).min(1).max(20),
]);

/** `GET /api/wallet/metadata/:id`: the id as wallets put it in the URI (64 hex digits) or decimal. */
export const TokenMetadataParamsSchema = z.object({
  id: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[0-9]{1,20})$/, 'must be a token id: 64 hex digits or a number')
    .transform((v) => (v.length === 64 ? Number.parseInt(v, 16) : Number(v))),
});

/** ERC-1155 metadata JSON (EIP-1155 "Metadata JSON schema"). */
export const TokenMetadataSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    decimals: z.number().int(),
    properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  })
  .meta({ id: 'TokenMetadata' });
export type TokenMetadata = z.infer<typeof TokenMetadataSchema>;

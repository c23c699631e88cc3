import {
  CATALOGUE,
  CHAINS,
  COIN_DESCRIPTION,
  COIN_NAME,
  COIN_DECIMALS,
  COIN_SYMBOL,
  COIN_TOKEN_ID,
  LOCAL_CHAIN_ID,
  WalletApi,
  WalletText,
} from '@atrium/protocol';
import type {
  KnownChainId,
  SiweVerifyRequest,
  TokenMetadata,
  WalletAudience,
  WalletConfig,
  WalletHoldings,
  WalletLink,
} from '@atrium/protocol';
import { getAddress, isAddress, recoverMessageAddress } from 'viem';
import type { Address, Hex } from 'viem';
import { generateSiweNonce, parseSiweMessage } from 'viem/siwe';
import { walletLinkView } from '../../accounts/user-views.ts';
import type { ChainAccess, ChainConnection } from '../../chain/chain.ts';
import { readChainItems, readHoldings, readOwner, toCatalogueEntry } from '../../chain/reader.ts';
import type { Config } from '../../config/config.ts';
import { badRequest, conflict, forbidden, notFound, unavailable } from '../../http/errors.ts';
import { databaseError } from '../../http/database-errors.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireSignedIn } from '../../security/policy.ts';
import type { WalletRepository } from './wallet.repository.ts';

/** How long a SIWE nonce may be used. */
export const NONCE_TTL_MS = 5 * 60_000;

interface Log {
  warn(obj: object, msg?: string): void;
}

export interface WalletServiceDeps {
  config: Config;
  repo: WalletRepository;
  /** The admin's `wallet.audience` (issue 27): school or public. */
  audience: () => Promise<WalletAudience>;
  chain: ChainAccess;
  log: Log;
  now?: () => Date;
}

/** The chain id wallets must sign in on: the configured remote one, or the local chain's. */
export function walletChainId(config: Config): number {
  return config.WALLET === 'remote' && config.CHAIN_ID ? config.CHAIN_ID : LOCAL_CHAIN_ID;
}

/** A date the database can store (a year from 1970 to 9999); `Invalid Date` is not. */
const isStorableDate = (date: Date) => date.getTime() >= 0 && date.getTime() <= 253_402_300_799_999;

const known = (chainId: number) =>
  CHAINS[chainId as KnownChainId] as (typeof CHAINS)[KnownChainId] | undefined;

/** The network's name as wallets and our dialogs show it. */
const chainName = (chainId: number): string => known(chainId)?.name ?? `Chain ${chainId}`;

/** The wallet: chain settings, sign-in with a wallet (EIP-4361), holdings read from the chain. */
export class WalletService {
  private owner: Promise<Address | null> | undefined;

  constructor(private readonly deps: WalletServiceDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private get enabled(): boolean {
    return this.deps.config.WALLET !== 'off';
  }

  private requireEnabled(): void {
    if (!this.enabled) throw notFound(WalletText.walletOff);
  }

  /** The chain, or 503 while the local chain starts (or when it could not start). */
  private requireChain(): ChainConnection {
    this.requireEnabled();
    const chain = this.deps.chain();
    if (!chain) throw unavailable(WalletText.chainUnavailable);
    return chain;
  }

  /** A chain read; a failure is the network's, told as such (503), never a 500. */
  private async read<T>(what: string, run: (chain: ChainConnection) => Promise<T>): Promise<T> {
    const chain = this.requireChain();
    try {
      return await run(chain);
    } catch (err) {
      this.deps.log.warn({ err, what }, 'chain read failed');
      throw unavailable(WalletText.chainUnavailable);
    }
  }

  /** A signed-in account (guests cannot keep a wallet: SPEC §4). */
  private requireAccount(claims: AuthClaims | null): AuthClaims {
    const signedIn = requireSignedIn(claims);
    if (signedIn.role === 'guest') throw forbidden(WalletText.guest);
    return signedIn;
  }

  async walletConfig(origin: string): Promise<WalletConfig> {
    const { config } = this.deps;
    const chainId = walletChainId(config);
    const chain = this.enabled ? this.deps.chain() : null;
    const table = known(chainId);
    return {
      enabled: this.enabled,
      chain_id: chainId,
      chain_name: chainName(chainId),
      rpc_url:
        config.WALLET === 'remote' && config.CHAIN_RPC_URL
          ? config.CHAIN_RPC_URL
          : `${origin}${WalletApi.rpc.path}`,
      contract_address:
        chain?.contractAddress ??
        (config.WALLET === 'remote' ? (config.CHAIN_CONTRACT_ADDRESS ?? null) : null),
      explorer_url: config.CHAIN_EXPLORER_URL ?? table?.explorer ?? null,
      native_symbol: table?.native ?? 'ETH',
      coin_token_id: COIN_TOKEN_ID,
      coin_decimals: COIN_DECIMALS,
      coin_symbol: COIN_SYMBOL,
      marketplace_url: config.CHAIN_MARKETPLACE_URL ?? null,
      developer_address: chain ? await this.developer(chain) : null,
      audience: await this.audience(),
    };
  }

  /** Who the wallet speaks to: a school (plain words, no native coin) or the public. */
  audience(): Promise<WalletAudience> {
    return this.deps.audience();
  }

  /** The contract owner: known for the local chain, read once from a remote one. */
  private developer(chain: ChainConnection): Promise<Address | null> {
    if (chain.developerAddress) return Promise.resolve(chain.developerAddress);
    this.owner ??= readOwner(chain).catch((err: unknown) => {
      this.deps.log.warn({ err }, 'the contract owner could not be read');
      this.owner = undefined;
      return null;
    });
    // The config must not hang on a slow chain: without the owner within 3 s, it says null.
    return Promise.race([
      this.owner,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000).unref()),
    ]);
  }

  async catalogue() {
    const items = await this.read('catalogue', readChainItems);
    return items.map(toCatalogueEntry);
  }

  /** ERC-1155 metadata from the catalogue (no chain needed); 404 for an unknown id. */
  metadata(id: number): TokenMetadata {
    if (id === COIN_TOKEN_ID) {
      return {
        name: COIN_NAME,
        description: COIN_DESCRIPTION,
        decimals: COIN_DECIMALS,
        properties: { symbol: COIN_SYMBOL },
      };
    }
    const item = CATALOGUE.find((entry) => entry.id === id);
    if (!item) throw notFound();
    return {
      name: item.name,
      description: item.description,
      decimals: 0,
      properties: {
        category: item.category,
        ...(item.unlocksLook ? { unlocks_look: item.unlocksLook } : {}),
      },
    };
  }

  async issueNonce(claims: AuthClaims | null, origin: string) {
    const account = this.requireAccount(claims);
    this.requireEnabled();
    const now = this.now();
    const nonce = generateSiweNonce();
    await this.deps.repo.insertNonce({
      nonce,
      userId: account.sub,
      expiresAt: new Date(now.getTime() + NONCE_TTL_MS),
    });
    // Now and then, forget the nonces of the last hour and before.
    if (Math.random() < 0.05) await this.deps.repo.purgeNonces(new Date(now.getTime() - 3_600_000));
    return {
      nonce,
      domain: new URL(origin).host,
      uri: origin,
      chain_id: walletChainId(this.deps.config),
      statement: WalletText.signInStatement,
    };
  }

  /**
   * Checks a signed EIP-4361 message and links its address to the account. Every check that reads
   * only the message comes first; the nonce is spent only by a message whose signature holds.
   */
  async link(claims: AuthClaims | null, body: SiweVerifyRequest): Promise<WalletLink> {
    const account = this.requireAccount(claims);
    this.requireEnabled();
    const { config, repo } = this.deps;
    const message = parseSiweMessage(body.message);
    if (
      !message.address ||
      !isAddress(message.address, { strict: false }) ||
      message.chainId === undefined ||
      !message.domain ||
      !message.nonce ||
      !message.uri ||
      message.version !== '1' ||
      [message.issuedAt, message.expirationTime, message.notBefore].some(
        (date) => date !== undefined && !isStorableDate(date),
      )
    ) {
      throw badRequest(WalletText.messageInvalid);
    }
    let uri: URL;
    try {
      uri = new URL(message.uri);
    } catch {
      throw badRequest(WalletText.messageInvalid);
    }
    const hosts = config.allowedOrigins.map((origin) => new URL(origin).host);
    if (
      !hosts.includes(message.domain) ||
      !config.allowedOrigins.includes(uri.origin) ||
      uri.host !== message.domain
    ) {
      throw badRequest(WalletText.wrongDomain);
    }
    const chainId = walletChainId(config);
    if (message.chainId !== chainId) throw badRequest(WalletText.wrongChain(chainName(chainId)));
    if (message.statement !== WalletText.signInStatement) {
      throw badRequest(WalletText.messageInvalid);
    }
    const now = this.now();
    if (message.expirationTime && message.expirationTime <= now) {
      throw badRequest(WalletText.nonceInvalid);
    }
    if (message.notBefore && message.notBefore > now) throw badRequest(WalletText.nonceInvalid);
    const address = getAddress(message.address);
    let signer: Address;
    try {
      signer = await recoverMessageAddress({
        message: body.message,
        signature: body.signature as Hex,
      });
    } catch {
      throw badRequest(WalletText.signatureInvalid);
    }
    if (signer !== address) throw badRequest(WalletText.signatureInvalid);

    if (!(await repo.consumeNonce(message.nonce, account.sub, now))) {
      throw badRequest(WalletText.nonceInvalid);
    }
    try {
      const row = await repo.db.transaction(async (tx) => {
        const r = repo.with(tx);
        const mine = await r.findByUser(account.sub);
        if (mine && mine.address !== address.toLowerCase()) {
          throw conflict(WalletText.accountHasAddress);
        }
        const owner = await r.findByAddress(address);
        if (owner && owner.userId !== account.sub) throw conflict(WalletText.addressTaken);
        return r.upsert({
          userId: account.sub,
          address,
          chainId: message.chainId as number,
          signature: body.signature,
          message: body.message,
          issuedAt: message.issuedAt ?? now,
        });
      });
      return walletLinkView(row);
    } catch (err) {
      // Two accounts linking one address at once: the unique index decides.
      if (databaseError(err)?.code === '23505') throw conflict(WalletText.addressTaken);
      throw err;
    }
  }

  async unlink(claims: AuthClaims | null): Promise<void> {
    const account = this.requireAccount(claims);
    await this.deps.repo.delete(account.sub);
  }

  async holdings(claims: AuthClaims | null): Promise<WalletHoldings> {
    const account = this.requireAccount(claims);
    this.requireEnabled();
    const link = await this.deps.repo.findByUser(account.sub);
    if (!link) throw conflict(WalletText.notLinked);
    return this.read('holdings', (chain) => readHoldings(chain, getAddress(link.address)));
  }

  /** SPEC: avatar NFTs unlock looks. [] when not linked, the wallet is off or the chain is down. */
  async ownedAvatarIds(userId: string): Promise<number[]> {
    if (!this.enabled) return [];
    const chain = this.deps.chain();
    if (!chain) return [];
    const link = await this.deps.repo.findByUser(userId);
    if (!link) return [];
    try {
      const holdings = await readHoldings(chain, getAddress(link.address));
      return holdings.avatars.map((avatar) => avatar.id);
    } catch (err) {
      this.deps.log.warn({ err }, 'avatars could not be read from the chain');
      return [];
    }
  }
}

import type { RouteResponse, WalletApi, WalletHoldings } from '@atrium/protocol';
import { coinText } from './coins.ts';
import { useWalletWords } from './useWallet.ts';

/** One entry of `GET /api/wallet/catalogue`. */
export type CatalogueEntry = RouteResponse<typeof WalletApi.catalogue>['data'][number];

export interface CatalogueListProps {
  entries: CatalogueEntry[];
  holdings: WalletHoldings | undefined;
  busy: boolean;
  onGetFree: (entry: CatalogueEntry) => void;
  onMint: (entry: CatalogueEntry) => void;
  onBuy: (entry: CatalogueEntry) => void;
}

const owned = (holdings: WalletHoldings | undefined, id: number) =>
  [...(holdings?.items ?? []), ...(holdings?.avatars ?? [])].some(
    (item) => item.id === id && BigInt(item.amount) > 0n,
  );

/**
 * What the contract offers: Get free for free items (once each), Mint for avatars, Buy for the
 * other items (a school's words: Collect, Get, Buy) with a price (a poster's NFT can also be bought from its popup in the gallery).
 */
export function CatalogueList({
  entries,
  holdings,
  busy,
  onGetFree,
  onMint,
  onBuy,
}: CatalogueListProps) {
  const words = useWalletWords();
  return (
    <section className="wallet-section" aria-label={words.catalogue}>
      <h3 className="wallet-section__title">{words.catalogue}</h3>
      <ul className="wallet-items">
        {entries.map((entry) => {
          const isAvatar = entry.category === 'avatar';
          const taken = entry.free && owned(holdings, entry.id);
          const forSale = !entry.free && !isAvatar && BigInt(entry.price) > 0n;
          return (
            <li key={entry.id} className="wallet-item">
              <div className="wallet-item__main">
                <span className="wallet-item__name">{entry.name}</span>
                <span className="wallet-item__meta">
                  {entry.free ? words.free : words.price(coinText(entry.price))} ·{' '}
                  {entry.description}
                </span>
              </div>
              {entry.free && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={busy || taken}
                  // The name starts with the words it shows (WCAG 2.5.3): Collect, then Collected.
                  aria-label={`${taken ? words.freeTaken : words.getFree}: ${entry.name}`}
                  onClick={() => onGetFree(entry)}
                >
                  {taken ? words.freeTaken : words.getFree}
                </button>
              )}
              {forSale && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={busy}
                  aria-label={`${words.buy} ${entry.name}`}
                  onClick={() => onBuy(entry)}
                >
                  {words.buy}
                </button>
              )}
              {isAvatar && (
                <button
                  type="button"
                  className="button button--primary button--small"
                  disabled={busy}
                  aria-label={`${words.mint} ${entry.name}`}
                  onClick={() => onMint(entry)}
                >
                  {words.mint}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import type { OwnedItem } from '@atrium/protocol';
import { useState } from 'react';
import { coinText } from './coins.ts';
import { useWalletWords } from './useWallet.ts';

export interface ItemListProps {
  title: string;
  items: OwnedItem[];
  empty: string;
  /** Melts one of an item (after the row's own confirmation); absent in read-only lists. */
  onMelt?: (item: OwnedItem) => void;
  busy?: boolean;
}

/** Owned items or avatars, each with its amount, and Melt (a school's Trade in) confirmed in the row. */
export function ItemList({ title, items, empty, onMelt, busy = false }: ItemListProps) {
  const words = useWalletWords();
  const [confirming, setConfirming] = useState<number | null>(null);
  return (
    <section className="wallet-section" aria-label={title}>
      <h3 className="wallet-section__title">{title}</h3>
      {items.length === 0 ? (
        <p className="wallet-empty">{empty}</p>
      ) : (
        <ul className="wallet-items">
          {items.map((item) => {
            const meltable = onMelt && BigInt(item.melt_value || '0') > 0n;
            return (
              <li key={item.id} className="wallet-item">
                <div className="wallet-item__main">
                  <span className="wallet-item__name">{item.name}</span>
                  <span className="wallet-item__meta">
                    #{item.id} · {words.amount(item.amount)}
                    {meltable ? ` · ${words.meltValue(coinText(item.melt_value))}` : ''}
                  </span>
                </div>
                {meltable &&
                  (confirming === item.id ? (
                    <div
                      className="wallet-item__confirm"
                      role="group"
                      aria-label={words.meltTitle(item.name)}
                    >
                      <span>{words.meltBody(item.name, coinText(item.melt_value))}</span>
                      <button
                        type="button"
                        className="button button--danger button--small"
                        disabled={busy}
                        onClick={() => {
                          setConfirming(null);
                          onMelt(item);
                        }}
                      >
                        {words.meltConfirm}
                      </button>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => setConfirming(null)}
                      >
                        {words.cancel}
                      </button>
                    </div>
                  ) : (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={busy}
                      aria-label={`${words.melt} ${item.name}`}
                      onClick={() => setConfirming(item.id)}
                    >
                      {words.melt}
                    </button>
                  ))}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

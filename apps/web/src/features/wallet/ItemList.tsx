import type { OwnedItem } from '@atrium/protocol';
import { useState } from 'react';
import { coinText } from './coins.ts';
import { WalletWebText } from './texts.ts';

export interface ItemListProps {
  title: string;
  items: OwnedItem[];
  empty: string;
  /** Melts one of an item (after the row's own confirmation); absent in read-only lists. */
  onMelt?: (item: OwnedItem) => void;
  busy?: boolean;
}

/** Owned items or avatars, each with its amount, and Melt with a confirmation in the row. */
export function ItemList({ title, items, empty, onMelt, busy = false }: ItemListProps) {
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
                    #{item.id} · {WalletWebText.amount(item.amount)}
                    {meltable ? ` · ${WalletWebText.meltValue(coinText(item.melt_value))}` : ''}
                  </span>
                </div>
                {meltable &&
                  (confirming === item.id ? (
                    <div
                      className="wallet-item__confirm"
                      role="group"
                      aria-label={WalletWebText.meltTitle(item.name)}
                    >
                      <span>{WalletWebText.meltBody(item.name, coinText(item.melt_value))}</span>
                      <button
                        type="button"
                        className="button button--danger button--small"
                        disabled={busy}
                        onClick={() => {
                          setConfirming(null);
                          onMelt(item);
                        }}
                      >
                        {WalletWebText.meltConfirm}
                      </button>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => setConfirming(null)}
                      >
                        {WalletWebText.cancel}
                      </button>
                    </div>
                  ) : (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={busy}
                      aria-label={`${WalletWebText.melt} ${item.name}`}
                      onClick={() => setConfirming(item.id)}
                    >
                      {WalletWebText.melt}
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

import type { WalletConfig, WalletHoldings } from '@atrium/protocol';
import { useState } from 'react';
import { formatAmount, shortAddress } from './format.ts';
import { WalletWebText } from './texts.ts';

/** The linked address (short, with Copy), the network, the coins and (public) the native balance. */
export function WalletSummary({
  config,
  address,
  holdings,
}: {
  config: WalletConfig;
  address: string;
  holdings: WalletHoldings | undefined;
}) {
  const [copied, setCopied] = useState(false);
  const handleCopy = () => {
    void navigator.clipboard
      ?.writeText(address)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };
  return (
    <dl className="wallet-summary">
      <div className="wallet-summary__item wallet-summary__item--address">
        <dt>{WalletWebText.address}</dt>
        <dd>
          <code title={address}>{shortAddress(address)}</code>
          <button type="button" className="wallet-link-button" onClick={handleCopy}>
            {WalletWebText.copy}
          </button>
          <span className="wallet-summary__copied" role="status">
            {copied ? WalletWebText.copied : ''}
          </span>
        </dd>
      </div>
      <div className="wallet-summary__item">
        <dt>{WalletWebText.network}</dt>
        <dd>{config.chain_name}</dd>
      </div>
      {/* A school sees no native balance (issue 27): it only ever drops, by fees. */}
      {config.audience === 'public' && (
        <div className="wallet-summary__item">
          <dt>{WalletWebText.balance}</dt>
          <dd>
            {holdings ? formatAmount(holdings.native_balance) : '…'} {config.native_symbol}
          </dd>
        </div>
      )}
      <div className="wallet-summary__item">
        <dt>{WalletWebText.coins}</dt>
        <dd data-testid="wallet-coins">
          {holdings ? formatAmount(holdings.coin_balance, config.coin_decimals) : '…'}{' '}
          {config.coin_symbol}
        </dd>
      </div>
    </dl>
  );
}

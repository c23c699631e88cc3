import { WalletWebText } from './texts.ts';
import type { TxState } from './useTransaction.ts';

/** The pending, done or failed state of the wallet's last transaction, read out politely. */
export function TxStatus({ state, onDismiss }: { state: TxState; onDismiss?: () => void }) {
  if (state.phase === 'idle') return null;
  const pending = state.phase === 'wallet' || state.phase === 'confirming';
  const explorer = state.phase === 'confirming' || state.phase === 'done' ? state.explorer : null;
  return (
    <div
      className={`wallet-tx wallet-tx--${state.phase}`}
      role={state.phase === 'failed' ? 'alert' : 'status'}
      aria-busy={pending || undefined}
    >
      {pending && <span className="spinner" aria-hidden="true" />}
      <div className="wallet-tx__body">
        <strong className="wallet-tx__label">{state.label}</strong>
        <span>
          {state.phase === 'wallet'
            ? WalletWebText.waitingWallet
            : state.phase === 'confirming'
              ? WalletWebText.confirming
              : state.phase === 'done'
                ? WalletWebText.txDone
                : state.message}
        </span>
        {explorer && (
          <a href={explorer} target="_blank" rel="noopener noreferrer">
            {WalletWebText.viewExplorer}
          </a>
        )}
      </div>
      {!pending && onDismiss && (
        <button type="button" className="wallet-tx__dismiss" onClick={onDismiss}>
          {WalletWebText.dismiss}
        </button>
      )}
    </div>
  );
}

import { GAS_NOTE } from './texts.ts';
import type { TxState } from './useTransaction.ts';
import { useWalletAudience, useWalletWords } from './useWallet.ts';

/**
 * The pending, done or failed state of the wallet's last transaction, read out politely; at a
 * school, while the wallet asks for approval, what the fee it shows is.
 */
export function TxStatus({ state, onDismiss }: { state: TxState; onDismiss?: () => void }) {
  const words = useWalletWords();
  const school = useWalletAudience() === 'school';
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
            ? words.waitingWallet
            : state.phase === 'confirming'
              ? words.confirming
              : state.phase === 'done'
                ? words.txDone
                : state.message}
        </span>
        {school && state.phase === 'wallet' && <span className="wallet-tx__note">{GAS_NOTE}</span>}
        {explorer && (
          <a href={explorer} target="_blank" rel="noopener noreferrer">
            {words.viewExplorer}
          </a>
        )}
      </div>
      {!pending && onDismiss && (
        <button type="button" className="wallet-tx__dismiss" onClick={onDismiss}>
          {words.dismiss}
        </button>
      )}
    </div>
  );
}
